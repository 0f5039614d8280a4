import type {
  CartProduct,
  CategoryAnswer,
  CategoryList,
  ProductAnswer,
  ProductList,
  ProductListQuery,
  Product,
  SubcategoryAnswer,
  SubcategoryList,
} from '@/lib/contract/catalogue';
import { searchResultsCap } from '@/lib/contract/catalogue';
import type { Language } from '@/lib/contract/common';
import { normaliseArabic } from '@/lib/rules/arabic';
import type { AppContext } from '../../context';
import { pgErrorCode, type Database, type Db, type Executor } from '../../db/client';
import { brands, categories } from '../../db/schema';
import { isObjectId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import { metadata, pageOf } from '../../paging';

export { metadata, pageOf };
import * as repo from './repository';
import {
  serializeCartProduct,
  serializeCategory,
  serializeProduct,
  serializeStaffProduct,
  serializeSubcategory,
} from './serialize';

/** An answer to cache, with the products it shows and whether its order follows their sales. */
export interface CatalogueAnswer<T> {
  answer: T;
  products?: readonly string[];
  followsSales?: boolean;
}

export const catalogueTooSlow =
  'The catalogue took too long to answer this request. Please try again in a moment, or narrow the search';

/**
 * A catalogue read under CATALOGUE_QUERY_TIMEOUT_MS: on PostgreSQL a statement running longer is cancelled and
 * answered 503. PGlite cannot cancel a statement (no timer signals in WebAssembly: statement_timeout is
 * accepted and ignored), so there the bounds are the page size and the uncached-read budget.
 */
async function timedRead<T>(ctx: AppContext, read: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await repo.readWithTimeout(ctx.database.db, ctx.config.catalogueQueryTimeoutMs, read);
  } catch (err) {
    if (pgErrorCode(err) === '57014') throw new AppError(503, catalogueTooSlow);
    throw err;
  }
}

const projectable = new Set([
  'sold',
  'images',
  'subcategory',
  'ratingsQuantity',
  '_id',
  'title',
  'slug',
  'description',
  'quantity',
  'price',
  'priceAfterDiscount',
  'imageCover',
  'category',
  'brand',
  'ratingsAverage',
  'createdAt',
  'updatedAt',
  'id',
]);

/** Parses `sort` into its canonical keys; unknown keys are a 400. */
function parseSort(sort: string | undefined): repo.ProductSort | undefined {
  if (sort === undefined || sort.trim() === '') return undefined;
  const keys: string[] = [];
  for (const raw of sort.split(/[,\s]+/).filter(Boolean)) {
    const descending = raw.startsWith('-');
    const name = descending ? raw.slice(1) : raw.replace(/^\+/, '');
    if (!repo.isSortable(name)) throw new ValidationError('sort', `Cannot sort by ${name}`, sort, 'query');
    keys.push(descending ? `-${name}` : name);
  }
  return { keys };
}

/** A price bound, any finite number (the storefront sends what parseInt made of the shopper's bound). */
function priceBound(param: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value))
    throw new ValidationError(param, `${param} must be a finite number`, value, 'query');
  return value;
}

/**
 * A product list request, checked and in canonical form: `key` names its cache entry (null: not cached); the
 * route adds the language to it.
 */
export interface ProductListPlan {
  key: string;
  lang: Language;
  filter: repo.ProductFilter;
  sort: repo.ProductSort | undefined;
  page: number;
  limit: number;
  fields: string[] | undefined;
}

/** Search text as the search compares it: Arabic in its search form (lib/rules/arabic.ts), lower-cased. */
function searchText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : normaliseArabic(text).trim().toLowerCase() || undefined;
}

