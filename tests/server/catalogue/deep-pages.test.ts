// Pages far down a long list (a staff member jumping to page 50 of the back office's product list) are found by
// their ids first, from an index, then read by key: the same products, in the same order, as the shallow path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema';
import { staffMember } from '../helpers/staff';
import { dbKinds, json, startTestApp, type Json, type Shopper, type TestApp } from '../helpers/test-app';

describe.each(dbKinds)('deep pages on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await staffMember(t.app, t.database, 'staff');
    // 1,200 more products, copies of a seeded one with their own ids, titles, stock, prices and times.
    const [source] = await t.database.db.select().from(products).orderBy(products.id).limit(1);
    const copies = Array.from({ length: 1200 }, (_, i) => {
      const n = i + 1;
      // Generated columns are the database's to fill.
      const { descriptionWords: _d, titleArSearch: _ta, descriptionArWords: _da, ...row } = source!;
      return {
        ...row,
        id: (0xf000000 + n).toString(16).padStart(24, 'f'),
        title: `Deep copy ${n}`,
        slug: `deep-copy-${n}`,
        quantity: n % 9,
        price: 10 + (n % 500),
        status: n % 13 === 0 ? ('archived' as const) : ('active' as const),
        createdAt: new Date(Date.UTC(2026, 0, 1) + (n % 400) * 3_600_000),
      };
    });
    for (let i = 0; i < copies.length; i += 200)
      await t.database.db.insert(products).values(copies.slice(i, i + 200));
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (query: string) => {
    const res = await t.app.inject({ url: `/api/v1/products?${query}`, headers: { token: staff.token } });
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };

  it.each([
    ['newest first', 'sort=-createdAt&status=active'],
    ['by price, every status', 'sort=price&status=all'],
    ['low stock', 'sort=-createdAt&quantity[lte]=7&status=all'],
  ])('%s: a page past 1,000 rows holds what the whole list holds there', async (_name, query) => {
    const whole: string[] = [];
    for (let p = 1; ; p++) {
      const answer = await page(`${query}&limit=100&page=${p}`);
      whole.push(...(answer.data as Json[]).map((x) => x._id as string));
      if (answer.data.length < 100) break;
    }
    expect(whole.length).toBeGreaterThan(1_050);
    // limit 25, page 41: 1,000 rows skipped, the deep path.
    const deep = await page(`${query}&limit=25&page=41`);
    expect(deep.results).toBe(whole.length);
    expect((deep.data as Json[]).map((x) => x._id)).toEqual(whole.slice(1000, 1025));
    expect(deep.data[0]).toHaveProperty('title');
  });
});
