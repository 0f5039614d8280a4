// GET /products filters, sorts, searches and pages in the database, sort keys are looked up
// safely, and the response cache holds known parameters only, within a byte budget.
import { eq } from 'drizzle-orm';
import { products } from '@/server/db/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CatalogueCache } from '@/server/modules/catalogue/cache';
import { ConfigError, loadConfig } from '@/server/config';
import { dbKinds, json, startTestApp, type Json, type TestApp } from '../helpers/test-app';

describe.each(dbKinds)('product list queries on %s', (kind) => {
  let t: TestApp;
  let all: Json[];
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/products${url}` });
  const list = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };

  const titles = async (keyword: string) =>
    ((await list(`?limit=1000&keyword=${encodeURIComponent(keyword)}`)).data as Json[]).map(
      (p) => p.title as string,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    all = (await list('?limit=1000')).data as Json[];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses sort keys that are not columns, Object.prototype names included, with the 400 envelope', async () => {
    for (const sort of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '-__proto__',
      'price,__proto__',
    ]) {
      const res = await get(`?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, sort).toBe(400);
      expect(json(res)).toEqual({
        message: 'fail',
        errors: {
          value: sort,
          msg: expect.stringMatching(/^Cannot sort by (-)?\w+$/),
          param: 'sort',
          location: 'query',
        },
      });
    }
  });

  it('sorts by price up and down, rating, best selling and newest; ties in id order', async () => {
    const check = async (sort: string, value: (p: Json) => number, direction: 1 | -1) => {
      const data = (await list(`?limit=1000&sort=${sort}`)).data as Json[];
      expect(data).toHaveLength(all.length);
      for (let i = 1; i < data.length; i++) {
        const a = value(data[i - 1]!);
        const b = value(data[i]!);
        expect(direction * (b - a), `${sort} at ${i}`).toBeGreaterThanOrEqual(0);
        if (a === b) expect(data[i - 1]!._id < data[i]!._id).toBe(true);
      }
    };
    await check('price', (p) => p.price, 1);
    await check('-price', (p) => p.price, -1);
    await check('-ratingsAverage', (p) => p.ratingsAverage, -1);
    await check('-sold', (p) => p.sold, -1);
    await check('-createdAt', (p) => Date.parse(p.createdAt), -1);
  });

  it('stock bounds are inclusive whole numbers and keep exactly the products a comparison keeps', async () => {
    const some = all[5]!.quantity as number;
    const kept = (keep: (q: number) => boolean) => all.filter((p) => keep(p.quantity as number)).length;
    expect((await list(`?limit=1000&quantity[gte]=${some}`)).results).toBe(kept((q) => q >= some));
    expect((await list(`?limit=1000&quantity[lte]=${some}`)).results).toBe(kept((q) => q <= some));
    expect((await list(`?limit=1000&quantity[gte]=0&quantity[lte]=0`)).results).toBe(kept((q) => q === 0));
    for (const bad of ['quantity[gte]=-1', 'quantity[lte]=1.5', 'quantity[gte]=lots'])
      expect((await t.app.inject({ url: `/api/v1/products?${bad}` })).statusCode, bad).toBe(400);
  });

  it('price bounds are inclusive, work alone, refuse non-numbers and never overflow the column', async () => {
    const price = all[7]!.price as number;
    const exact = await list(`?limit=1000&price[gte]=${price}&price[lte]=${price}`);
    expect(exact.results).toBe(all.filter((p) => p.price === price).length);
    expect(exact.results).toBeGreaterThan(0);
    const from = await list(`?limit=1000&price[gte]=${price}`);
    expect(from.results).toBe(all.filter((p) => p.price >= price).length);
    const to = await list(`?limit=1000&price[lte]=${price}`);
    expect(to.results).toBe(all.filter((p) => p.price <= price).length);
    // Past the integer column's range (what parseInt makes of a long string of digits).
    expect((await list('?price[gte]=0&price[lte]=100000000000000000000')).results).toBe(all.length);
    expect((await list('?price[gte]=100000000000000000000')).results).toBe(0);
    expect((await list('?price[gte]=-5&price[lte]=-1')).results).toBe(0);
    expect((await list('?price[gte]=-100000000000000000000')).results).toBe(all.length);
    expect((await list('?price[lte]=-100000000000000000000')).results).toBe(0);
    // Fractional and strict bounds keep exactly the products a comparison with the real number keeps.
    const count = (keep: (p: number) => boolean) => all.filter((p) => keep(p.price as number)).length;
    for (const [q, keep] of [
      [`price[gte]=${price - 0.5}`, (p: number) => p >= price - 0.5],
      [`price[gte]=${price + 0.5}`, (p: number) => p >= price + 0.5],
      [`price[lte]=${price + 0.5}`, (p: number) => p <= price + 0.5],
      [`price[lte]=${price - 0.5}`, (p: number) => p <= price - 0.5],
      [`price[gt]=${price}`, (p: number) => p > price],
      [`price[lt]=${price}`, (p: number) => p < price],
      [`price[gt]=${price - 0.5}&price[lt]=${price + 0.5}`, (p: number) => p === price],
      [`price[gte]=${price}&price[gt]=${price}`, (p: number) => p > price],
    ] as const) {
      expect((await list(`?limit=1000&${q}`)).results, q).toBe(count(keep));
    }
    for (const q of ['price[lte]=-1e400', 'price[gte]=1e400', 'price[gt]=1e400']) {
      const res = await get(`?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).errors).toMatchObject({ location: 'query' });
    }
    const bad = await get('?price[gte]=abc');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toMatchObject({ param: 'price[gte]', location: 'query', value: 'abc' });
  });

  it('category name contains (case-sensitive) and title contains (case-insensitive), as the shared rule', async () => {
    const fashion = await list('?limit=1000&categoryName=Fashion');
    expect(fashion.results).toBe(all.filter((p) => p.category.name.includes('Fashion')).length);
    const names = new Set((fashion.data as Json[]).map((p) => p.category.name));
    expect(names).toEqual(new Set(["Women's Fashion", "Men's Fashion"]));
    const men = await list(`?limit=1000&categoryName=${encodeURIComponent("Men's Fashion")}`);
    expect(new Set((men.data as Json[]).map((p) => p.category.name))).toEqual(new Set(["Men's Fashion"]));
    expect((await list('?categoryName=fashion')).results).toBe(0);
    const shirts = await list('?limit=1000&title=SHIRT');
    expect(shirts.results).toBe(all.filter((p) => p.title.toLowerCase().includes('shirt')).length);
    expect(shirts.results).toBeGreaterThan(1);
    // Pattern characters are literal.
    expect((await list('?title=%25')).results).toBe(0);
    expect((await list('?title=_')).results).toBe(0);
  });

  it('search ranks title matches before description matches and finds a misspelt title', async () => {
    const body = await list('?limit=1000&keyword=soft');
    const inTitle = (body.data as Json[]).map((p) => /soft/i.test(p.title));
    expect(inTitle).toContain(true);
    expect(inTitle).toContain(false);
    expect(inTitle.indexOf(false)).toBe(inTitle.lastIndexOf(true) + 1);
    const typo = await list('?keyword=gitar');
    expect((typo.data as Json[]).map((p) => p.title)).toEqual(
      expect.arrayContaining(['Acoustic Guitar Spruce Top Full Size', 'Electric Guitar Starter Pack']),
    );
    expect((typo.data as Json[])[0]!.title).toMatch(/Guitar/);
    // Case does not matter; an explicit sort orders within each rank.
    expect((await list('?keyword=GITAR')).results).toBe(typo.results);
    const byPrice = (await list('?keyword=guitar&sort=-price')).data as Json[];
    expect(byPrice[0]!.title).toBe('Electric Guitar Starter Pack');
  });

  it('search: words in any order, each misspelt or not; a word titles hold is never corrected', async () => {
    expect(await titles('guitar electric')).toContain('Electric Guitar Starter Pack');
    expect(await titles('electrik gitar')).toEqual(['Electric Guitar Starter Pack']);
    // "watch" is in titles: no near spelling ("water") is added; every answer holds the word.
    const watch = await titles('watch');
    expect(watch.length).toBeGreaterThan(1);
    const described = ((await list('?limit=1000&keyword=watch')).data as Json[]).every(
      (p) => /watch/i.test(p.title) || /watch/i.test(p.description),
    );
    expect(described).toBe(true);
    // A title word that starts with the search ranks before one that only holds it.
    const lamp = await titles('lamp');
    const starts = lamp.map((t) => /(^|\s)lamp/i.test(t));
    expect(starts.indexOf(false) === -1 || starts.lastIndexOf(true) < starts.indexOf(false)).toBe(true);
  });

  it('search: descriptions match whole words, titles any part of a word', async () => {
    // "shi" is part of "ships", in every seeded description: only titles holding it match ("Fashion", "Shirt").
    const shi = await list('?limit=1000&keyword=shi');
    expect(shi.results).toBe(all.filter((p) => p.title.toLowerCase().includes('shi')).length);
    expect(shi.results).toBeGreaterThan(0);
    // "anywhere" is a whole word of every description ("ships anywhere in Egypt"), in no title.
    expect((await list('?limit=1000&keyword=anywhere')).results).toBe(all.length);
    // Words in the description's order, as a phrase.
    expect((await list('?limit=1000&keyword=anywhere%20in%20egypt')).results).toBe(all.length);
    expect((await list('?limit=1000&keyword=egypt%20anywhere')).results).toBe(0);
  });

  it('search: a page past the last still carries the total; the same total on every page', async () => {
    const first = await list('?keyword=shirt&limit=2');
    expect(first.results).toBeGreaterThan(2);
    const second = await list('?keyword=shirt&limit=2&page=2');
    expect(second.results).toBe(first.results);
    const past = await list(`?keyword=shirt&limit=2&page=${first.metadata.numberOfPages + 1}`);
    expect(past.data).toEqual([]);
    expect(past.results).toBe(first.results);
  });

  it('search: the dictionary follows products written by any means (inserted, renamed)', async () => {
    const db = t.database.db;
    const [source] = await db
      .select()
      .from(products)
      .where(eq(products.title, 'Electric Guitar Starter Pack'));
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    await db.insert(products).values({ ...source!, id, title: 'Zanzibar Clove Teapot', slug: 'zanzibar' });
    t.app.ctx.catalogueCache.invalidate();
    expect(await titles('zanzibr')).toEqual(['Zanzibar Clove Teapot']);
    await db.update(products).set({ title: 'Quokka Clove Teapot' }).where(eq(products.id, id));
    t.app.ctx.catalogueCache.invalidate();
    expect(await titles('qokka')).toEqual(['Quokka Clove Teapot']);
    await db.delete(products).where(eq(products.id, id));
    t.app.ctx.catalogueCache.invalidate();
    // The old word stays in the dictionary; it finds nothing now.
    expect(await titles('zanzibr')).toEqual([]);
  });

  it('pages: metadata, the last page, a page past the last, empty results and the limit cap', async () => {
    const total = all.length;
    const pages = Math.ceil(total / 24);
    const first = await list('?limit=24');
    expect(first.results).toBe(total);
    expect(first.metadata).toEqual({ currentPage: 1, numberOfPages: pages, limit: 24, nextPage: 2 });
    const last = await list(`?limit=24&page=${pages}`);
    expect(last.data).toHaveLength(total - 24 * (pages - 1));
    expect(last.metadata).toEqual({
      currentPage: pages,
      numberOfPages: pages,
      limit: 24,
      prevPage: pages - 1,
    });
    const past = await list(`?limit=24&page=${pages + 1}`);
    expect(past.data).toEqual([]);
    expect(past.results).toBe(total);
    // Every product once across the pages, in the order of the full list.
    const ids: string[] = [];
    for (let page = 1; page <= pages; page++)
      ids.push(...((await list(`?limit=24&page=${page}`)).data as Json[]).map((p) => p._id));
    expect(ids).toEqual(all.map((p) => p._id));
    const none = await list('?keyword=qqqqzzzz');
    expect(none).toEqual({ results: 0, metadata: { currentPage: 1, numberOfPages: 0, limit: 40 }, data: [] });
    for (const limit of ['0', '1001', '-1', 'x']) {
      const res = await get(`?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(json(res).errors).toMatchObject({ param: 'limit', location: 'query' });
    }
  });

  it('the response cache keys on known parameters only; every limit above 100 is one entry', async () => {
    t.app.ctx.catalogueCache.invalidate();
    expect(t.app.ctx.catalogueCache.stats().entries).toBe(0);
    const reference = await get('?limit=5&sort=price&keyword=Guitar');
    for (let i = 0; i < 60; i++) {
      // Junk parameters, another order, another case or padding of the keyword: the same answer.
      const variants = [
        `?limit=5&sort=price&keyword=Guitar&junk${i}=${i}`,
        `?keyword=guitar&sort=price&limit=5&utm_source=${i}`,
        `?keyword=%20GUITAR%20&limit=5&sort=price&_=${Date.now() + i}`,
      ];
      for (const url of variants) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).toBe(reference.headers.etag);
      }
    }
    expect(t.app.ctx.catalogueCache.stats().entries).toBe(1);
    // Pages hold at most 100: every limit above 100 is the limit=100 answer, one entry for all.
    for (let limit = 101; limit <= 400; limit++) expect((await get(`?limit=${limit}`)).statusCode).toBe(200);
    expect(t.app.ctx.catalogueCache.stats().entries).toBe(2);
  });
});

