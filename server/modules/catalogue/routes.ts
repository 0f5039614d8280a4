import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CategoryAnswer,
  CategoryList,
  ProductListQuery,
  SubcategoryAnswer,
  SubcategoryList,
} from '@/lib/contract/catalogue';
import { IdParams, LangQuery, ListQuery } from '@/lib/contract/common';
import { ProductAnswerWithStaff, ProductListWithStaff } from '@/lib/contract/staff';
import { isObjectId } from '../../db/ids';
import { onlyOperators } from '../../paging';
import { AppError } from '../../errors';
import { productKey } from './cache';
import { cachedReply } from './cached-reply';
import { exemptFromAddressLimits } from '../../address-list';
import { UncachedReadBudget } from './read-budget';
import {
  listNamed,
  listProducts,
  listSubcategories,
  namedDetails,
  noCategoryWithId,
  noNamedWithId,
  noProductWithId,
  noSubcategoryWithId,
  pageOf,
  planProductList,
  productDetails,
  subcategoryDetails,
  type CatalogueAnswer,
  type NamedPath,
} from './service';

// Bracket operators other than these (price[$gt], title[regex], ...) are refused, not ignored.
const allowedBracketKeys = new Set([
  'category[in]',
  'price[gte]',
  'price[lte]',
  'price[gt]',
  'price[lt]',
  'quantity[gte]',
  'quantity[lte]',
]);

const rejectUnknownOperators = onlyOperators(allowedBracketKeys);

export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  // The app's own cache (ctx): orders tell it which products' stock changed.
  const cache = ctx.catalogueCache;
  cache.startSweeping();
  app.addHook('onClose', async () => {
    cache.stop();
  });
  // CATALOGUE_CACHE_MB=0 turns the cache off entirely: every request computes its own answer (the growth
  // benchmark measures the database that way), without sharing a computation under way either.
  const cacheOff = ctx.config.catalogueCacheMB === 0;
  const budget = new UncachedReadBudget(ctx.config.catalogueUncachedPerMinute, ctx.now);
  // One entry per language: an Arabic answer is never served to an English request or the reverse. Both entries
  // record the products they show, so an order drops them together. A request the cache cannot answer (nor a
  // computation under way) spends one of its address's uncached reads first; over budget it is a 429.
  function cached<T>(
    key: string,
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<CatalogueAnswer<T>>,
  ) {
    const perLanguage = cacheOff ? null : `${request.lang}:${key}`;
    if (!cache.holds(perLanguage) && !exemptFromAddressLimits(ctx.config, request.ip))
      budget.spend(request.ip);
    return cachedReply(cache, perLanguage, request, reply, compute);
  }
  // Answers whose titles and names follow request.lang (Content-Language, Vary: Accept-Language).
  const config = { localised: true };
  const pageKey = (path: string, { page, limit }: { page: number; limit: number }) =>
    `${path}?page=${page}&limit=${limit}`;

  app.get(
    '/products',
    {
      config,
      schema: { querystring: ProductListQuery, response: { 200: ProductListWithStaff } },
      preValidation: rejectUnknownOperators,
    },
    async function getProducts(request, reply) {
      const plan = planProductList(request.query, request.lang);
      const staff = await app.staffOrNull(request);
      if (!staff && request.query.status && request.query.status !== 'active') {
        // Drafts and archived products are staff business: 401 without a token, 403 with a shopper's.
        await app.authenticate(request, reply);
        await app.requireStaff(request, reply);
      }
      // Staff answers carry the staff fields: never cached, never shared with a shopper.
      if (staff) return cachedReply(cache, null, request, reply, () => listProducts(ctx, plan, 'staff'));
      return cached(plan.key, request, reply, () => listProducts(ctx, plan));
    },
  );

  app.get(
    '/products/:id',
    {
      config,
      schema: { params: IdParams, querystring: LangQuery, response: { 200: ProductAnswerWithStaff } },
    },
    async function getProduct(request, reply) {
      const { id } = request.params;
      if (!isObjectId(id)) throw new AppError(404, noProductWithId(id));
      if (await app.staffOrNull(request))
        return cachedReply(cache, null, request, reply, () => productDetails(ctx, id, request.lang, 'staff'));
      return cached(productKey(id), request, reply, () => productDetails(ctx, id, request.lang));
    },
  );

  for (const path of ['categories', 'brands'] as const satisfies NamedPath[]) {
    app.get(
      `/${path}`,
      { config, schema: { querystring: ListQuery, response: { 200: CategoryList } } },
      async function getNamedList(request, reply) {
        const { page, limit } = pageOf(request.query);
        return cached(pageKey(path, { page, limit }), request, reply, () =>
          listNamed(ctx, path, page, limit, request.lang),
        );
      },
    );

    app.get(
      `/${path}/:id`,
      { config, schema: { params: IdParams, querystring: LangQuery, response: { 200: CategoryAnswer } } },
      async function getNamed(request, reply) {
        const { id } = request.params;
        if (!isObjectId(id)) throw new AppError(404, noNamedWithId(path, id));
        return cached(`${path}/${id}`, request, reply, () => namedDetails(ctx, path, id, request.lang));
      },
    );
  }

  app.get(
    '/subcategories',
    { config, schema: { querystring: ListQuery, response: { 200: SubcategoryList } } },
    async function getSubcategories(request, reply) {
      const { page, limit } = pageOf(request.query);
      return cached(pageKey('subcategories/', { page, limit }), request, reply, () =>
        listSubcategories(ctx, undefined, page, limit, request.lang),
      );
    },
  );

  app.get(
    '/subcategories/:id',
    { config, schema: { params: IdParams, querystring: LangQuery, response: { 200: SubcategoryAnswer } } },
    async function getSubcategory(request, reply) {
      const { id } = request.params;
      if (!isObjectId(id)) throw new AppError(404, noSubcategoryWithId(id));
      return cached(`subcategory/${id}`, request, reply, () => subcategoryDetails(ctx, id, request.lang));
    },
  );

  app.get(
    '/categories/:id/subcategories',
    { config, schema: { params: IdParams, querystring: ListQuery, response: { 200: SubcategoryList } } },
    async function getCategorySubcategories(request, reply) {
      const { id } = request.params;
      if (!isObjectId(id)) throw new AppError(404, noCategoryWithId(id));
      const { page, limit } = pageOf(request.query);
      return cached(pageKey(`subcategories/${id}`, { page, limit }), request, reply, () =>
        listSubcategories(ctx, id, page, limit, request.lang),
      );
    },
  );
};
