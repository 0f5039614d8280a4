import { inArray, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brands, categories, products, subcategories } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
type BrandRow = typeof brands.$inferSelect;
type SubcategoryRow = typeof subcategories.$inferSelect;

export interface ProductWithRelations {
  product: ProductRow;
  category: CategoryRow;
  brand: BrandRow;
  subcategories: SubcategoryRow[];
}

/** Image paths are stored relative ("/images/..."); the wire wants absolute URLs. */
export function imageUrl(publicUrl: string, stored: string): string {
  if (/^https?:\/\//.test(stored)) return stored;
  return publicUrl + stored;
}

export function serializeCategory(c: CategoryRow | BrandRow, publicUrl: string) {
  return {
    _id: c.id,
    name: c.name,
    slug: c.slug,
    image: imageUrl(publicUrl, c.image),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function serializeSubcategory(s: SubcategoryRow) {
  return {
    _id: s.id,
    name: s.name,
    slug: s.slug,
    category: s.categoryId,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

// Nested category/brand inside a product: the contract shows {_id,name,slug,image} only.
function nested(c: CategoryRow | BrandRow, publicUrl: string) {
  return { _id: c.id, name: c.name, slug: c.slug, image: imageUrl(publicUrl, c.image) };
}

function nestedSub(s: SubcategoryRow) {
  return { _id: s.id, name: s.name, slug: s.slug, category: s.categoryId };
}

/** The contract's Product, keys in the contract's order. */
export function serializeProduct(p: ProductWithRelations, publicUrl: string) {
  const { product } = p;
  return {
    sold: product.sold,
    images: product.images.map((i) => imageUrl(publicUrl, i)),
    subcategory: p.subcategories.map(nestedSub),
    ratingsQuantity: product.ratingsQuantity,
    _id: product.id,
    title: product.title,
    slug: product.slug,
    description: product.description,
    quantity: product.quantity,
    price: product.price,
    ...(product.priceAfterDiscount != null ? { priceAfterDiscount: product.priceAfterDiscount } : {}),
    imageCover: imageUrl(publicUrl, product.imageCover),
    category: nested(p.category, publicUrl),
    brand: nested(p.brand, publicUrl),
    ratingsAverage: product.ratingsAverage,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    id: product.id,
  };
}

/** The contract's CartProduct: no price, description or images. */
export function serializeCartProduct(p: ProductWithRelations, publicUrl: string) {
  return {
    subcategory: p.subcategories.map(nestedSub),
    _id: p.product.id,
    title: p.product.title,
    quantity: p.product.quantity,
    imageCover: imageUrl(publicUrl, p.product.imageCover),
    category: nested(p.category, publicUrl),
    brand: nested(p.brand, publicUrl),
    ratingsAverage: p.product.ratingsAverage,
    id: p.product.id,
  };
}

export type ProductJson = ReturnType<typeof serializeProduct>;
export type CartProductJson = ReturnType<typeof serializeCartProduct>;

/** Attaches category, brand and subcategories to product rows with three queries in all. */
export async function withRelations(exec: Executor, rows: ProductRow[]): Promise<ProductWithRelations[]> {
  if (rows.length === 0) return [];
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const brandIds = [...new Set(rows.map((r) => r.brandId))];
  const subIds = [...new Set(rows.flatMap((r) => r.subcategoryIds))];
  // One after another: inside a transaction `exec` is a single connection, which runs one query at a time
  // anyway (node-postgres deprecates queueing them on it, and pg@9 drops it).
  const cats = await exec.select().from(categories).where(inArray(categories.id, categoryIds));
  const brs = await exec.select().from(brands).where(inArray(brands.id, brandIds));
  const subs = subIds.length
    ? await exec.select().from(subcategories).where(inArray(subcategories.id, subIds))
    : [];
  const catMap = new Map(cats.map((c) => [c.id, c]));
  const brandMap = new Map(brs.map((b) => [b.id, b]));
  const subMap = new Map(subs.map((s) => [s.id, s]));
  return rows.flatMap((product) => {
    const category = catMap.get(product.categoryId);
    const brand = brandMap.get(product.brandId);
    if (!category || !brand) return [];
    const subcats = product.subcategoryIds.flatMap((id) => {
      const s = subMap.get(id);
      return s ? [s] : [];
    });
    return [{ product, category, brand, subcategories: subcats }];
  });
}

export async function loadProductsByIds(
  exec: Executor,
  ids: string[],
): Promise<Map<string, ProductWithRelations>> {
  if (ids.length === 0) return new Map();
  const rows = await exec
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  const full = await withRelations(exec, rows);
  return new Map(full.map((p) => [p.product.id, p]));
}

export async function loadProduct(exec: Executor, id: string): Promise<ProductWithRelations | undefined> {
  const rows = await exec.select().from(products).where(eq(products.id, id));
  const [full] = await withRelations(exec, rows);
  return full;
}