describe('the catalogue cache bounds', () => {
  it('holds at most its byte budget, evicting the least recently used first', () => {
    const cache = new CatalogueCache(30_000, 2_000, 200_000);
    const body = 'x'.repeat(10_000);
    for (let i = 0; i < 100; i++) {
      cache.set(`k${i}`, body + i, cache.currentGeneration());
      if (i > 0) cache.get('k0');
    }
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(200_000);
    expect(entries).toBeLessThan(10);
    expect(cache.get('k0')).toBeDefined();
    expect(cache.get('k99')).toBeDefined();
    expect(cache.get('k50')).toBeUndefined();
  });

  it('counts compressed copies and refuses an entry too large for its budget', () => {
    const cache = new CatalogueCache(30_000, 2_000, 1_000_000);
    const entry = cache.set('a', JSON.stringify({ data: 'y'.repeat(40_000) }), cache.currentGeneration());
    const before = cache.stats().bytes;
    cache.encoded('a', entry, 'gzip');
    expect(cache.stats().bytes).toBeGreaterThan(before);
    cache.set('huge', 'z'.repeat(100_000), cache.currentGeneration());
    expect(cache.get('huge')).toBeUndefined();
  });

  it('sweeps expired entries without a request for them', () => {
    const cache = new CatalogueCache(1_000, 2_000, 1_000_000);
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, 'body', cache.currentGeneration(), 0);
    cache.set('fresh', 'body', cache.currentGeneration(), 900);
    cache.sweep(1_500);
    expect(cache.stats().entries).toBe(1);
    expect(cache.stats().bytes).toBeGreaterThan(0);
    cache.sweep(3_000);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });
});

