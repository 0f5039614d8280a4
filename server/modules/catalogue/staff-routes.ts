// The catalogue's staff writes (issue 27): POST /products, PUT and DELETE /products/{id}, the same for
// /categories and /brands, POST /products/{id}/duplicate and GET /products/{id}/stock-history. Staff and admins
// only (the role is read from the database on each call); a shopper's token gets 403.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, PageQuery } from '@/lib/contract/common';
import {
  NamedCreateBody,
  NamedUpdateBody,
  ProductBulkAnswer,
  ProductBulkBody,
  ProductCreateBody,
  ProductUpdateBody,
  StaffCategoryAnswer,
  StaffProductAnswer,
  StockHistoryList,
} from '@/lib/contract/staff';
import { actorOf } from '../auth';
import type { NamedPath } from './service';
import { bulkChangeProducts } from './staff-bulk';
import {
  archiveProduct,
  createNamed,
  createProduct,
  deleteNamed,
  duplicateProduct,
  readStockHistory,
  updateNamed,
  updateProduct,
} from './staff-service';

export const catalogueStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  // Before any body validation: a shopper learns nothing of the staff calls' rules.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireStaff);

  app.post(
    '/products',
    { schema: { body: ProductCreateBody, response: { 201: StaffProductAnswer } } },
    async function postProduct(request, reply) {
      const answer = await createProduct(ctx, actorOf(request), request.body);
      return reply.status(201).send(answer);
    },
  );

  app.put(
    '/products/:id',
    { schema: { params: IdParams, body: ProductUpdateBody, response: { 200: StaffProductAnswer } } },
    async function putProduct(request) {
      return updateProduct(ctx, actorOf(request), request.params.id, request.body);
    },
  );

  app.delete(
    '/products/:id',
    { schema: { params: IdParams, response: { 200: StaffProductAnswer } } },
    async function deleteProduct(request) {
      return archiveProduct(ctx, actorOf(request), request.params.id);
    },
  );

  app.post(
    '/products/bulk',
    { schema: { body: ProductBulkBody, response: { 200: ProductBulkAnswer } } },
    async function postBulk(request) {
      return bulkChangeProducts(ctx, actorOf(request), request.body);
    },
  );

  app.post(
    '/products/:id/duplicate',
    { schema: { params: IdParams, response: { 201: StaffProductAnswer } } },
    async function postDuplicate(request, reply) {
      const answer = await duplicateProduct(ctx, actorOf(request), request.params.id);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/products/:id/stock-history',
    { schema: { params: IdParams, querystring: PageQuery, response: { 200: StockHistoryList } } },
    async function getStockHistory(request) {
      return readStockHistory(ctx, request.params.id, request.query);
    },
  );

  for (const path of ['categories', 'brands'] as const satisfies NamedPath[]) {
    app.post(
      `/${path}`,
      { schema: { body: NamedCreateBody, response: { 201: StaffCategoryAnswer } } },
      async function postNamed(request, reply) {
        const answer = await createNamed(ctx, actorOf(request), path, request.body);
        return reply.status(201).send(answer);
      },
    );

    app.put(
      `/${path}/:id`,
      { schema: { params: IdParams, body: NamedUpdateBody, response: { 200: StaffCategoryAnswer } } },
      async function putNamed(request) {
        return updateNamed(ctx, actorOf(request), path, request.params.id, request.body);
      },
    );

    app.delete(
      `/${path}/:id`,
      { schema: { params: IdParams, response: { 200: StaffCategoryAnswer } } },
      async function deleteNamedRoute(request) {
        return deleteNamed(ctx, actorOf(request), path, request.params.id);
      },
    );
  }
};
