// One rule, one source: the API's product filter keeps exactly the products the shared rule
// lib/rules/product-filter.ts keeps, for generated catalogues and filters. FC_SEED=<n> replays a run.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products } from '@/server/db/schema';
import { newId } from '@/server/db/ids';
import {
  categoryOptions,
  filterParams,
  filterProducts,
  type ProductFilter,
} from '@/lib/rules/product-filter';
import { dbKinds, json, startTestApp, type Json, type TestApp } from '../helpers/test-app';

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const params = { numRuns: 60, ...(seed !== undefined ? { seed } : {}) };

// Words with the characters that trip SQL patterns (% _ \ ') and mixed case.
const words = [
  'Gitar',
  'guitar',
  'Shawl',
  'LAPTOP',
  'laptop',
  '50%',
  'a_b',
  'back\\slash',
  "men's",
  'Men',
  'x',
];
const titleArb = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const casing = (s: string, flips: boolean[]) =>
  [...s].map((c, i) => (flips[i % Math.max(flips.length, 1)] ? c.toUpperCase() : c.toLowerCase())).join('');
const searchArb = fc.oneof(
  fc.constant(''),
  fc.constant('   '),
  fc.tuple(titleArb, fc.nat(), fc.nat(), fc.array(fc.boolean(), { maxLength: 8 })).map(([t, a, b, flips]) => {
    const start = a % t.length;
    return casing(t.slice(start, start + 1 + (b % 8)), flips);
  }),
  fc.tuple(fc.constantFrom(...words), fc.constantFrom('', ' ', '  ')).map(([w, pad]) => `${pad}${w}${pad}`),
  fc.constantFrom('%', '_', '\\', 'zzz'),
);
const prices = [0, 5, 7, 30, 31, 1000];
const boundArb = fc.oneof(
  fc.constant(''),
  fc.constant(''),
  fc.constant(' '),
  fc.constantFrom('abc', '12abc', '  30 ', '1e3', '007', '-5', '99999999999999999999', '3.9', '0x10'),
  // Often exactly a price some product has: the inclusive ends are where a rule differs.
  fc.constantFrom(...prices).map(String),
  fc.constantFrom(...prices).map(String),
  fc.integer({ min: 0, max: 1200 }).map(String),
);
// Each part of the filter is often off, so that the others have products left to decide on.
const off = <T>(value: T, arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(value), weight: 1 }, { arbitrary: arb, weight: 2 });
const filterArb: fc.Arbitrary<ProductFilter> = fc.record({
  search: off('', searchArb),
  priceFrom: boundArb,
  priceTo: boundArb,
  category: off(
    'all',
    fc.oneof(
      fc.constantFrom(...categoryOptions.map((o) => o.value)),
      fc.constantFrom('Fashion', "'s", 'men', 'Electr', ''),
    ),
  ),
});

describe.each(dbKinds)('the API filter is the shared rule, on %s', (kind) => {
  let t: TestApp;
  let brandId: string;
  let cats: Array<{ id: string; name: string }>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const all = await t.database.db.select({ id: categories.id, name: categories.name }).from(categories);
    const named = ["Women's Fashion", "Men's Fashion", 'Electronics'];
    cats = [
      ...named.map((n) => all.find((c) => c.name === n)!),
      ...all.filter((c) => !named.includes(c.name)),
    ];
    expect(cats.slice(0, 3).every(Boolean)).toBe(true);
    brandId = newId();
    const now = new Date();
    await t.database.db.insert(brands).values({
      id: brandId,
      name: 'Property Brand',
      slug: `property-${brandId}`,
      image: '/images/brands/x.webp',
      createdAt: now,
      updatedAt: now,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const productArb = () =>
    fc.array(
      fc.record({
        title: titleArb,
        price: fc.oneof(fc.constantFrom(...prices), fc.integer({ min: 0, max: 1200 })),
        // Mostly the three categories the filter names, sometimes any other.
        category: fc.oneof(
          { arbitrary: fc.constantFrom(0, 1, 2), weight: 3 },
          { arbitrary: fc.nat(), weight: 1 },
        ),
      }),
      { minLength: 0, maxLength: 24 },
    );

  /** Replaces the property brand's products with these and lists them through the API. */
  async function withCatalogue(generated: Array<{ title: string; price: number; category: number }>) {
    const db = t.database.db;
    await db.delete(products).where(eq(products.brandId, brandId));
    const rows = generated.map((g, i) => {
      const cat = cats[g.category % cats.length]!;
      const id = newId();
      return {
        row: {
          id,
          title: g.title,
          slug: `p-${id}`,
          description: 'Plain words only.',
          quantity: 5,
          price: g.price,
          imageCover: '/images/products/x.webp',
          images: [],
          categoryId: cat.id,
          brandId,
          subcategoryIds: [],
          ratingsAverage: 4,
          ratingsQuantity: 1,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
          updatedAt: new Date(),
        },
        local: { _id: id, title: g.title, price: g.price, category: { name: cat.name } },
      };
    });
    if (rows.length) await db.insert(products).values(rows.map((r) => r.row));
    t.app.ctx.catalogueCache.invalidate();
    return rows.map((r) => r.local);
  }

  async function list(query: Record<string, string>): Promise<string[]> {
    const qs = new URLSearchParams({ ...query, brand: brandId, limit: '1000' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.results).toBe(body.data.length);
    return (body.data as Json[]).map((p) => p._id as string);
  }

  it('GET /products with filterParams(f) keeps exactly filterProducts(catalogue, f)', async () => {
    await fc.assert(
      fc.asyncProperty(productArb(), filterArb, async (generated, filter) => {
        const local = await withCatalogue(generated);
        const expected = filterProducts(local, filter).map((p) => p._id);
        const got = await list(filterParams(filter, 'title'));
        expect(new Set(got)).toEqual(new Set(expected));
        expect(got).toHaveLength(expected.length);
      }),
      params,
    );
  }, 300_000);

  it("the search box's keyword answers the rule's title matches first, then only extra matches", async () => {
    await fc.assert(
      fc.asyncProperty(productArb(), filterArb, async (generated, filter) => {
        const local = await withCatalogue(generated);
        const expected = filterProducts(local, filter).map((p) => p._id);
        const got = await list(filterParams(filter, 'keyword'));
        expect(new Set(got.slice(0, expected.length))).toEqual(new Set(expected));
        // Everything after is a description or near-spelling match that the other filters keep.
        const others = filterProducts(local, { ...filter, search: '' }).map((p) => p._id);
        for (const id of got.slice(expected.length)) expect(others).toContain(id);
      }),
      params,
    );
  }, 300_000);
});