describe('the catalogue cache under load and orders', () => {
  const later = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };
  const body = (text: string, products?: string[], followsSales?: boolean) =>
    Promise.resolve({ body: text, products, followsSales });

  it('computes a missing answer once however many requests ask for it at the same time', async () => {
    const cache = new CatalogueCache();
    let computed = 0;
    const gate = later<{ body: string }>();
    const answers = Array.from({ length: 20 }, () =>
      cache.answer('products?keyword=phone', () => {
        computed++;
        return gate.promise;
      }),
    );
    gate.resolve({ body: '{"results":1}' });
    const entries = await Promise.all(answers);
    expect(computed).toBe(1);
    expect(new Set(entries.map((e) => e.etag)).size).toBe(1);
    expect(cache.stats().entries).toBe(1);
    // A failure reaches every waiting request and is not kept: the next request computes again.
    const failing = later<{ body: string }>();
    const failed = [0, 1, 2].map(() => cache.answer('product/x', () => failing.promise));
    failing.reject(new Error('No product for this id x'));
    for (const f of failed) await expect(f).rejects.toThrow('No product for this id x');
    await expect(cache.answer('product/x', () => body('{"data":{}}'))).resolves.toMatchObject({
      body: '{"data":{}}',
    });
  });

  it('an order drops exactly the answers showing its products, and those ordered by sales', async () => {
    const cache = new CatalogueCache();
    await cache.answer('products?page=1', () => body('{"list":"a,b"}', ['a', 'b']));
    await cache.answer('products?page=2', () => body('{"list":"c,d"}', ['c', 'd']));
    await cache.answer('products?sort=-sold', () => body('{"list":"d,c"}', ['d', 'c'], true));
    await cache.answer('product/a', () => body('{"quantity":5}', ['a']));
    await cache.answer('categories', () => body('{"categories":1}'));
    cache.productsChanged(['a']);
    expect(cache.get('product/a')).toBeUndefined();
    expect(cache.get('products?page=1')).toBeUndefined();
    expect(cache.get('products?sort=-sold')).toBeUndefined();
    expect(cache.get('products?page=2')?.body).toBe('{"list":"c,d"}');
    expect(cache.get('categories')?.body).toBe('{"categories":1}');
    // Everything else (seed, import) still empties it.
    cache.invalidate();
    expect(cache.stats().entries).toBe(0);
  });

  it('an answer computed from the stock before an order is not kept, and later requests do not wait for it', async () => {
    const cache = new CatalogueCache();
    const slow = later<{ body: string; products: string[] }>();
    const before = cache.answer('product/a', () => slow.promise);
    const unrelated = later<{ body: string; products: string[] }>();
    const other = cache.answer('product/b', () => unrelated.promise);
    cache.productsChanged(['a']);
    // A request after the order computes afresh.
    const fresh = await cache.answer('product/a', () => body('{"quantity":4}', ['a']));
    expect(fresh.body).toBe('{"quantity":4}');
    slow.resolve({ body: '{"quantity":5}', products: ['a'] });
    expect((await before).body).toBe('{"quantity":5}');
    expect(cache.get('product/a')?.body).toBe('{"quantity":4}');
    // A computation that did not read an ordered product is kept.
    unrelated.resolve({ body: '{"quantity":9}', products: ['b'] });
    await other;
    expect(cache.get('product/b')?.body).toBe('{"quantity":9}');
  });
});

describe('CATALOGUE_CACHE_MB', () => {
  it('0 keeps no answer and shares no computation (the growth benchmark measures the database); a bad value stops the start', async () => {
    expect(() => loadConfig({ CATALOGUE_CACHE_MB: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ CATALOGUE_CACHE_MB: 'lots' })).toThrow(/CATALOGUE_CACHE_MB/);
    expect(loadConfig({}).catalogueCacheMB).toBe(16);
    const t = await startTestApp('pglite', { env: { CATALOGUE_CACHE_MB: '0' } });
    try {
      t.app.ctx.catalogueCache.invalidate();
      const answers = vi.spyOn(CatalogueCache.prototype, 'answer');
      // At once, as the benchmark's connections ask: each computes its own answer, none waits for another's.
      const all = await Promise.all(
        [0, 1, 2].map(() => t.app.inject({ method: 'GET', url: '/api/v1/products?limit=5' })),
      );
      for (const res of all) expect(res.statusCode).toBe(200);
      expect(answers.mock.calls.map(([key]) => key)).toEqual([null, null, null]);
      answers.mockRestore();
      expect(t.app.ctx.catalogueCache.stats().entries).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);
});
