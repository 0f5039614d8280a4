// A stand-in for GET /products that pages and filters as the API does (tests/server checks the API
// itself): keyword (title, then description), title, categoryName, price bounds, brand, category, sort.
import type { Product } from '@/lib/contract/catalogue';
import type { ListEnvelope } from '@/lib/contract/common';
import { reply, type Answer, type Call } from './shell-helpers';

export function productsAnswer(products: readonly Product[], call: Call): Answer {
  const q = new URL(call.path, 'http://shop.test').searchParams;
  const page = Number(q.get('page') ?? 1);
  const limit = Number(q.get('limit') ?? 40);
  const keyword = q.get('keyword')?.trim().toLowerCase();
  const title = q.get('title')?.trim().toLowerCase();
  const categoryName = q.get('categoryName');
  const gte = q.get('price[gte]');
  const lte = q.get('price[lte]');
  let found = products.filter(
    (p) =>
      (!keyword || `${p.title} ${p.description}`.toLowerCase().includes(keyword)) &&
      (!title || p.title.toLowerCase().includes(title)) &&
      (categoryName === null || p.category.name.includes(categoryName)) &&
      (gte === null || p.price >= Number(gte)) &&
      (lte === null || p.price <= Number(lte)) &&
      (!q.get('brand') || p.brand._id === q.get('brand')) &&
      (!q.get('category') || p.category._id === q.get('category')),
  );
  if (keyword) {
    const inTitle = (p: Product) => (p.title.toLowerCase().includes(keyword) ? 0 : 1);
    found = [...found].sort((a, b) => inTitle(a) - inTitle(b));
  }
  const sort = q.get('sort');
  if (sort === 'price') found = [...found].sort((a, b) => a.price - b.price);
  if (sort === '-price') found = [...found].sort((a, b) => b.price - a.price);
  const numberOfPages = Math.ceil(found.length / limit);
  const body: ListEnvelope<Product> = {
    results: found.length,
    metadata: {
      currentPage: page,
      numberOfPages,
      limit,
      ...(page < numberOfPages ? { nextPage: page + 1 } : {}),
      ...(page > 1 ? { prevPage: page - 1 } : {}),
    },
    data: found.slice((page - 1) * limit, page * limit),
  };
  return reply(200, body);
}
