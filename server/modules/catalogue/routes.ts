import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { isObjectId, objectIdPattern } from '../../db/ids';
import { brands, categories, products, reviews, subcategories, users } from '../../db/schema';
import { AppError, ValidationError } from '../../errors';
import { escapeLike, keywordSearch } from './search';
import { CatalogueCache, preferredEncoding, productKey, trackCatalogueCache } from './cache';
import {
  serializeCategory,
  serializeProduct,
  serializeSubcategory,
  withRelations,
  loadProduct,
} from './serialize';

const idParam = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 } },
  required: ['id'],
} as const;
const objectId = { type: 'string', pattern: objectIdPattern } as const;

const pageQuery = {
  page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  limit: { type: 'integer', minimum: 1, maximum: 1000, default: 40 },
} as const;

export const productListQuery = {
  type: 'object',
  properties: {
    ...pageQuery,
    sort: { type: 'string', maxLength: 200 },
    keyword: { type: 'string', maxLength: 200 },
    // The storefront's filters (lib/rules/product-filter.ts): title contains (case-insensitive) and
    // category name contains (case-sensitive), exactly as the spec's client-side rule.
    title: { type: 'string', maxLength: 200 },
    categoryName: { type: 'string', maxLength: 100 },
    brand: objectId,
    category: objectId,
    'category[in]': { type: 'array', items: objectId, maxItems: 50 },
    // Any finite number: the storefront sends what parseInt made of the shopper's bounds (maybe negative).
    'price[gte]': { type: 'number' },
    'price[lte]': { type: 'number' },
    'price[gt]': { type: 'number', minimum: 0 },
    'price[lt]': { type: 'number', minimum: 0 },
    fields: { type: 'string', maxLength: 300 },
  },
} as const;

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

/** Parses `sort` into its canonical spelling (the cache key) and the ORDER BY terms; unknown keys are a 400. */
function parseSort(sort: string | undefined): { canonical: string; keys: SQL[] } | undefined {
  if (sort === undefined || sort.trim() === '') return undefined;
  const names: string[] = [];
  const keys: SQL[] = [];
  for (const raw of sort.split(/[,\s]+/).filter(Boolean)) {
    const descending = raw.startsWith('-');
    const name = descending ? raw.slice(1) : raw.replace(/^\+/, '');
    const column = sortable.get(name);
    if (!column) throw new ValidationError('sort', `Cannot sort by ${name}`, sort, 'query');
    names.push(descending ? `-${name}` : name);
    keys.push(descending ? desc(column) : asc(column));
  }
  return { canonical: names.join(','), keys };
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

interface ProductListQuery {
  page: number;
  limit: number;
  sort?: string;
  keyword?: string;
  title?: string;
  categoryName?: string;
  brand?: string;
  category?: string;
  'category[in]'?: string[];
  'price[gte]'?: number;
  'price[lte]'?: number;
  'price[gt]'?: number;
  'price[lt]'?: number;
  fields?: string;
}

// Bracket operators other than these (price[$gt], title[regex], ...) are refused, not ignored.
const allowedBracketKeys = new Set(['category[in]', 'price[gte]', 'price[lte]', 'price[gt]', 'price[lt]']);

function rejectUnknownOperators(request: FastifyRequest): void {
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (key.includes('[') && !allowedBracketKeys.has(key)) {
      throw new ValidationError(key, `Unsupported filter ${key}`, value, 'query');
    }
  }
}

/** A price bound, any finite number (the storefront sends what parseInt made of the shopper's bound). */
function priceBound(param: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value))
    throw new ValidationError(param, `${param} must be a finite number`, value, 'query');
  return value;
}

const int32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** `price >= n` or `price <= n` for a whole n; beyond the integer column's range it is always or never true. */
function integerBound(op: '>=' | '<=', n: number): SQL {
  if (n > int32.max) return op === '>=' ? sql`false` : sql`true`;
  if (n < int32.min) return op === '>=' ? sql`true` : sql`false`;
  return op === '>=' ? gte(products.price, n) : lte(products.price, n);
}

export function metadata(total: number, page: number, limit: number) {
  const numberOfPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    numberOfPages,
    limit,
    ...(page < numberOfPages ? { nextPage: page + 1 } : {}),
    ...(page > 1 ? { prevPage: page - 1 } : {}),
  };
}

