import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dbKinds,
  json,
  signUp,
  someProducts,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

describe.each(dbKinds)('wishlist and addresses on %s', (kind) => {
  let t: TestApp;
  let catalogue: Json[];
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Shopper, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { token: who.token } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(kind);
    catalogue = await someProducts(t.app, 3);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds, lists (full products), removes; adding twice keeps one', async () => {
    const s = await signUp(t.app);
    const [a, b] = catalogue as [Json, Json];
    const added = json(await call('POST', '/api/v1/wishlist', s, { productId: a._id }));
    expect(added).toEqual({
      status: 'success',
      message: 'Product added successfully to your wishlist',
      data: [a._id],
    });
    await call('POST', '/api/v1/wishlist', s, { productId: b._id });
    expect(json(await call('POST', '/api/v1/wishlist', s, { productId: a._id })).data).toEqual([
      a._id,
      b._id,
    ]);
    const list = json(await call('GET', '/api/v1/wishlist', s));
    expect(list.status).toBe('success');
    expect(list.count).toBe(2);
    expect(list.data.map((p: Json) => p.title)).toEqual([a.title, b.title]);
    expect(list.data[0]).toHaveProperty('price', a.price);
    const removed = json(await call('DELETE', `/api/v1/wishlist/${a._id}`, s));
    expect(removed).toEqual({
      status: 'success',
      message: 'Product removed successfully to your wishlist',
      data: [b._id],
    });
    expect(
      (await call('POST', '/api/v1/wishlist', s, { productId: '0123456789abcdef01234567' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/v1/wishlist')).statusCode).toBe(401);
    const other = await signUp(t.app);
    expect(json(await call('GET', '/api/v1/wishlist', other)).count).toBe(0);
  });

  it('adds, lists and removes addresses; validates; keeps them per user', async () => {
    const s = await signUp(t.app);
    const home = { name: 'Home', details: '3 Talaat Harb', phone: '01012345678', city: 'Cairo' };
    const added = json(await call('POST', '/api/v1/addresses', s, home));
    expect(added).toMatchObject({
      status: 'success',
      message: 'Address added successfully to your addresses',
      results: 1,
    });
    expect(added.data[0]).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...home });
    const list = json(await call('GET', '/api/v1/addresses', s));
    expect(list).toEqual({ status: 'success', results: 1, data: added.data });
    const bad = await call('POST', '/api/v1/addresses', s, { ...home, city: '' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toMatchObject({ param: 'city', msg: 'city is required' });
    const other = await signUp(t.app);
    expect((await call('DELETE', `/api/v1/addresses/${added.data[0]._id}`, other)).statusCode).toBe(404);
    const removed = json(await call('DELETE', `/api/v1/addresses/${added.data[0]._id}`, s));
    expect(removed).toMatchObject({ status: 'success', results: 0, data: [] });
  });
});
