// The catalogue's writes (staff only): products, categories and brands, and the stock history.
import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brands, categories, products, stockHistory, subcategories } from '../../db/schema';
import type { BrandRow, CategoryRow, ProductRow } from './repository';
import { uploadedPictureExists, uploadedPictureName } from '../pictures';

export type NamedTable = typeof categories | typeof brands;
export type ProductInsert = typeof products.$inferInsert;

/** The product's row, locked until the transaction ends (an order taking its stock waits, and the reverse). */
export async function lockProduct(exec: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await exec.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function insertProduct(exec: Executor, row: ProductInsert): Promise<void> {
  await exec.insert(products).values(row);
}

export async function updateProduct(exec: Executor, id: string, set: Partial<ProductInsert>): Promise<void> {
  await exec.update(products).set(set).where(eq(products.id, id));
}

/** Whether another product than `exceptId` has this slug. */
export async function productSlugTaken(exec: Executor, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: products.id })
    .from(products)
    .where(exceptId ? and(eq(products.slug, slug), ne(products.id, exceptId)) : eq(products.slug, slug))
    .limit(1);
  return row !== undefined;
}

/**
 * Holds a transaction-scoped lock on a slug, so two staff creating the same title one after the other's check
 * cannot both pass it (products.slug has no unique index: catalogues imported before may hold duplicates).
 */
export async function lockSlug(exec: Executor, slug: string): Promise<void> {
  await exec.execute(sql`select pg_advisory_xact_lock(727002, hashtext(${slug}))`);
}

/** Whether the catalogue already refers to this picture (a product's, a category's or a brand's). */
export async function pictureKnown(exec: Executor, path: string): Promise<boolean> {
  if (uploadedPictureName(path)) return uploadedPictureExists(exec, path);
  const [product] = await exec
    .select({ id: products.id })
    .from(products)
    .where(or(eq(products.imageCover, path), sql`${path} = any(${products.images})`))
    .limit(1);
  if (product) return true;
  for (const table of [categories, brands]) {
    const [row] = await exec.select({ id: table.id }).from(table).where(eq(table.image, path)).limit(1);
    if (row) return true;
  }
  return false;
}

export async function subcategoriesOf(exec: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return exec.select().from(subcategories).where(inArray(subcategories.id, ids));
}

export async function insertStockChange(
  exec: Executor,
  row: typeof stockHistory.$inferInsert,
): Promise<void> {
  await exec.insert(stockHistory).values(row);
}

export async function stockHistoryPage(exec: Executor, productId: string, limit: number, offset: number) {
  const condition = eq(stockHistory.productId, productId);
  const [totalRow] = await exec.select({ n: count() }).from(stockHistory).where(condition);
  const rows = await exec
    .select()
    .from(stockHistory)
    .where(condition)
    .orderBy(desc(stockHistory.at), desc(stockHistory.id))
    .limit(limit)
    .offset(offset);
  return { total: Number(totalRow?.n ?? 0), rows };
}

export async function lockNamed(
  exec: Executor,
  table: NamedTable,
  id: string,
): Promise<CategoryRow | BrandRow | undefined> {
  const [row] = await exec.select().from(table).where(eq(table.id, id)).for('update');
  return row;
}

/** Another category (brand) than `exceptId` with this slug or this name, compared case-insensitively. */
export async function namedTaken(
  exec: Executor,
  table: NamedTable,
  name: string,
  slug: string,
  exceptId?: string,
): Promise<boolean> {
  const same = or(eq(table.slug, slug), sql`lower(${table.name}) = lower(${name})`);
  const [row] = await exec
    .select({ id: table.id })
    .from(table)
    .where(exceptId ? and(same, ne(table.id, exceptId)) : same)
    .limit(1);
  return row !== undefined;
}

export async function insertNamed(exec: Executor, table: NamedTable, row: typeof categories.$inferInsert) {
  const [inserted] = await exec.insert(table).values(row).returning();
  return inserted;
}

export async function updateNamed(
  exec: Executor,
  table: NamedTable,
  id: string,
  set: Partial<typeof categories.$inferInsert>,
) {
  const [row] = await exec.update(table).set(set).where(eq(table.id, id)).returning();
  return row;
}

/** How many products (of any status: archived ones are in old orders) use this category or brand. */
export async function productsUsing(exec: Executor, table: NamedTable, id: string): Promise<number> {
  const column = table === categories ? products.categoryId : products.brandId;
  const [row] = await exec.select({ n: count() }).from(products).where(eq(column, id));
  return Number(row?.n ?? 0);
}

/** Deletes a category with its subcategories (no product uses it, so none of them either), or a brand. */
export async function deleteNamed(exec: Executor, table: NamedTable, id: string): Promise<void> {
  if (table === categories) await exec.delete(subcategories).where(eq(subcategories.categoryId, id));
  await exec.delete(table).where(eq(table.id, id));
}