/** An answer to cache, with the products it shows and whether its order follows their sales. */
interface Answer {
  answer: unknown;
  products?: readonly string[];
  followsSales?: boolean;
}

/** Answers with `limit` above this are computed each time and never stored (issue 12.6). */
export const largestCachedLimit = 100;

/**
 * Serves a catalogue answer from the in-memory cache with an ETag; answers 304 when the client already
 * has it. `key` is canonical (built from the validated parameters in a fixed order; never the raw URL)
 * or null for an answer not worth keeping. `compute` runs only on a miss.
 */
async function cachedAnswer(
  catalogueCache: CatalogueCache,
  key: string | null,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<Answer>,
) {
  const entry = await catalogueCache.answer(key, async () => {
    const { answer, ...dependsOn } = await compute();
    return { body: JSON.stringify(answer), ...dependsOn };
  });
  reply.header('ETag', entry.etag);
  // Browsers keep a copy but ask each time (stock changes with orders); the ETag makes that cheap.
  reply.header('Cache-Control', 'no-cache');
  const inm = request.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim() === entry.etag || t.trim() === `W/${entry.etag}`)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding =
    entry.body.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(entry.body);
  // Already compressed: @fastify/compress leaves answers with a Content-Encoding alone.
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  return reply.header('Content-Encoding', encoding).send(catalogueCache.encoded(key ?? '', entry, encoding));
}

