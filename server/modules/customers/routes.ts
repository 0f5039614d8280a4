import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CustomerList, CustomerListQuery } from '@/lib/contract/reports';
import { listCustomers } from './service';

/** GET /customers (staff): shoppers' accounts, newest first, with their orders and what they spent. */
export const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/customers',
    {
      onRequest: [app.authenticate, app.requireStaff],
      schema: { querystring: CustomerListQuery, response: { 200: CustomerList } },
    },
    async function getCustomers(request) {
      return listCustomers(ctx, request.query);
    },
  );
};