export function planProductList(q: ProductListQuery, lang: Language): ProductListPlan {
  const sort = parseSort(q.sort);
  let fields: string[] | undefined;
  if (q.fields) {
    fields = [...new Set(q.fields.split(/[,\s]+/).filter(Boolean))].sort();
    const bad = fields.find((f) => !projectable.has(f.replace(/^-/, '')));
    if (bad) throw new ValidationError('fields', `Unknown field ${bad}`, q.fields, 'query');
  }
  const gte = priceBound('price[gte]', q['price[gte]']);
  const lte = priceBound('price[lte]', q['price[lte]']);
  const gt = priceBound('price[gt]', q['price[gt]']);
  const lt = priceBound('price[lt]', q['price[lt]']);
  // Case does not change a case-insensitive match: one entry for "Gitar" and "gitar" (and for "أ" and "ا").
  const keyword = searchText(q.keyword);
  const title = searchText(q.title);
  const categoryIn = q['category[in]']?.length ? [...new Set(q['category[in]'])].sort() : undefined;
  // Known parameters only, in a fixed order: junk parameters or another order reach the same entry.
  const canonical = new URLSearchParams();
  const put = (name: string, value: unknown) => {
    if (value !== undefined) canonical.append(name, String(value));
  };
  const { page, limit } = pageOf(q);
  put('page', page);
  put('limit', limit);
  put('sort', sort?.keys.join(','));
  put('keyword', keyword);
  put('title', title);
  put('categoryName', q.categoryName);
  put('brand', q.brand);
  put('category', q.category);
  put('category[in]', categoryIn?.join(','));
  put('price[gte]', gte);
  put('price[lte]', lte);
  put('price[gt]', gt);
  put('price[lt]', lt);
  put('quantity[gte]', q['quantity[gte]']);
  put('quantity[lte]', q['quantity[lte]']);
  put('fields', fields?.join(','));
  // Active is the default: the storefront's keys stay as they were.
  if (q.status && q.status !== 'active') put('status', q.status);
  // Prices are whole pounds: each bound becomes the whole-pound bound that keeps the same products.
  const lowest = [
    gte !== undefined ? Math.ceil(gte) : undefined,
    gt !== undefined ? Math.floor(gt) + 1 : undefined,
  ];
  const highest = [
    lte !== undefined ? Math.floor(lte) : undefined,
    lt !== undefined ? Math.ceil(lt) - 1 : undefined,
  ];
  const defined = (xs: (number | undefined)[]) => xs.filter((x) => x !== undefined);
  const filter: repo.ProductFilter = {
    ...(title ? { title } : {}),
    ...(q.categoryName !== undefined ? { categoryName: q.categoryName } : {}),
    ...(q.brand ? { brand: q.brand } : {}),
    ...(q.category ? { category: q.category } : {}),
    ...(categoryIn ? { categoryIn } : {}),
    ...(defined(lowest).length ? { minPrice: Math.max(...defined(lowest)) } : {}),
    ...(defined(highest).length ? { maxPrice: Math.min(...defined(highest)) } : {}),
    ...(keyword ? { keyword } : {}),
    ...(q['quantity[gte]'] !== undefined ? { minQuantity: q['quantity[gte]'] } : {}),
    ...(q['quantity[lte]'] !== undefined ? { maxQuantity: q['quantity[lte]'] } : {}),
    ...(q.status && q.status !== 'active' ? { status: q.status } : {}),
  };
  return {
    key: `products?${canonical.toString()}`,
    lang,
    filter,
    sort,
    page,
    limit,
    fields,
  };
}

/** `fields=title,price` keeps those (and the ids); `fields=-description` drops those. */
function project(data: ProductList['data'], fields: string[]): ProductList['data'] {
  const include = fields.filter((f) => !f.startsWith('-'));
  const exclude = new Set(fields.filter((f) => f.startsWith('-')).map((f) => f.slice(1)));
  const keep = (k: string) =>
    include.length ? include.includes(k) || k === '_id' || k === 'id' : !exclude.has(k);
  // A projection is a partial product: the response schema has no required keys and sends what is there.
  return data.map((p) => Object.fromEntries(Object.entries(p).filter(([k]) => keep(k))) as typeof p);
}

/** Who reads: a shopper (the storefront's fields) or staff (the staff fields too: both languages, status). */
export type CatalogueView = 'shop' | 'staff';

export async function listProducts(
  ctx: AppContext,
  plan: ProductListPlan,
  view: CatalogueView = 'shop',
): Promise<CatalogueAnswer<ProductList>> {
  const { total, capped, rows } = await timedRead(ctx, (db) =>
    // A shopper's search counts its matches up to the cap; staff see every match counted.
    repo.productPage(
      db,
      plan.filter,
      plan.sort,
      { limit: plan.limit, offset: (plan.page - 1) * plan.limit },
      plan.lang,
      view === 'shop' ? searchResultsCap : undefined,
    ),
  );
  const data = rows.map((p) =>
    view === 'staff'
      ? serializeStaffProduct(p, ctx.config.publicUrl)
      : serializeProduct(p, ctx.config.publicUrl, plan.lang),
  );
  return {
    answer: {
      results: total,
      metadata: metadata(total, plan.page, plan.limit),
      data: plan.fields ? project(data, plan.fields) : data,
      ...(capped ? { resultsCapped: true as const } : {}),
    },
    products: rows.map((r) => r.product.id),
    // Every order changes sales (and stock): a list in that order may change with any of them.
    followsSales: (plan.sort?.keys ?? []).some((k) => /^-?(sold|quantity)$/.test(k)),
  };
}

export const noProductWithId = (id: string) => `No product for this id ${id}`;