export async function catalogueRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const db = () => ctx.database.db;
  const publicUrl = ctx.config.publicUrl;
  // One cache per app (tests run several apps, on different databases, in one process).
  const cache = new CatalogueCache(undefined, undefined, ctx.config.catalogueCacheMB * 1024 * 1024);
  const untrack = trackCatalogueCache(cache);
  cache.startSweeping();
  app.addHook('onClose', async () => {
    untrack();
    cache.stop();
  });
  // CATALOGUE_CACHE_MB=0 turns the cache off entirely: every request computes its own answer (the growth
  // benchmark measures the database that way), without sharing a computation under way either.
  const cacheOff = ctx.config.catalogueCacheMB === 0;
  const cached = (
    key: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<Answer>,
  ) => cachedAnswer(cache, cacheOff ? null : key, request, reply, compute);
  const pageKey = (path: string, { page, limit }: { page: number; limit: number }) =>
    limit > largestCachedLimit ? null : `${path}?page=${page}&limit=${limit}`;

  app.get(
    '/products',
    { schema: { querystring: productListQuery }, preValidation: async (req) => rejectUnknownOperators(req) },
    async (request, reply) => {
      const q = request.query as ProductListQuery;
      const sort = parseSort(q.sort);
      let fields: string[] | undefined;
      if (q.fields) {
        fields = [...new Set(q.fields.split(/[,\s]+/).filter(Boolean))].sort();
        const bad = fields.find((f) => !projectable.has(f.replace(/^-/, '')));
        if (bad) throw new ValidationError('fields', `Unknown field ${bad}`, q.fields, 'query');
      }
      const gteBound = priceBound('price[gte]', q['price[gte]']);
      const lteBound = priceBound('price[lte]', q['price[lte]']);
      const gtBound = priceBound('price[gt]', q['price[gt]']);
      const ltBound = priceBound('price[lt]', q['price[lt]']);
      // Case does not change a case-insensitive match: one entry for "Gitar" and "gitar".
      const keyword = q.keyword?.trim().toLowerCase() || undefined;
      const title = q.title?.trim().toLowerCase() || undefined;
      const categoryIn = q['category[in]']?.length ? [...new Set(q['category[in]'])].sort() : undefined;
      // Known parameters only, in a fixed order: junk parameters or another order reach the same entry.
      const canonical = new URLSearchParams();
      const put = (name: string, value: unknown) => {
        if (value !== undefined) canonical.append(name, String(value));
      };
      put('page', q.page);
      put('limit', q.limit);
      put('sort', sort?.canonical);
      put('keyword', keyword);
      put('title', title);
      put('categoryName', q.categoryName);
      put('brand', q.brand);
      put('category', q.category);
      put('category[in]', categoryIn?.join(','));
      put('price[gte]', gteBound);
      put('price[lte]', lteBound);
      put('price[gt]', gtBound);
      put('price[lt]', ltBound);
      put('fields', fields?.join(','));
      const key = q.limit > largestCachedLimit ? null : `products?${canonical.toString()}`;
      return cached(key, request, reply, async () => {
        const where: SQL[] = [];
        if (title) where.push(ilike(products.title, `%${escapeLike(title)}%`));
        if (q.categoryName !== undefined) {
          // Contains, case-sensitive, as the storefront's rule ("Women's Fashion" does not contain "Men's").
          // The few categories are read first: the products are then found through their category index.
          const named = await db()
            .select({ id: categories.id })
            .from(categories)
            .where(sql`strpos(${categories.name}, ${q.categoryName}) > 0`);
          where.push(
            named.length
              ? inArray(
                  products.categoryId,
                  named.map((c) => c.id),
                )
              : sql`false`,
          );
        }
        if (q.brand) where.push(eq(products.brandId, q.brand));
        if (q.category) where.push(eq(products.categoryId, q.category));
        if (categoryIn) where.push(inArray(products.categoryId, categoryIn));
        // Prices are whole pounds: each bound becomes the whole-pound bound that keeps the same products,
        // compared as an integer (the price index serves it) and clamped to the column's range.
        const lowest = [
          gteBound !== undefined ? Math.ceil(gteBound) : undefined,
          gtBound !== undefined ? Math.floor(gtBound) + 1 : undefined,
        ].filter((b) => b !== undefined);
        const highest = [
          lteBound !== undefined ? Math.floor(lteBound) : undefined,
          ltBound !== undefined ? Math.ceil(ltBound) - 1 : undefined,
        ].filter((b) => b !== undefined);
        if (lowest.length) where.push(integerBound('>=', Math.max(...lowest)));
        if (highest.length) where.push(integerBound('<=', Math.min(...highest)));
        const orderBy = (...first: SQL[]) => [
          ...first,
          ...(sort?.keys ?? [desc(products.createdAt)]),
          asc(products.id),
        ];
        const countAll = async (ex: Executor, condition: SQL | undefined) => {
          const [row] = await ex.select({ n: count() }).from(products).where(condition);
          return Number(row?.n ?? 0);
        };
        const offset = (q.page - 1) * q.limit;
        const { total, rows } = keyword
          ? await db().transaction(async (tx) => {
              // Every match is ranked before the page is cut, so the total comes with the page (one scan).
              const search = await keywordSearch(tx, keyword);
              const condition = and(search.where, ...where);
              // Ids first (the window and sort carry narrow rows), then the page's products by key.
              const page = await tx
                .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
                .from(products)
                .where(condition)
                .orderBy(...orderBy(search.rank))
                .limit(q.limit)
                .offset(offset);
              const total = page[0]?.total ?? (offset > 0 ? await countAll(tx, condition) : 0);
              const ids = page.map((r) => r.id);
              const byId = new Map(
                (ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : []).map(
                  (p) => [p.id, p],
                ),
              );
              return { total, rows: ids.flatMap((id) => byId.get(id) ?? []) };
            })
          : await (async () => {
              const condition = where.length ? and(...where) : undefined;
              // Counted first: with nothing to show (filters that exclude each other, a page past the end)
              // the page query is skipped; the planner would read the whole date index looking for a row.
              const total = await countAll(db(), condition);
              if (offset >= total) return { total, rows: [] };
              const found = await db()
                .select()
                .from(products)
                .where(condition)
                .orderBy(...orderBy())
                .limit(q.limit)
                .offset(offset);
              return { total, rows: found };
            })();
        const full = await withRelations(db(), rows);
        let data: Record<string, unknown>[] = full.map((p) => serializeProduct(p, publicUrl));
        if (fields) {
          const include = fields.filter((f) => !f.startsWith('-'));
          const exclude = new Set(fields.filter((f) => f.startsWith('-')).map((f) => f.slice(1)));
          data = data.map((p) =>
            Object.fromEntries(
              Object.entries(p).filter(([k]) =>
                include.length ? include.includes(k) || k === '_id' || k === 'id' : !exclude.has(k),
              ),
            ),
          );
        }
        return {
          answer: { results: total, metadata: metadata(total, q.page, q.limit), data },
          products: rows.map((r) => r.id),
          // Every order changes sales (and stock): a list in that order may change with any of them.
          followsSales: /(^|,)-?(sold|quantity)(,|$)/.test(sort?.canonical ?? ''),
        };
      });
    },
  );

  app.get('/products/:id', { schema: { params: idParam } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!isObjectId(id)) throw new AppError(404, `No product for this id ${id}`);
    return cached(productKey(id), request, reply, async () => {
      const p = await loadProduct(db(), id);
      if (!p) throw new AppError(404, `No product for this id ${id}`);
      const rows = await db()
        .select({ review: reviews, userName: users.name })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(eq(reviews.productId, id))
        .orderBy(desc(reviews.createdAt));
      const answer = {
        data: {
          ...serializeProduct(p, publicUrl),
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
    });
  });

  for (const [path, table, label] of [
    ['categories', categories, 'category'],
    ['brands', brands, 'brand'],
  ] as const) {
    app.get(
      `/${path}`,
      { schema: { querystring: { type: 'object', properties: pageQuery } } },
      async (request, reply) => {
        const query = request.query as { page: number; limit: number };
        const { page, limit } = query;
        return cached(pageKey(path, query), request, reply, async () => {
          const [totalRow] = await db().select({ n: count() }).from(table);
          const total = Number(totalRow?.n ?? 0);
          const rows = await db()
            .select()
            .from(table)
            .orderBy(asc(table.createdAt), asc(table.id))
            .limit(limit)
            .offset((page - 1) * limit);
          return {
            answer: {
              results: total,
              metadata: metadata(total, page, limit),
              data: rows.map((r) => serializeCategory(r, publicUrl)),
            },
          };
        });
      },
    );

    app.get(`/${path}/:id`, { schema: { params: idParam } }, async (request, reply) => {
      const { id } = request.params as { id: string };
      if (!isObjectId(id)) throw new AppError(404, `No ${label} for this id ${id}`);
      return cached(`${path}/${id}`, request, reply, async () => {
        const [row] = await db().select().from(table).where(eq(table.id, id));
        if (!row) throw new AppError(404, `No ${label} for this id ${id}`);
        return { answer: { data: { ...serializeCategory(row, publicUrl), __v: 0 } } };
      });
    });
  }

  async function subcategoryList(request: FastifyRequest, reply: FastifyReply, categoryId?: string) {
    const query = request.query as { page: number; limit: number };
    const { page, limit } = query;
    return cached(pageKey(`subcategories/${categoryId ?? ''}`, query), request, reply, async () => {
      if (categoryId) {
        const [cat] = await db()
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, categoryId));
        if (!cat) throw new AppError(404, `No category for this id ${categoryId}`);
      }
      const condition = categoryId ? eq(subcategories.categoryId, categoryId) : undefined;
      const [totalRow] = await db().select({ n: count() }).from(subcategories).where(condition);
      const total = Number(totalRow?.n ?? 0);
      const rows = await db()
        .select()
        .from(subcategories)
        .where(condition)
        .orderBy(asc(subcategories.createdAt), asc(subcategories.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return {
        answer: {
          results: total,
          metadata: metadata(total, page, limit),
          data: rows.map(serializeSubcategory),
        },
      };
    });
  }

  app.get(
    '/subcategories',
    { schema: { querystring: { type: 'object', properties: pageQuery } } },
    (request, reply) => subcategoryList(request, reply),
  );

  app.get('/subcategories/:id', { schema: { params: idParam } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!isObjectId(id)) throw new AppError(404, `No subcategory for this id ${id}`);
    return cached(`subcategory/${id}`, request, reply, async () => {
      const [row] = await db().select().from(subcategories).where(eq(subcategories.id, id));
      if (!row) throw new AppError(404, `No subcategory for this id ${id}`);
      return { answer: { data: { ...serializeSubcategory(row), __v: 0 } } };
    });
  });

  app.get(
    '/categories/:id/subcategories',
    { schema: { params: idParam, querystring: { type: 'object', properties: pageQuery } } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      if (!isObjectId(id)) throw new AppError(404, `No category for this id ${id}`);
      return subcategoryList(request, reply, id);
    },
  );
}
