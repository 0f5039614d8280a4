import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, json, startTestApp, type TestApp } from '../helpers/test-app';

// Expensive catalogue reads cannot starve cheap ones. A page is at most 100 items, reads the
// response cache cannot answer have a per-address budget (cached answers never spend it), and on PostgreSQL a
// catalogue statement running past CATALOGUE_QUERY_TIMEOUT_MS is cancelled and answered 503.

const cachedList = '/api/v1/products?page=1&limit=24';
let searches = 0;
/** A list nobody asked for before: a new misspelt keyword each time. */
const uncached = () => `/api/v1/products?keyword=gitr${++searches}x&limit=1000`;

describe.each(dbKinds)('catalogue read budget on %s', (kind) => {
  let t: TestApp;
  const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { CATALOGUE_UNCACHED_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('over-budget uncached reads from one address are a 429; another address and cached reads still get 200', async () => {
    expect((await get(cachedList, '10.0.0.100')).statusCode).toBe(200);
    // Cached answers spend nothing: 20 of them, then the address still has its 5 uncached reads.
    for (let i = 0; i < 20; i++) expect((await get(cachedList, '10.0.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get(uncached(), '10.0.0.1')).statusCode).toBe(200);
    const refused = await get(uncached(), '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual({
      statusMsg: 'fail',
      message: expect.stringMatching(/^Too many requests, please try again in \d+ seconds$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The same address still reads what the cache holds, every kind of catalogue answer.
    expect((await get(cachedList, '10.0.0.1')).statusCode).toBe(200);
    // Another address has its own budget.
    expect((await get(uncached(), '10.0.0.2')).statusCode).toBe(200);
    // Refilled at 5 a minute: 12 s later exactly one more uncached read.
    t.advance(12_000);
    expect((await get(uncached(), '10.0.0.1')).statusCode).toBe(200);
    expect((await get(uncached(), '10.0.0.1')).statusCode).toBe(429);
    // Unknown product ids are computed each time: they spend the budget too.
    const unknown = await get('/api/v1/products/0123456789abcdef01234567', '10.0.0.1');
    expect(unknown.statusCode).toBe(429);
  });

  it('a limit above 100 is answered as 100 (metadata says so) from the same cache entry; above 1000 is still a 400', async () => {
    const hundred = await get('/api/v1/products?limit=100', '10.0.0.3');
    const thousand = await get('/api/v1/products?limit=1000', '10.0.0.3');
    expect(thousand.statusCode).toBe(200);
    expect(json(thousand).metadata).toMatchObject({ currentPage: 1, limit: 100 });
    expect(thousand.headers.etag).toBe(hundred.headers.etag);
    for (const list of ['categories', 'brands', 'subcategories']) {
      const res = await get(`/api/v1/${list}?limit=500`, '10.0.0.3');
      expect(json(res).metadata.limit, list).toBe(100);
    }
    // Page 2 of 30 a page reaches the same items as the API pages them.
    const page2 = json(await get('/api/v1/products?limit=30&page=2', '10.0.0.4'));
    expect(page2.metadata).toMatchObject({ currentPage: 2, limit: 30, prevPage: 1 });
    const over = await get('/api/v1/products?limit=1001', '10.0.0.4');
    expect(over.statusCode).toBe(400);
    expect(json(over).errors).toMatchObject({ param: 'limit', msg: 'limit must be at most 1000' });
  });
});

for (const kind of dbKinds.filter((k) => k === 'postgres')) {
  describe(`catalogue statement timeout on ${kind}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { env: { CATALOGUE_QUERY_TIMEOUT_MS: '100' } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a catalogue read past the time limit is cancelled and answered 503 in the contract shape', async () => {
      // Another session holds the products table: the read waits for the lock until statement_timeout ends it.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table products in access exclusive mode`);
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=slow' });
        expect(res.statusCode).toBe(503);
        expect(json(res)).toEqual({
          statusMsg: 'error',
          message:
            'The catalogue took too long to answer this request. Please try again in a moment, or narrow the search',
        });
      });
      // Once the lock is gone the same read answers.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=slow' })).statusCode).toBe(
        200,
      );
    }, 20_000);
  });
}
