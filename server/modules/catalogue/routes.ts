import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isObjectId, objectIdPattern } from '../../db/ids';
import { brands, categories, products, reviews, subcategories, users } from '../../db/schema';
import { AppError, ValidationError } from '../../errors';
import { CatalogueCache, encodedBody, preferredEncoding, trackCatalogueCache } from './cache';
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
    brand: objectId,
    category: objectId,
    'category[in]': { type: 'array', items: objectId, maxItems: 50 },
    'price[gte]': { type: 'number', minimum: 0 },
    'price[lte]': { type: 'number', minimum: 0 },
    'price[gt]': { type: 'number', minimum: 0 },
    'price[lt]': { type: 'number', minimum: 0 },
    fields: { type: 'string', maxLength: 300 },
  },
} as const;

const sortable = {
  price: products.price,
  title: products.title,
  ratingsAverage: products.ratingsAverage,
  ratingsQuantity: products.ratingsQuantity,
  sold: products.sold,
  quantity: products.quantity,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
} as const;

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

/**
 * Serves a catalogue answer from the in-memory cache (keyed by the full URL) with an ETag; answers
 * 304 when the client already has it. `compute` runs only on a miss.
 */
async function cachedAnswer(
  catalogueCache: CatalogueCache,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
) {
  const key = request.url;
  let entry = catalogueCache.get(key);
  if (!entry) {
    const generation = catalogueCache.currentGeneration();
    entry = catalogueCache.set(key, JSON.stringify(await compute()), generation);
  }
  reply.header('ETag', entry.etag);
  // Browsers keep a copy but ask each time (stock changes with orders); the ETag makes that cheap.
  reply.header('Cache-Control', 'no-cache');
  const inm = request.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim() === entry.etag || t.trim() === `W/${entry.etag}`)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = entry.body.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(entry.body);
  // Already compressed: @fastify/compress leaves answers with a Content-Encoding alone.
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  return reply.header('Content-Encoding', encoding).send(encodedBody(entry, encoding));
}

export async function catalogueRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const db = () => ctx.database.db;
  const publicUrl = ctx.config.publicUrl;
  // One cache per app (tests run several apps, on different databases, in one process).
  const cache = new CatalogueCache();
  const untrack = trackCatalogueCache(cache);
  app.addHook('onClose', async () => untrack());
  const cached = (request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) =>
    cachedAnswer(cache, request, reply, compute);

  app.get(
    '/products',
    { schema: { querystring: productListQuery }, preValidation: async (req) => rejectUnknownOperators(req) },
    async (request, reply) => {
      const q = request.query as ProductListQuery;
      const sortKeys: SQL[] = [];
      for (const raw of (q.sort ?? '-createdAt').split(/[,\s]+/).filter(Boolean)) {
        const desc_ = raw.startsWith('-');
        const name = desc_ ? raw.slice(1) : raw.replace(/^\+/, '');
        const column = sortable[name as keyof typeof sortable];
        if (!column) throw new ValidationError('sort', `Cannot sort by ${name}`, q.sort, 'query');
        sortKeys.push(desc_ ? desc(column) : asc(column));
      }
      let fields: string[] | undefined;
      if (q.fields) {
        fields = q.fields.split(/[,\s]+/).filter(Boolean);
        const bad = fields.find((f) => !projectable.has(f.replace(/^-/, '')));
        if (bad) throw new ValidationError('fields', `Unknown field ${bad}`, q.fields, 'query');
      }
      return cached(request, reply, async () => {
        const where: SQL[] = [];
        if (q.keyword?.trim()) {
          const pattern = `%${escapeLike(q.keyword.trim())}%`;
          where.push(or(ilike(products.title, pattern), ilike(products.description, pattern))!);
        }
        if (q.brand) where.push(eq(products.brandId, q.brand));
        if (q.category) where.push(eq(products.categoryId, q.category));
        if (q['category[in]']?.length) where.push(inArray(products.categoryId, q['category[in]']));
        if (q['price[gte]'] !== undefined) where.push(gte(products.price, q['price[gte]']));
        if (q['price[lte]'] !== undefined) where.push(lte(products.price, q['price[lte]']));
        if (q['price[gt]'] !== undefined) where.push(gte(products.price, Math.floor(q['price[gt]']) + 1));
        if (q['price[lt]'] !== undefined) where.push(lte(products.price, Math.ceil(q['price[lt]']) - 1));
        const condition = where.length ? and(...where) : undefined;
        const [totalRow] = await db().select({ n: count() }).from(products).where(condition);
        const total = Number(totalRow?.n ?? 0);
        const rows = await db()
          .select()
          .from(products)
          .where(condition)
          .orderBy(...sortKeys, asc(products.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit);
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
    return cached(request, reply, async () => {
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
        const { page, limit } = request.query as { page: number; limit: number };
        return cached(request, reply, async () => {
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
      return cached(request, reply, async () => {
        const [row] = await db().select().from(table).where(eq(table.id, id));
        if (!row) throw new AppError(404, `No ${label} for this id ${id}`);
        return { data: { ...serializeCategory(row, publicUrl), __v: 0 } };
      });
    });
  }

  async function subcategoryList(request: FastifyRequest, reply: FastifyReply, categoryId?: string) {
    const { page, limit } = request.query as { page: number; limit: number };
    return cached(request, reply, async () => {
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
    return cached(request, reply, async () => {
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
