// The import's queries: what the planner needs of the catalogue (one query per kind, whatever the batch's size),
// the batched writes, the jobs and the pictures already fetched, and the export's pages.
import { asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  auditLog,
  brands,
  categories,
  importJobs,
  importedPictures,
  products,
  stockHistory,
  subcategories,
} from '../../db/schema';
import type { Existing, Lookups } from './plan';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;

const existingColumns = {
  id: products.id,
  handle: products.handle,
  title: products.title,
  slug: products.slug,
  description: products.description,
  price: products.price,
  priceAfterDiscount: products.priceAfterDiscount,
  quantity: products.quantity,
  categoryId: products.categoryId,
  brandId: products.brandId,
  subcategoryIds: products.subcategoryIds,
  status: products.status,
  imageCover: products.imageCover,
  images: products.images,
};

/**
 * Everything the planner needs for these handles, ids, slugs and picture URLs. With `lock`, the products found are
 * locked until the transaction ends (an order taking their stock waits, and so do staff writes of them).
 */
export async function lookups(
  exec: Executor,
  keys: { handles: string[]; ids: string[]; slugs: string[]; urls: string[]; paths: string[] },
  lock = false,
): Promise<Lookups> {
  // One query after another: in a transaction they share one connection.
  const cats = await exec
    .select({ id: categories.id, name: categories.name, slug: categories.slug, image: categories.image })
    .from(categories);
  const subs = await exec
    .select({
      id: subcategories.id,
      name: subcategories.name,
      slug: subcategories.slug,
      categoryId: subcategories.categoryId,
    })
    .from(subcategories);
  const brandRows = await exec.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands);
  const slugRows = keys.slugs.length
    ? await exec
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(inArray(products.slug, keys.slugs))
    : [];
  // One statement locks them in a fixed order (by id): two imports never wait on each other in a cycle.
  let found: Existing[] = [];
  if (keys.handles.length || keys.ids.length) {
    const query = exec
      .select(existingColumns)
      .from(products)
      .where(or(inArray(products.handle, keys.handles), inArray(products.id, keys.ids)))
      .orderBy(asc(products.id));
    found = (lock ? await query.for('update') : await query) as Existing[];
  }
  const slugOwners = new Map<string, string[]>();
  for (const r of slugRows) slugOwners.set(r.slug, [...(slugOwners.get(r.slug) ?? []), r.id]);
  return {
    categories: cats,
    subcategories: subs,
    brands: brandRows,
    byHandle: new Map(found.filter((p) => p.handle !== null).map((p) => [p.handle!, p])),
    byId: new Map(found.map((p) => [p.id, p])),
    slugOwners,
    pictures: await knownPictures(exec, keys.urls),
    ownPaths: await knownPaths(exec, keys.paths),
  };
}

/** Pictures an earlier import fetched: source URL → stored path. */
export async function knownPictures(exec: Executor, urls: string[]): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map();
  const rows = await exec.select().from(importedPictures).where(inArray(importedPictures.url, urls));
  return new Map(rows.map((r) => [r.url, r.path]));
}

/** Which of these picture paths the catalogue has (a product's, a category's or a brand's), as staff writes ask. */
export async function knownPaths(exec: Executor, paths: string[]): Promise<Set<string>> {
  const wanted = [...new Set(paths)];
  const known = new Set<string>();
  if (wanted.length === 0) return known;
  const list = sql.join(
    wanted.map((p) => sql`${p}`),
    sql`, `,
  );
  const covers = await exec
    .select({ path: products.imageCover })
    .from(products)
    .where(inArray(products.imageCover, wanted));
  const galleries = await exec
    .select({ images: products.images })
    .from(products)
    .where(sql`${products.images} && array[${list}]::text[]`);
  for (const { path } of covers) known.add(path);
  for (const { images } of galleries) for (const path of images) if (wanted.includes(path)) known.add(path);
  for (const table of [categories, brands]) {
    const rows = await exec.select({ path: table.image }).from(table).where(inArray(table.image, wanted));
    for (const { path } of rows) known.add(path);
  }
  return known;
}

/** Holds transaction-scoped locks on these slugs, as a staff write does on its one (staff-repository lockSlug). */
export async function lockSlugs(exec: Executor, slugs: string[]): Promise<void> {
  if (slugs.length === 0) return;
  await exec.execute(
    sql`select pg_advisory_xact_lock(727002, hashtext(s)) from unnest(array[${sql.join(
      [...new Set(slugs)].sort().map((s) => sql`${s}`),
      sql`, `,
    )}]::text[]) s`,
  );
}

/** One import's batches at a time across every process: each batch decides against the one before it. */
export async function lockImports(exec: Executor): Promise<void> {
  await exec.execute(sql`select pg_advisory_xact_lock(727003)`);
}

export async function insertProducts(exec: Executor, rows: ProductInsert[]): Promise<void> {
  if (rows.length) await exec.insert(products).values(rows);
}

export async function updateProduct(exec: Executor, id: string, set: Partial<ProductInsert>): Promise<void> {
  await exec.update(products).set(set).where(eq(products.id, id));
}

export async function insertStockChanges(exec: Executor, rows: (typeof stockHistory.$inferInsert)[]) {
  if (rows.length) await exec.insert(stockHistory).values(rows);
}

export async function insertAudits(exec: Executor, rows: (typeof auditLog.$inferInsert)[]) {
  if (rows.length) await exec.insert(auditLog).values(rows);
}

export async function rememberPictures(exec: Executor, rows: { url: string; path: string }[]) {
  if (rows.length) await exec.insert(importedPictures).values(rows).onConflictDoNothing();
}

export async function insertJob(exec: Executor, row: typeof importJobs.$inferInsert): Promise<ImportJobRow> {
  const [inserted] = await exec.insert(importJobs).values(row).returning();
  return inserted!;
}

export async function updateJob(exec: Executor, id: string, set: Partial<typeof importJobs.$inferInsert>) {
  await exec.update(importJobs).set(set).where(eq(importJobs.id, id));
}

export async function findJob(exec: Executor, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await exec.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

/** The export's page: products after `afterId`, by id, with their category's and brand's names. */
export async function exportPage(exec: Executor, afterId: string, limit: number) {
  return exec
    .select({ ...existingColumns, category: categories.name, brand: brands.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(limit);
}