export async function productDetails(
  ctx: AppContext,
  id: string,
  lang: Language,
  view: CatalogueView = 'shop',
): Promise<CatalogueAnswer<ProductAnswer>> {
  const { p, rows } = await timedRead(ctx, async (db) => {
    const p = await repo.loadProduct(db, id);
    return { p, rows: p ? await repo.reviewsOf(db, id) : [] };
  });
  // Drafts and archived products are not on the storefront: to a shopper they do not exist.
  if (!p || (view === 'shop' && p.product.status !== 'active')) throw new AppError(404, noProductWithId(id));
  const answer = {
    data: {
      ...(view === 'staff'
        ? serializeStaffProduct(p, ctx.config.publicUrl)
        : serializeProduct(p, ctx.config.publicUrl, lang)),
      __v: 0,
      reviews: rows.map(({ review, userName }) => ({
        _id: review.id,
        review: review.review,
        rating: review.rating,
        product: review.productId,
        user: { _id: review.userId, name: userName },
        createdAt: review.createdAt.toISOString(),
        updatedAt: review.updatedAt.toISOString(),
      })),
    },
  };
  return { answer, products: [id] };
}

/** Categories and brands share one shape and one set of rules. */
export const namedTables = {
  categories: { table: categories, label: 'category' },
  brands: { table: brands, label: 'brand' },
} as const;
export type NamedPath = keyof typeof namedTables;

export async function listNamed(
  ctx: AppContext,
  path: NamedPath,
  page: number,
  limit: number,
  lang: Language,
): Promise<CatalogueAnswer<CategoryList>> {
  const { total, rows } = await timedRead(ctx, (db) =>
    repo.namedPage(db, namedTables[path].table, limit, (page - 1) * limit),
  );
  return {
    answer: {
      results: total,
      metadata: metadata(total, page, limit),
      data: rows.map((r) => serializeCategory(r, ctx.config.publicUrl, lang)),
    },
  };
}

export const noNamedWithId = (path: NamedPath, id: string) =>
  `No ${namedTables[path].label} for this id ${id}`;

export async function namedDetails(
  ctx: AppContext,
  path: NamedPath,
  id: string,
  lang: Language,
): Promise<CatalogueAnswer<CategoryAnswer>> {
  const row = await repo.namedById(ctx.database.db, namedTables[path].table, id);
  if (!row) throw new AppError(404, noNamedWithId(path, id));
  return { answer: { data: { ...serializeCategory(row, ctx.config.publicUrl, lang), __v: 0 } } };
}

export const noCategoryWithId = (id: string) => `No category for this id ${id}`;

export async function listSubcategories(
  ctx: AppContext,
  categoryId: string | undefined,
  page: number,
  limit: number,
  lang: Language,
): Promise<CatalogueAnswer<SubcategoryList>> {
  const { total, rows } = await timedRead(ctx, async (db) => {
    if (categoryId && !(await repo.categoryExists(db, categoryId)))
      throw new AppError(404, noCategoryWithId(categoryId));
    return repo.subcategoryPage(db, categoryId, limit, (page - 1) * limit);
  });
  return {
    answer: {
      results: total,
      metadata: metadata(total, page, limit),
      data: rows.map((r) => serializeSubcategory(r, lang)),
    },
  };
}

export const noSubcategoryWithId = (id: string) => `No subcategory for this id ${id}`;

export async function subcategoryDetails(
  ctx: AppContext,
  id: string,
  lang: Language,
): Promise<CatalogueAnswer<SubcategoryAnswer>> {
  const row = await repo.subcategoryById(ctx.database.db, id);
  if (!row) throw new AppError(404, noSubcategoryWithId(id));
  return { answer: { data: { ...serializeSubcategory(row, lang), __v: 0 } } };
}

/** These products as a cart or an order shows them (no price, description or images), by id; unknown ids are left out. */
export async function cartProducts(
  database: Database,
  ids: string[],
  publicUrl: string,
  lang: Language,
): Promise<Map<string, CartProduct>> {
  const found = await repo.loadCartProducts(database, ids);
  return new Map(found.map((p) => [p.id, serializeCartProduct(p, publicUrl, lang)]));
}

/** The products of these ids as the product list shows them, in the ids' order. */
export async function productAnswers(
  exec: Executor,
  ids: string[],
  publicUrl: string,
  lang: Language,
): Promise<Product[]> {
  const full = await repo.shownProducts(exec, ids);
  return full.map((p) => serializeProduct(p, publicUrl, lang));
}

/**
 * One product as a shopper sees it, in this language, without its reviews (the share page: server/web/share.ts);
 * null for an id that is malformed, unknown, or a product not on the storefront (draft, archived).
 */
export async function shopProduct(ctx: AppContext, id: string, lang: Language): Promise<Product | null> {
  if (!isObjectId(id)) return null;
  const p = await repo.loadProduct(ctx.database.db, id);
  if (!p || p.product.status !== 'active') return null;
  return serializeProduct(p, ctx.config.publicUrl, lang);
}

/** The storefront's products for the sitemap: how many, and their ids in pages (keyset on id). */
export const activeProducts = {
  count: (exec: Executor) => repo.activeProductCount(exec),
  ids: repo.activeProductIds,
};
