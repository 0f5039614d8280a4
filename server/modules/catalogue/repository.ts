import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  like,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProductStatus } from '@/lib/contract/catalogue';
import type { Language } from '@/lib/contract/common';
import { hasArabicLetter } from '@/lib/rules/arabic';
import type { Database, Db, Executor } from '../../db/client';
import {
  brands,
  categories,
  products,
  productStatusCounts,
  reviews,
  subcategories,
  users,
} from '../../db/schema';
import { escapeLike, keywordSearch, titleLike } from './search';

export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type SubcategoryRow = typeof subcategories.$inferSelect;

/** The search's own columns: never in an answer, and costly to carry (the descriptions' words). */
const searchOnly = ['descriptionWords', 'titleSearch', 'titleArSearch', 'descriptionArWords'] as const;
type SearchOnly = (typeof searchOnly)[number];
/** A product's columns as its answers show them (serialize.ts). */
type ShownProductRow = Omit<ProductRow, SearchOnly>;
const shownColumns = Object.fromEntries(
  Object.entries(getTableColumns(products)).filter(([k]) => !(searchOnly as readonly string[]).includes(k)),
) as Omit<typeof products._.columns, SearchOnly>;

type Named = 'id' | 'name' | 'nameAr' | 'slug';
type CategoryRef = Pick<CategoryRow, Named | 'image'>;
type SubcategoryRef = Pick<SubcategoryRow, Named | 'categoryId'>;

export interface ProductWithRelations {
  product: ShownProductRow;
  category: CategoryRef;
  brand: CategoryRef;
  /** In the product's own order. */
  subcategories: SubcategoryRef[];
}

/**
 * Runs a read in a transaction whose statements PostgreSQL cancels after `ms` (SET LOCAL statement_timeout,
 * error 57014). The transaction is handed on as a Db: it runs every query one does (a nested transaction
 * becomes a savepoint).
 */
export async function readWithTimeout<T>(db: Db, ms: number, read: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
    return read(tx as unknown as Db);
  });
}

const named = (table: string) =>
  sql.raw(
    `json_build_object('id', ${table}.id, 'name', ${table}.name, 'nameAr', ${table}.name_ar, 'slug', ${table}.slug`,
  );

/**
 * Products as answers show them, with their category, brand and subcategories, in one statement: the columns shown
 * and the three relations as json (a list page was four round trips, and carried the search's columns to Node).
 */
function selectShown(exec: Executor) {
  return exec
    .select({
      ...shownColumns,
      category: sql<CategoryRef | string | null>`(SELECT ${named('c')}, 'image', c.image)
        FROM ${categories} c WHERE c.id = ${products.categoryId})`,
      brand: sql<CategoryRef | string | null>`(SELECT ${named('b')}, 'image', b.image)
        FROM ${brands} b WHERE b.id = ${products.brandId})`,
      subcategories: sql<SubcategoryRef[] | string>`(SELECT coalesce(json_agg(${named('s')}, 'categoryId',
          s.category_id) ORDER BY array_position(${products.subcategoryIds}, s.id)), '[]')
        FROM ${subcategories} s WHERE s.id = ANY(${products.subcategoryIds}))`,
    })
    .from(products)
    .$dynamic();
}

/** PGlite and node-postgres hand json over parsed; a text answer is read the same way. */
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Rows of selectShown as answers take them; a product without its category or brand is left out. */
function asShown(rows: Awaited<ReturnType<typeof selectShown>>): ProductWithRelations[] {
  return rows.flatMap(({ category, brand, subcategories: subs, ...product }) => {
    const c = category === null ? null : parsed(category);
    const b = brand === null ? null : parsed(brand);
    return c && b ? [{ product, category: c, brand: b, subcategories: parsed(subs) }] : [];
  });
}

