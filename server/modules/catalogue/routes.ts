import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { isObjectId, objectIdPattern } from '../../db/ids';
import { brands, categories, products, reviews, subcategories, users } from '../../db/schema';
import { AppError, ValidationError } from '../../errors';
import { CatalogueCache, preferredEncoding, trackCatalogueCache } from './cache';
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

/** Word similarity (pg_trgm) from which a title word counts as a misspelling of the search. */
const typoThreshold = 0.45;

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

/** A price bound compared as numeric, so a bound beyond the integer column's range cannot overflow it. */
function priceBound(param: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value))
    throw new ValidationError(param, `${param} must be a finite number`, value, 'query');
  return value;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
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
  compute: () => Promise<unknown>,
) {
  let entry = key === null ? undefined : catalogueCache.get(key);
  if (!entry) {
    const generation = key === null ? -1 : catalogueCache.currentGeneration();
    entry = catalogueCache.set(key ?? '', JSON.stringify(await compute()), generation);
  }
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
  const cached = (
    key: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<unknown>,
  ) => cachedAnswer(cache, key, request, reply, compute);
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
        const order: SQL[] = [];
        if (keyword) {
          // Title matches first, then description matches, then titles a word of which is like the
          // keyword (pg_trgm word similarity: "gitar" finds "Guitar"). Each test can use a trigram index.
          const pattern = `%${escapeLike(keyword)}%`;
          const inTitle = ilike(products.title, pattern);
          const inDescription = ilike(products.description, pattern);
          const likeTitle = sql`${keyword} <% ${products.title}`;
          // One index scan a test, joined by UNION: written as one OR, the planner scanned every row and
          // computed the similarity of each (138 ms against 15 ms for "shirt" at 10,000 products on PGlite).
          const ids = (test: SQL) => sql`select ${products.id} from ${products} where ${test}`;
          where.push(
            sql`${products.id} in (${ids(inTitle)} union ${ids(inDescription)} union ${ids(likeTitle)})`,
          );
          order.push(sql`case when ${inTitle} then 0 when ${inDescription} then 1 else 2 end`);
          if (!sort) order.push(sql`word_similarity(${keyword}, ${products.title}) desc`);
        }
        if (title) where.push(ilike(products.title, `%${escapeLike(title)}%`));
        if (q.categoryName !== undefined) {
          // Contains, case-sensitive, as the storefront's rule ("Women's Fashion" does not contain "Men's").
          const named = db()
            .select({ id: categories.id })
            .from(categories)
            .where(sql`strpos(${categories.name}, ${q.categoryName}) > 0`);
          where.push(inArray(products.categoryId, named));
        }
        if (q.brand) where.push(eq(products.brandId, q.brand));
        if (q.category) where.push(eq(products.categoryId, q.category));
        if (categoryIn) where.push(inArray(products.categoryId, categoryIn));
        // Compared as numeric: a bound outside the integer column's range must not overflow it.
        if (gteBound !== undefined) where.push(sql`${products.price} >= ${String(gteBound)}::numeric`);
        if (lteBound !== undefined) where.push(sql`${products.price} <= ${String(lteBound)}::numeric`);
        if (gtBound !== undefined) where.push(sql`${products.price} > ${String(gtBound)}::numeric`);
        if (ltBound !== undefined) where.push(sql`${products.price} < ${String(ltBound)}::numeric`);
        const condition = where.length ? and(...where) : undefined;
        const run = async (ex: Executor) => {
          // `<%` keeps words at least this similar ("gitar" to "Guitar" is 0.5; the default 0.6 misses
          // it). SET LOCAL: only this transaction, whichever pooled connection runs it.
          if (keyword)
            await ex.execute(
              sql`select set_config('pg_trgm.word_similarity_threshold', ${String(typoThreshold)}, true)`,
            );
          const [totalRow] = await ex.select({ n: count() }).from(products).where(condition);
          const found = await ex
            .select()
            .from(products)
            .where(condition)
            .orderBy(...order, ...(sort?.keys ?? [desc(products.createdAt)]), asc(products.id))
            .limit(q.limit)
            .offset((q.page - 1) * q.limit);
          return { total: Number(totalRow?.n ?? 0), rows: found };
        };
        const { total, rows } = keyword ? await db().transaction(run) : await run(db());
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
        return { results: total, metadata: metadata(total, q.page, q.limit), data };
      });
    },
  );

  app.get('/products/:id', { schema: { params: idParam } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!isObjectId(id)) throw new AppError(404, `No product for this id ${id}`);
    return cached(`product/${id}`, request, reply, async () => {
      const p = await loadProduct(db(), id);
      if (!p) throw new AppError(404, `No product for this id ${id}`);
      const rows = await db()
        .select({ review: reviews, userName: users.name })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(eq(reviews.productId, id))
        .orderBy(desc(reviews.createdAt));
      return {
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
            results: total,
            metadata: metadata(total, page, limit),
            data: rows.map((r) => serializeCategory(r, publicUrl)),
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
        return { data: { ...serializeCategory(row, publicUrl), __v: 0 } };
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
      return { results: total, metadata: metadata(total, page, limit), data: rows.map(serializeSubcategory) };
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
      return { data: { ...serializeSubcategory(row), __v: 0 } };
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
