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
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Shopper, payload?: object) =>
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
    expect(added.data[0]).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...home, default: false });
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

  it('a default address (issue 31): one per account, set by its owner only, gone with its address', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    const home = { name: 'Home', details: '3 Talaat Harb', phone: '01012345678', city: 'Cairo' };
    const work = { name: 'Work', details: '12 Tahrir St, flat 4', phone: '01112345678', city: 'Giza' };
    await call('POST', '/api/v1/addresses', s, home);
    const both = json(await call('POST', '/api/v1/addresses', s, work)).data as Json[];
    const [homeId, workId] = both.map((a) => a._id as string) as [string, string];
    const theirs = json(await call('POST', '/api/v1/addresses', other, home)).data[0]._id as string;
    const defaults = async (who: Shopper) =>
      (json(await call('GET', '/api/v1/addresses', who)).data as Json[]).map((a) => [a.name, a.default]);
    expect(await defaults(s)).toEqual([
      ['Home', false],
      ['Work', false],
    ]);

    const set = json(await call('PUT', `/api/v1/addresses/${workId}/default`, s));
    expect(set).toMatchObject({ status: 'success', message: 'Default address set', results: 2 });
    expect(set.data.map((a: Json) => a.default)).toEqual([false, true]);
    await call('PUT', `/api/v1/addresses/${homeId}/default`, s);
    expect(await defaults(s)).toEqual([
      ['Home', true],
      ['Work', false],
    ]);

    // Another account's address, an unknown id, no token: refused, and nothing changes for anyone.
    const refused = await call('PUT', `/api/v1/addresses/${theirs}/default`, s);
    expect(refused.statusCode).toBe(404);
    expect(json(refused)).toEqual({ statusMsg: 'fail', message: `No address for this id ${theirs}` });
    expect((await call('PUT', `/api/v1/addresses/${homeId}/default`, other)).statusCode).toBe(404);
    expect((await call('PUT', '/api/v1/addresses/0123456789abcdef01234567/default', s)).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/addresses/${homeId}/default`)).statusCode).toBe(401);
    expect(await defaults(s)).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
    expect(await defaults(other)).toEqual([['Home', false]]);

    // Two tabs choosing at once: one of them wins, never two defaults.
    await Promise.all([
      call('PUT', `/api/v1/addresses/${workId}/default`, s),
      call('PUT', `/api/v1/addresses/${homeId}/default`, s),
    ]);
    expect((await defaults(s)).filter(([, d]) => d)).toHaveLength(1);

    // The default removed: no default is left (none is picked for the shopper).
    const current = (json(await call('GET', '/api/v1/addresses', s)).data as Json[]).find((a) => a.default)!;
    const left = json(await call('DELETE', `/api/v1/addresses/${current._id}`, s)).data as Json[];
    expect(left.map((a) => a.default)).toEqual([false]);
  });
});