/** The products of these ids as answers show them, in the ids' order. */
export async function shownProducts(exec: Executor, ids: string[]): Promise<ProductWithRelations[]> {
  if (ids.length === 0) return [];
  const rows = asShown(await selectShown(exec).where(inArray(products.id, [...new Set(ids)])));
  const byId = new Map(rows.map((p) => [p.product.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadProductsByIds(
  exec: Executor,
  ids: string[],
): Promise<Map<string, ProductWithRelations>> {
  const full = await shownProducts(exec, ids);
  return new Map(full.map((p) => [p.product.id, p]));
}

/** A product as a cart or an order lists it: its own fields that show there, with its category, brand and subcategories. */
export interface CartProductRow {
  id: string;
  title: string;
  titleAr: string | null;
  quantity: number;
  imageCover: string;
  ratingsAverage: number;
  category: Pick<CategoryRow, Named | 'image'>;
  brand: Pick<BrandRow, Named | 'image'>;
  /** In the product's own order. */
  subcategories: Pick<SubcategoryRow, Named | 'categoryId'>[];
}

/**
 * The products with these ids as carts and orders list them, in one statement (prepared: its text is the same for
 * any number of ids), reading only the columns shown; a product without its category or brand is left out.
 */
export async function loadCartProducts(database: Database, ids: string[]): Promise<CartProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await database.prepared<CartProductRow>(
    'cart_products',
    sql`SELECT p.id, p.title, p.title_ar AS "titleAr", p.quantity, p.image_cover AS "imageCover",
        p.ratings_average AS "ratingsAverage",
        ${named('c')}, 'image', c.image) AS category,
        ${named('b')}, 'image', b.image) AS brand,
        (SELECT coalesce(json_agg(${named('s')}, 'categoryId', s.category_id)
            ORDER BY array_position(p.subcategory_ids, s.id)), '[]')
          FROM ${subcategories} s WHERE s.id = ANY(p.subcategory_ids)) AS subcategories
      FROM ${products} p
      JOIN ${categories} c ON c.id = p.category_id
      JOIN ${brands} b ON b.id = p.brand_id
      WHERE p.id = ANY(${sql.param([...new Set(ids)])}::text[])`,
  );
  return rows.map((r) => ({
    ...r,
    ratingsAverage: Number(r.ratingsAverage),
    category: parsed(r.category),
    brand: parsed(r.brand),
    subcategories: parsed(r.subcategories),
  }));
}

export async function loadProduct(exec: Executor, id: string): Promise<ProductWithRelations | undefined> {
  const [full] = await shownProducts(exec, [id]);
  return full;
}

export async function reviewsOf(db: Executor, productId: string) {
  return db
    .select({ review: reviews, userName: users.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt));
}

// A Map, not an object: `sort=__proto__` or `sort=constructor` must miss, not find Object.prototype.
const sortable = new Map<string, AnyPgColumn>([
  ['price', products.price],
  ['title', products.title],
  ['ratingsAverage', products.ratingsAverage],
  ['ratingsQuantity', products.ratingsQuantity],
  ['sold', products.sold],
  ['quantity', products.quantity],
  ['createdAt', products.createdAt],
  ['updatedAt', products.updatedAt],
]);

export function isSortable(name: string): boolean {
  return sortable.has(name);
}

/** A sort key's column; `title` in Arabic sorts by the title the answer shows (Arabic, or English without one). */
function sortColumn(name: string, lang: Language): AnyPgColumn | SQL {
  if (name === 'title' && lang === 'ar')
    return sql`coalesce(nullif(btrim(${products.titleAr}), ''), ${products.title})`;
  return sortable.get(name)!;
}

/** What a product list keeps, already checked and normalised by the service. */
export interface ProductFilter {
  /** Lower-cased, Arabic in its search form; matched anywhere in the title (the Arabic one if it holds Arabic). */
  title?: string;
  /** Kept verbatim; matched case-sensitively anywhere in the category's name. */
  categoryName?: string;
  brand?: string;
  category?: string;
  categoryIn?: string[];
  /** Whole-pound bounds, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  /** Stock bounds, inclusive. */
  minQuantity?: number;
  maxQuantity?: number;
  /** Lower-cased, Arabic in its search form; the ranked, typo-tolerant search. */
  keyword?: string;
  /** Which products: active ones (the storefront's, the default), one other status, or all (staff). */
  status?: ProductStatus | 'all';
}

export interface ProductSort {
  /** Column name, `-` first for descending. */
  keys: string[];
}

const int32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** `price >= n` or `price <= n` for a whole n; beyond the integer column's range it is always or never true. */
function integerBound(op: '>=' | '<=', n: number): SQL {
  if (n > int32.max) return op === '>=' ? sql`false` : sql`true`;
  if (n < int32.min) return op === '>=' ? sql`true` : sql`false`;
  return op === '>=' ? gte(products.price, n) : lte(products.price, n);
}

async function filterConditions(db: Executor, f: ProductFilter): Promise<SQL[]> {
  const where: SQL[] = [];
  const status = f.status ?? 'active';
  if (status !== 'all') where.push(eq(products.status, status));
  if (f.title) {
    // Arabic text is looked for in the Arabic titles' search form (trigram-indexed like the English titles).
    where.push(
      hasArabicLetter(f.title)
        ? like(products.titleArSearch, `%${escapeLike(f.title)}%`)
        : titleLike(`%${escapeLike(f.title)}%`),
    );
  }
  if (f.categoryName !== undefined) {
    // The few categories are read first: the products are then found through their category index.
    const named = await db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`strpos(${categories.name}, ${f.categoryName}) > 0`);
    where.push(
      named.length
        ? inArray(
            products.categoryId,
            named.map((c) => c.id),
          )
        : sql`false`,
    );
  }
  if (f.brand) where.push(eq(products.brandId, f.brand));
  if (f.category) where.push(eq(products.categoryId, f.category));
  if (f.categoryIn) where.push(inArray(products.categoryId, f.categoryIn));
  if (f.minQuantity !== undefined) where.push(gte(products.quantity, f.minQuantity));
  if (f.maxQuantity !== undefined) where.push(lte(products.quantity, f.maxQuantity));
  // Compared as an integer (the price index serves it) and clamped to the column's range.
  if (f.minPrice !== undefined) where.push(integerBound('>=', f.minPrice));
  if (f.maxPrice !== undefined) where.push(integerBound('<=', f.maxPrice));
  return where;
}

async function countProducts(db: Executor, condition: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(condition);
  return Number(row?.n ?? 0);
}

/** A filter that picks a status and nothing else (the storefront's product list, any sort, any page). */
function statusOnly(f: ProductFilter): boolean {
  return Object.entries(f).every(([key, value]) => key === 'status' || value === undefined);
}

/** How many products have this status (or any), from the counts the database keeps (migration 0020). */
async function statusCount(db: Executor, status: ProductStatus | 'all'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${productStatusCounts.products}), 0)`.mapWith(Number) })
    .from(productStatusCounts)
    .where(status === 'all' ? undefined : eq(productStatusCounts.status, status));
  return row?.n ?? 0;
}

/**
 * One page of products matching a filter, in the sort's order (newest first by default), and the total. With
 * `countCap`, a keyword search counts at most that many matches: `capped` says there were more, `total` is then
 * the cap and the pages end there.
 */
export async function productPage(
  db: Db,
  filter: ProductFilter,
  sort: ProductSort | undefined,
  page: { limit: number; offset: number },
  lang: Language,
  countCap?: number,
): Promise<{ total: number; capped: boolean; rows: ProductWithRelations[] }> {
  const where = await filterConditions(db, filter);
  const sortKeys = sort
    ? sort.keys.map((k) =>
        k.startsWith('-') ? desc(sortColumn(k.slice(1), lang)) : asc(sortColumn(k, lang)),
      )
    : [desc(products.createdAt)];
  const orderBy = [...sortKeys, asc(products.id)];
  const keyword = filter.keyword;
  if (keyword) {
    // In the caller's transaction (readWithTimeout): the similarity threshold a misspelt word sets is its alone.
    const search = await keywordSearch(db, keyword);
    // The matches are read through the search's indexes, never by scanning the table (for this read's transaction
    // alone; decision 0021). Under `LIMIT cap + 1` the planner takes a whole-table scan for the cheapest way to
    // 5,001 matches whenever it thinks them common enough, and a title's words are mostly its description's too, so
    // it counts them twice: at 100,000 products a common word's search then read half the table, 4 times slower.
    await db.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    const condition = and(search.where, ...where);
    // One scan ranks the matches (up to one past the cap) and counts them: the page and the total together. The
    // rank is computed in the scan, so the rows counted and sorted carry only it and the sort's columns (PostgreSQL
    // drops the columns the outer query does not read), not the titles and descriptions it tested.
    const all = db
      .select({ ...getTableColumns(products), searchRank: sql<number>`${search.rank}`.as('search_rank') })
      .from(products)
      .where(condition)
      .$dynamic();
    // Named as the table, so the sort expressions (written over products' columns) read its rows.
    const matches = (countCap === undefined ? all : all.limit(countCap + 1)).as('products');
    const found = await db
      .select({ id: sql<string>`${products.id}`, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(matches)
      .orderBy(matches.searchRank, ...orderBy)
      .limit(page.limit)
      .offset(page.offset);
    const counted =
      found[0]?.total ??
      (page.offset > 0
        ? countCap === undefined
          ? await countProducts(db, condition)
          : await countUpTo(db, condition, countCap)
        : 0);
    if (countCap === undefined || counted <= countCap)
      return {
        total: counted,
        capped: false,
        rows: await shownProducts(
          db,
          found.map((r) => r.id),
        ),
      };
    // More matches than the cap: the scan above stopped at an arbitrary one past it, so its ranking is not the
    // catalogue's. The page is read rank by rank instead, in order through the indexes, and ends at the cap.
    const end = Math.min(page.offset + page.limit, countCap);
    if (page.offset >= end) return { total: countCap, capped: true, rows: [] };
    const ids = await rankedIds(db, search.tiers, where, orderBy, end);
    return { total: countCap, capped: true, rows: await shownProducts(db, ids.slice(page.offset, end)) };
  }
  const condition = where.length ? and(...where) : undefined;
  // Counted first: with nothing to show (filters that exclude each other, a page past the end) the page query
  // is skipped; the planner would read the whole date index looking for a row.
  const total = statusOnly(filter)
    ? await statusCount(db, filter.status ?? 'active')
    : await countProducts(db, condition);
  if (page.offset >= total) return { total, capped: false, rows: [] };
  if (page.offset < deepOffset) {
    const rows = await selectShown(db)
      .where(condition)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset);
    return { total, capped: false, rows: asShown(rows) };
  }
  // Deep pages: the rows skipped are read as ids from an index (no table row visited), then the page by key.
  const ids = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(condition)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset)
  ).map((r) => r.id);
  return { total, capped: false, rows: await shownProducts(db, ids) };
}

/**
 * The first `end` ids of a keyword search in rank order, then the sort's: read rank by rank (search.ts, tiers),
 * each in the sort's order and only as far as the page needs. A common word's first page reads its first rows
 * from an ordered index (the lower-cased titles of products_status_created_title_search_idx), not every match's row
 * to rank them all. A rank is read only once the ranks before it are read to their end, so their ids are all
 * known: a row of an earlier rank met again is skipped (each is asked for that many rows more).
 */
async function rankedIds(
  tx: Executor,
  tiers: SQL[],
  where: SQL[],
  orderBy: SQL[],
  end: number,
): Promise<string[]> {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const tier of tiers) {
    if (ids.length >= end) break;
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(tier, ...where))
      .orderBy(...orderBy)
      .limit(end - ids.length + seen.size);
    for (const { id } of rows) {
      if (seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
    }
  }
  return ids.slice(0, end);
}

/** How many rows match, counting no further than one past `cap` (enough to tell "more than cap"). */
async function countUpTo(db: Executor, condition: SQL | undefined, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(products)
    .where(condition)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return Number(row?.n ?? 0);
}

/** From this many rows skipped, a page is found by its ids first. */
const deepOffset = 1000;

/** Categories or brands (one table shape), oldest first, and how many there are. */
export async function namedPage(
  db: Executor,
  table: typeof categories | typeof brands,
  limit: number,
  offset: number,
) {
  const [totalRow] = await db.select({ n: count() }).from(table);
  const rows = await db
    .select()
    .from(table)
    .orderBy(asc(table.createdAt), asc(table.id))
    .limit(limit)
    .offset(offset);
  return { total: Number(totalRow?.n ?? 0), rows };
}

export async function namedById(db: Executor, table: typeof categories | typeof brands, id: string) {
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row;
}

export async function categoryExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

export async function subcategoryPage(
  db: Executor,
  categoryId: string | undefined,
  limit: number,
  offset: number,
) {
  const condition = categoryId ? eq(subcategories.categoryId, categoryId) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(subcategories).where(condition);
  const rows = await db
    .select()
    .from(subcategories)
    .where(condition)
    .orderBy(asc(subcategories.createdAt), asc(subcategories.id))
    .limit(limit)
    .offset(offset);
  return { total: Number(totalRow?.n ?? 0), rows };
}

export async function subcategoryById(db: Executor, id: string) {
  const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
  return row;
}

/** How many products the storefront shows (the sitemap's size). */
export async function activeProductCount(exec: Executor): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(products).where(eq(products.status, 'active'));
  return row?.n ?? 0;
}

/**
 * Active products' ids and last changes in id order: `limit` of them after `afterId` (keyset), or, with `skip`,
 * starting `skip` products in (where a sitemap page begins).
 */
export async function activeProductIds(
  exec: Executor,
  { afterId, skip, limit }: { afterId?: string; skip?: number; limit: number },
): Promise<{ id: string; updatedAt: Date }[]> {
  const where = afterId
    ? and(eq(products.status, 'active'), sql`${products.id} > ${afterId}`)
    : eq(products.status, 'active');
  const query = exec
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(where)
    .orderBy(asc(products.id))
    .limit(limit);
  return skip ? query.offset(skip) : query;
}
