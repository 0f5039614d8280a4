// The storefront's product list counts its products from the counts the database keeps (product_status_counts,
// migration 0020), not by counting every active product's index entry on each page. The counts follow every
// statement that adds, removes or changes products (a batch, a status change, a delete, staff archiving through the
// API), never a rolled-back one, also when several connections change products at once; an update that changes no
// status (an order taking stock) writes nothing there.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productStatusCounts } from '@/server/db/schema';
import { staffMember } from '../helpers/staff';
import { dbKinds, json, startTestApp, type Shopper, type TestApp } from '../helpers/test-app';

describe.each(dbKinds)('product status counts on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let copyNo = 0;

  beforeAll(async () => {
    // Every list computed by the database (the response cache would keep an answer from before a change made here
    // in SQL, which staff's API calls would have dropped).
    t = await startTestApp(kind, { env: { CATALOGUE_CACHE_MB: '0' } });
    staff = await staffMember(t.app, t.database, 'staff');
  });
  afterAll(async () => {
    await t?.close();
  });

  const kept = async () => {
    const rows = await t.database.db.select().from(productStatusCounts);
    return Object.fromEntries(rows.map((r) => [r.status, r.products]));
  };
  const real = async () => {
    const rows = await t.database.db
      .select({ status: products.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .groupBy(products.status);
    const byStatus = { active: 0, draft: 0, archived: 0 };
    for (const r of rows) byStatus[r.status] = r.n;
    return byStatus;
  };
  /** What a shopper (no token) or staff read as the list's `results`. */
  const listed = async (query: string, token?: string) => {
    const res = await t.app.inject({
      url: `/api/v1/products?limit=1&${query}`,
      headers: token ? { token } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).results as number;
  };
  /** The counts kept are the rows' own, and the lists say as many. */
  const agree = async () => {
    const counts = await real();
    expect(await kept()).toEqual(counts);
    expect(await listed('')).toBe(counts.active);
    expect(await listed('sort=price&page=2')).toBe(counts.active);
    expect(await listed('status=draft', staff.token)).toBe(counts.draft);
    expect(await listed('status=all', staff.token)).toBe(counts.active + counts.draft + counts.archived);
    return counts;
  };
  /** Copies of a seeded product with their own ids, titles and status. */
  const copies = async (statuses: Array<'active' | 'draft' | 'archived'>) => {
    const [source] = await t.database.db.select().from(products).orderBy(products.id).limit(1);
    // Generated columns are the database's to fill.
    const {
      descriptionWords: _d,
      titleSearch: _ts,
      titleArSearch: _ta,
      descriptionArWords: _da,
      ...row
    } = source!;
    return statuses.map((status) => {
      const n = ++copyNo;
      return {
        ...row,
        id: (0xc0000 + n).toString(16).padStart(24, 'c'),
        title: `Counted copy ${n}`,
        slug: `counted-copy-${n}`,
        handle: null,
        status,
      };
    });
  };

  it('start as the seeded catalogue is', async () => {
    const counts = await agree();
    expect(counts.active).toBeGreaterThan(0);
  });

  it('follow a batch insert, a status change of several rows, and a delete, each one statement', async () => {
    const before = await real();
    const rows = await copies([...Array(20).fill('active'), ...Array(7).fill('draft'), 'archived']);
    await t.database.db.insert(products).values(rows);
    expect(await agree()).toEqual({
      active: before.active + 20,
      draft: before.draft + 7,
      archived: before.archived + 1,
    });
    const ids = rows.map((r) => r.id);
    // Five active and two drafts archived in one statement.
    await t.database.db
      .update(products)
      .set({ status: 'archived' })
      .where(inArray(products.id, [...ids.slice(0, 5), ...ids.slice(20, 22)]));
    expect(await agree()).toEqual({
      active: before.active + 15,
      draft: before.draft + 5,
      archived: before.archived + 8,
    });
    await t.database.db.delete(products).where(inArray(products.id, ids));
    expect(await agree()).toEqual(before);
  });

  it('never count a change that was rolled back', async () => {
    const before = await real();
    const rows = await copies(['active', 'active', 'draft']);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(products).values(rows);
        await tx.update(products).set({ status: 'draft' }).where(eq(products.status, 'archived'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await agree()).toEqual(before);
  });

  it('follow staff archiving a product and duplicating it as a draft, as shoppers see the list', async () => {
    const [row] = await copies(['active']);
    await t.database.db.insert(products).values(row!);
    const before = await agree();
    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${row!.id}`,
      headers: { token: staff.token },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const duplicated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${row!.id}/duplicate`,
      headers: { token: staff.token },
    });
    expect(duplicated.statusCode, duplicated.body).toBe(201);
    expect(await agree()).toEqual({
      active: before.active - 1,
      draft: before.draft + 1,
      archived: before.archived + 1,
    });
  });

  it('write nothing when an update changes no status (an order taking stock)', async () => {
    const version = async () =>
      (
        await t.database.db
          .select({ v: sql<string>`string_agg(xmin::text, ',' order by status)` })
          .from(productStatusCounts)
      )[0]!.v;
    const before = await version();
    await t.database.db
      .update(products)
      .set({ quantity: sql`${products.quantity} + 1`, sold: sql`${products.sold} + 1` })
      .where(eq(products.status, 'active'));
    expect(await version()).toBe(before);
    await agree();
  });

  it('stay right when many connections change statuses at once', async () => {
    const rows = await copies(Array(24).fill('active'));
    await t.database.db.insert(products).values(rows);
    const statuses = ['active', 'draft', 'archived'] as const;
    // 72 transactions, three a product, each moving one product to another status; on PostgreSQL they run on the
    // pool's connections at once.
    await Promise.all(
      rows.flatMap((r, i) =>
        statuses.map((_, k) =>
          t.database.db.transaction(async (tx) => {
            await tx
              .update(products)
              .set({ status: statuses[(i + k) % 3]! })
              .where(eq(products.id, r.id));
          }),
        ),
      ),
    );
    await agree();
  });
});
