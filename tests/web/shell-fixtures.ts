// Wire-format catalogue data (api-contract "Catalogue") for the shell and catalogue tests.
import type { CartEnvelope, CartLine } from '@/lib/contract/cart';
import type { Brand, Category, Product } from '@/lib/contract/catalogue';
import type { ListEnvelope } from '@/lib/contract/common';

const stamps = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };

export const women: Category = {
  _id: 'cat-women',
  name: "Women's Fashion",
  slug: 'womens-fashion',
  image: 'https://img.test/women.jpg',
  ...stamps,
};
export const men: Category = {
  _id: 'cat-men',
  name: "Men's Fashion",
  slug: 'mens-fashion',
  image: 'https://img.test/men.jpg',
  ...stamps,
};
export const electronics: Category = {
  _id: 'cat-elec',
  name: 'Electronics',
  slug: 'electronics',
  image: 'https://img.test/elec.jpg',
  ...stamps,
};
export const defacto: Brand = {
  _id: 'brand-defacto',
  name: 'DeFacto',
  slug: 'defacto',
  image: 'https://img.test/defacto.png',
  ...stamps,
};
export const canon: Brand = {
  _id: 'brand-canon',
  name: 'Canon',
  slug: 'canon',
  image: 'https://img.test/canon.png',
  ...stamps,
};

let serial = 0;
export function product(
  title: string,
  price: number,
  category: Category,
  brand: Brand,
  rating = 4.5,
): Product {
  serial += 1;
  const id = `p${String(serial).padStart(3, '0')}`;
  return {
    _id: id,
    id,
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    description: `${title}: a fine product.`,
    quantity: 50,
    sold: 3,
    price,
    imageCover: `https://img.test/${id}-cover.jpg`,
    images: [`https://img.test/${id}-1.jpg`, `https://img.test/${id}-2.jpg`, `https://img.test/${id}-3.jpg`],
    category,
    brand,
    ratingsAverage: rating,
    ratingsQuantity: 10,
    subcategory: [],
    ...stamps,
  };
}

export const shawl = product('Woman Shawl Soft Wool', 149, women, defacto, 4.8);
export const shirt = product('Men Classic Shirt', 399, men, defacto, 4.2);
export const camera = product('Canon EOS 2000D DSLR Camera', 19699, electronics, canon, 4.9);
export const allProducts = [shawl, shirt, camera];

export function list<T>(data: T[], page = 1, numberOfPages = 1): ListEnvelope<T> {
  return { results: data.length, metadata: { currentPage: page, numberOfPages, limit: 40 }, data };
}

export const userId = '6650a1b2c3d4e5f6a7b8c9d0';
export const cartId = 'cart-1';

/** A token whose payload carries the user id, as our server's tokens do (jwt-decode reads it). */
export function tokenFor(id: string): string {
  const b64 = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id, name: 'Mona', role: 'user' })}.signature`;
}

export function cartLine(p: Product, count: number): CartLine {
  return {
    _id: `line-${p._id}`,
    count,
    price: p.price,
    product: {
      _id: p._id,
      id: p._id,
      title: p.title,
      imageCover: p.imageCover,
      quantity: p.quantity,
      category: p.category,
      brand: p.brand,
      ratingsAverage: p.ratingsAverage,
      subcategory: [],
    },
  };
}

export function cart(lines: CartLine[]): CartEnvelope {
  return {
    status: 'success',
    numOfCartItems: lines.length,
    cartId,
    data: {
      _id: cartId,
      cartOwner: userId,
      products: lines,
      totalCartPrice: lines.reduce((s, l) => s + l.count * l.price, 0),
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
      __v: 0,
    },
  };
}
