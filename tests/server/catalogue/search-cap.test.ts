// A keyword search counts at most searchResultsCap matches (issue 30, item 4): past it the answer says
// `results: 5000` and `resultsCapped: true`, its pages end at the cap, and the first pages are still the best
// matches in order. Below the cap (and for staff) the count is exact, filters included.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultsCap } from '@/lib/contract/catalogue';
import { products } from '@/server/db/schema';
import { productPage, readWithTimeout } from '@/server/modules/catalogue/repository';
import { staffMember } from '../helpers/staff';
import { dbKinds, json, startTestApp, type Json, type Shopper, type TestApp } from '../helpers/test-app';

const copiesCount = searchResultsCap + 40;

describe.each(dbKinds)('search count cap on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  /** The copies' ids, newest first (then by id): the order a search whose titles all start with its word shows. */
  let newestFirst: string[];
  let cheap: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await staffMember(t.app, t.database, 'staff');
    const [source] = await t.database.db.select().from(products).orderBy(products.id).limit(1);
    const copies = Array.from({ length: copiesCount }, (_, i) => {
      const n = i + 1;
      const { descriptionWords: _d, titleArSearch: _ta, descriptionArWords: _da, ...row } = source!;
      return {
        ...row,
        id: (0xc000000 + n).toString(16).padStart(24, 'c'),
        title: `Zephyrine lamp ${n}`,
        slug: `zephyrine-lamp-${n}`,
        handle: null,
        price: 10 + (n % 500),
        createdAt: new Date(Date.UTC(2026, 0, 1) + (n % 700) * 60_000),
      };
    });
    for (let i = 0; i < copies.length; i += 500)
      await t.database.db.insert(products).values(copies.slice(i, i + 500));
    newestFirst = copies
      .slice()
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((c) => c.id);
    cheap = copies.filter((c) => c.price >= 10 && c.price <= 20).length;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (query: string, token?: string) => {
    const res = await t.app.inject({
      url: `/api/v1/products?${query}`,
      headers: token ? { token } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  const ids = (answer: Json) => (answer.data as Json[]).map((p) => p._id as string);

  it('past the cap: results is the cap, resultsCapped says so, and the pages it fills are listed', async () => {
    const answer = await get('keyword=zephyrine&limit=40');
    expect(answer.results).toBe(5000);
    expect(answer.resultsCapped).toBe(true);
    expect(answer.metadata).toEqual({ currentPage: 1, numberOfPages: 125, limit: 40, nextPage: 2 });
    // The contract's keys first, in their order; the flag after them.
    expect(Object.keys(answer)).toEqual(['results', 'metadata', 'data', 'resultsCapped']);
    // The best matches in order: every title starts with the word, so newest first.
    expect(ids(answer)).toEqual(newestFirst.slice(0, 40));
    const second = await get('keyword=zephyrine&limit=40&page=2');
    expect(ids(second)).toEqual(newestFirst.slice(40, 80));
  });

  it('the pages end at the cap: the last one is full, the one after it empty', async () => {
    const last = await get('keyword=zephyrine&limit=40&page=125');
    expect(last.metadata).toEqual({ currentPage: 125, numberOfPages: 125, limit: 40, prevPage: 124 });
    expect(ids(last)).toEqual(newestFirst.slice(4960, 5000));
    const past = await get('keyword=zephyrine&limit=40&page=126');
    expect(past.data).toEqual([]);
    expect(past.results).toBe(5000);
    expect(past.resultsCapped).toBe(true);
  });

  it('below the cap the count is exact and has no flag, a filter included', async () => {
    const filtered = await get('keyword=zephyrine&price[gte]=10&price[lte]=20&limit=24');
    expect(filtered.results).toBe(cheap);
    expect(filtered).not.toHaveProperty('resultsCapped');
    expect(filtered.metadata.numberOfPages).toBe(Math.ceil(cheap / 24));
    const seeded = await get('keyword=men&limit=24');
    const staffCount = await get('keyword=men&limit=24', staff.token);
    expect(seeded.results).toBeGreaterThan(0);
    expect(seeded.results).toBe(staffCount.results);
    expect(seeded).not.toHaveProperty('resultsCapped');
  });

  it('staff see every match counted', async () => {
    const answer = await get('keyword=zephyrine&limit=40', staff.token);
    expect(answer.results).toBe(copiesCount);
    expect(answer).not.toHaveProperty('resultsCapped');
  });

  it.each([
    ['past the cap', 'zephyrine', true],
    ['under it, a misspelt word', 'gitar', false],
  ] as const)(
    '%s, the matches are read through the indexes, never by scanning the table, even where a scan looks cheapest',
    async (_, keyword, capped) => {
      await readWithTimeout(t.database.db, 60_000, async (tx) => {
        // The planner told that reading the table costs nothing, as it believes of a table it thinks small or of
        // matches it thinks common (decision 0021): without the search's own setting it scans the table.
        await tx.execute(sql`select set_config('seq_page_cost', '0', true)`);
        const page = await productPage(
          tx,
          { keyword, status: 'active' },
          undefined,
          { limit: 40, offset: 0 },
          'en',
          searchResultsCap,
        );
        expect(page.capped).toBe(capped);
        if (capped) expect(page.total).toBe(searchResultsCap);
        expect(page.rows.length).toBeGreaterThan(0);
        expect(page.rows.every((r) => /zephyrine|guitar/i.test(r.product.title))).toBe(true);
        // This transaction's own scans of the products table (PostgreSQL's statistics of the current transaction).
        const [scans] = await tx
          .select({ n: sql<number>`seq_scan`.mapWith(Number) })
          .from(sql`pg_stat_xact_user_tables`)
          .where(sql`relname = 'products'`);
        expect(scans?.n).toBe(0);
      });
    },
  );

  it('a list without a keyword is counted in full', async () => {
    const answer = await get('limit=1');
    expect(answer.results).toBeGreaterThan(searchResultsCap);
    expect(answer).not.toHaveProperty('resultsCapped');
  });

  it.each([
    ['shirt', undefined],
    ['men', undefined],
    ['gitar', undefined],
    ['shirt', ['price']],
    ['men', ['-ratingsAverage']],
  ] as const)(
    'a capped "%s" (sort %s) pages through the same ranking as the full count',
    async (keyword, keys) => {
      const sort = keys ? { keys: [...keys] } : undefined;
      const filter = { keyword, status: 'active' as const };
      // As the list route runs it: in a read's transaction (a misspelt word's similarity threshold is set for it).
      const productPageRead = (
        ...args: Parameters<typeof productPage> extends [unknown, ...infer R] ? R : never
      ) => readWithTimeout(t.database.db, 60_000, (tx) => productPage(tx, ...args));
      const full = await productPageRead(filter, sort, { limit: 1000, offset: 0 }, 'en');
      expect(full.capped).toBe(false);
      expect(full.total).toBeGreaterThanOrEqual(2);
      const cap = full.total - 1;
      // Every position under the cap, one row a page, and two pages that run into the cap.
      for (let offset = 0; offset < cap; offset++) {
        const part = await productPageRead(filter, sort, { limit: 1, offset }, 'en', cap);
        expect(part).toMatchObject({ capped: true, total: cap });
        expect(part.rows.map((r) => r.product.id)).toEqual([full.rows[offset]!.product.id]);
      }
      const atTheEnd = await productPageRead(
        filter,
        sort,
        { limit: 5, offset: Math.max(0, cap - 1) },
        'en',
        cap,
      );
      expect(atTheEnd.rows.map((r) => r.product.id)).toEqual(
        full.rows.slice(Math.max(0, cap - 1), cap).map((r) => r.product.id),
      );
      const whole = await productPageRead(filter, sort, { limit: 100, offset: 0 }, 'en', cap);
      expect(whole.rows.map((r) => r.product.id)).toEqual(full.rows.slice(0, cap).map((r) => r.product.id));
    },
  );
});
