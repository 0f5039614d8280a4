import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { dbKinds, json, signUp, startTestApp, type Json, type TestApp } from '../helpers/test-app';

const productKeys = [
  'sold',
  'images',
  'subcategory',
  'ratingsQuantity',
  '_id',
  'title',
  'slug',
  'description',
  'quantity',
  'price',
  'imageCover',
  'category',
  'brand',
  'ratingsAverage',
  'createdAt',
  'updatedAt',
  'id',
];

describe.each(dbKinds)('catalogue on %s', (kind) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists products with the contract envelope, 40 per page by default, keys in the contract order', async () => {
    const res = await get('/api/v1/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = json(res);
    expect(body.results).toBeGreaterThanOrEqual(56);
    expect(body.metadata).toEqual({
      currentPage: 1,
      numberOfPages: Math.ceil(body.results / 40),
      limit: 40,
      nextPage: 2,
    });
    expect(body.data).toHaveLength(40);
    const p = body.data[0] as Json;
    expect(Object.keys(p).filter((k) => k !== 'priceAfterDiscount')).toEqual(productKeys);
    expect(p._id).toMatch(/^[0-9a-f]{24}$/);
    expect(p.id).toBe(p._id);
    expect(p.imageCover).toMatch(/^http:\/\/shop\.test\/images\/products\/.+\.webp$/);
    expect(p.images.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(p.category)).toEqual(['_id', 'name', 'slug', 'image']);
    expect(Object.keys(p.brand)).toEqual(['_id', 'name', 'slug', 'image']);
    expect(p.subcategory[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      slug: expect.any(String),
      category: p.category._id,
    });
    expect(p.title.split(' ').length).toBeGreaterThanOrEqual(3);
  });

  it('pages: prevPage on page 2, no nextPage on the last page', async () => {
    const body = json(await get('/api/v1/products?page=2&limit=40'));
    expect(body.metadata.currentPage).toBe(2);
    expect(body.metadata.prevPage).toBe(1);
    expect(body.metadata.nextPage).toBeUndefined();
    expect(body.data.length).toBe(body.results - 40);
  });

  it('filters by category, category[in], brand, price range and keyword', async () => {
    const cats = json(await get('/api/v1/categories')).data as Json[];
    const women = cats.find((c) => c.name === "Women's Fashion")!;
    const men = cats.find((c) => c.name === "Men's Fashion")!;
    const byCat = json(await get(`/api/v1/products?category=${women._id}`));
    expect(byCat.results).toBeGreaterThan(0);
    expect(byCat.data.every((p: Json) => p.category.name === "Women's Fashion")).toBe(true);

    const both = json(
      await get(`/api/v1/products?category[in]=${women._id}&category[in]=${men._id}&limit=100`),
    );
    expect(both.results).toBe(
      byCat.results + json(await get(`/api/v1/products?category=${men._id}`)).results,
    );

    const brandId = byCat.data[0].brand._id as string;
    const byBrand = json(await get(`/api/v1/products?brand=${brandId}`));
    expect(byBrand.data.every((p: Json) => p.brand._id === brandId)).toBe(true);

    const priced = json(await get('/api/v1/products?price[gte]=500&price[lte]=1000&limit=100'));
    expect(priced.results).toBeGreaterThan(0);
    expect(priced.data.every((p: Json) => p.price >= 500 && p.price <= 1000)).toBe(true);

    const kw = json(await get('/api/v1/products?keyword=LAPTOP'));
    expect(kw.results).toBeGreaterThan(0);
    expect(kw.data.every((p: Json) => /laptop/i.test(p.title + p.description))).toBe(true);
    // LIKE wildcards in the keyword are literal.
    expect(json(await get('/api/v1/products?keyword=%25')).results).toBe(0);
  });

  it('sorts and projects fields', async () => {
    const asc = json(await get('/api/v1/products?sort=price&limit=100')).data as Json[];
    expect(asc.map((p) => p.price)).toEqual([...asc.map((p) => p.price)].sort((a, b) => a - b));
    const desc = json(await get('/api/v1/products?sort=-ratingsAverage&limit=100')).data as Json[];
    expect(desc[0]!.ratingsAverage).toBe(Math.max(...desc.map((p) => p.ratingsAverage)));
    const projected = json(await get('/api/v1/products?fields=title,price&limit=2')).data as Json[];
    expect(Object.keys(projected[0]!).sort()).toEqual(['_id', 'id', 'price', 'title']);
  });

  it('refuses query injection and bad parameters with the validation envelope', async () => {
    const inj = await get('/api/v1/products?price[$gt]=0');
    expect(inj.statusCode).toBe(400);
    expect(json(inj)).toEqual({
      message: 'fail',
      errors: {
        value: '0',
        msg: 'Unsupported query parameter price[$gt]',
        param: 'price[$gt]',
        location: 'query',
      },
    });
    const op = await get('/api/v1/products?title[regex]=a');
    expect(op.statusCode).toBe(400);
    expect(json(op).errors.param).toBe('title[regex]');
    const page = await get('/api/v1/products?page=abc');
    expect(page.statusCode).toBe(400);
    expect(json(page).errors).toMatchObject({ param: 'page', location: 'query', value: 'abc' });
    const sort = await get('/api/v1/products?sort=password');
    expect(json(sort).errors).toMatchObject({ param: 'sort', msg: 'Cannot sort by password' });
    const brand = await get('/api/v1/products?brand=not-an-id');
    expect(brand.statusCode).toBe(400);
    expect(json(brand).errors).toMatchObject({ param: 'brand', location: 'query' });
  });

  it('shows one product with __v and reviews; 404 for unknown or malformed ids', async () => {
    const list = json(await get('/api/v1/products?limit=100')).data as Json[];
    const reviewed = await Promise.all(
      list.map(async (p) => json(await get(`/api/v1/products/${p._id}`)).data as Json),
    );
    const withReviews = reviewed.find((p) => p.reviews.length > 0)!;
    expect(withReviews.__v).toBe(0);
    expect(withReviews).not.toHaveProperty('status');
    expect(Object.keys(withReviews.reviews[0])).toEqual([
      '_id',
      'review',
      'rating',
      'product',
      'user',
      'createdAt',
      'updatedAt',
    ]);
    expect(withReviews.reviews[0].user).toEqual({ _id: expect.any(String), name: expect.any(String) });

    const unknown = await get('/api/v1/products/0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({
      statusMsg: 'fail',
      message: 'No product for this id 0123456789abcdef01234567',
    });
    const malformed = await get('/api/v1/products/xyz');
    expect(json(malformed)).toEqual({ statusMsg: 'fail', message: 'No product for this id xyz' });
  });

  it('lists categories (10+, the three named ones), brands (20+, one without products) and subcategories', async () => {
    const cats = json(await get('/api/v1/categories'));
    expect(cats.results).toBeGreaterThanOrEqual(10);
    const names = (cats.data as Json[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["Women's Fashion", "Men's Fashion", 'Electronics']));
    expect(Object.keys(cats.data[0])).toEqual(['_id', 'name', 'slug', 'image', 'createdAt', 'updatedAt']);

    const brands = json(await get('/api/v1/brands'));
    expect(brands.results).toBeGreaterThanOrEqual(20);
    expect(brands.metadata).toMatchObject({ currentPage: 1, limit: 40 });
    const counts = await Promise.all(
      (brands.data as Json[]).map(
        async (b) => json(await get(`/api/v1/products?brand=${b._id}`)).results as number,
      ),
    );
    expect(counts.filter((n) => n === 0)).toHaveLength(1);

    const subs = json(await get('/api/v1/subcategories'));
    expect(subs.results).toBeGreaterThan(10);
    expect(Object.keys(subs.data[0])).toEqual(['_id', 'name', 'slug', 'category', 'createdAt', 'updatedAt']);
  });

  it('shows one category, one brand, one subcategory and a category’s subcategories; 404 otherwise', async () => {
    const cat = (json(await get('/api/v1/categories')).data as Json[]).find((c) => c.name === 'Electronics')!;
    const one = json(await get(`/api/v1/categories/${cat._id}`));
    expect(one.data).toMatchObject({ _id: cat._id, name: 'Electronics', slug: 'electronics' });
    const subs = json(await get(`/api/v1/categories/${cat._id}/subcategories`));
    expect(subs.results).toBeGreaterThan(0);
    expect((subs.data as Json[]).every((s) => s.category === cat._id)).toBe(true);
    const sub = json(await get(`/api/v1/subcategories/${subs.data[0]._id}`));
    expect(sub.data.name).toBe(subs.data[0].name);
    const brand = (json(await get('/api/v1/brands')).data as Json[])[0]!;
    expect(json(await get(`/api/v1/brands/${brand._id}`)).data.name).toBe(brand.name);

    expect(json(await get('/api/v1/categories/0123456789abcdef01234567'))).toEqual({
      statusMsg: 'fail',
      message: 'No category for this id 0123456789abcdef01234567',
    });
    expect((await get('/api/v1/brands/nope')).statusCode).toBe(404);
    expect(json(await get('/api/v1/brands/nope')).message).toBe('No brand for this id nope');
    expect((await get('/api/v1/categories/0123456789abcdef01234567/subcategories')).statusCode).toBe(404);
  });

  it('answers 304 to a matching If-None-Match, and a changed ETag once an order changes stock', async () => {
    const first = await get('/api/v1/products?limit=5&sort=price');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/v1/products?limit=5&sort=price', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const product = (json(first).data as Json[])[0]!;
    const shopper = await signUp(t.app);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { token: shopper.token },
      payload: { productId: product._id },
    });
    const cartId = json(add).cartId as string;
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cartId}`,
      headers: { token: shopper.token },
      payload: { shippingAddress: { details: 'x', phone: '01012345678', city: 'Cairo' } },
    });
    expect(order.statusCode).toBe(201);
    const after = await get('/api/v1/products?limit=5&sort=price', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    const fresh = (json(after).data as Json[]).find((p) => p._id === product._id)!;
    expect(fresh.quantity).toBe(product.quantity - 1);
    expect(fresh.sold).toBe(product.sold + 1);
  });

  it('serves product pictures as WebP with a year of caching, resized with ?w=', async () => {
    const p = (json(await get('/api/v1/products?limit=1')).data as Json[])[0]!;
    const path = new URL(p.imageCover as string).pathname;
    const full = await get(path);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeGreaterThanOrEqual(600);
    const small = await get(`${path}?w=160`);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(160);
    const bad = await get(`${path}?w=123`);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toMatchObject({ param: 'w', location: 'query' });
    expect((await get('/images/products/nothing-1-0.webp')).statusCode).toBe(404);
    expect((await get('/images/../../etc/passwd')).statusCode).toBe(404);
    const brandPic = await get(
      new URL((json(await get('/api/v1/brands')).data as Json[])[0]!.image as string).pathname,
    );
    expect(brandPic.headers['content-type']).toBe('image/webp');
  });
});
