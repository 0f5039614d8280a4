// The back office's reports (issue 28), staff only: GET /orders/export.csv and GET /dashboard.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OrderExportQuery } from '@/lib/contract/orders';
import { onlyOperators } from '../../paging';
import { DashboardAnswer } from '@/lib/contract/reports';
import { dashboard } from './dashboard';
import { exportOrders } from './export';
import { listOperators } from './order-list';

export const orderReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/orders/export.csv',
    {
      onRequest: [app.authenticate, app.requireStaff],
      preValidation: onlyOperators(listOperators),
      schema: { querystring: OrderExportQuery },
    },
    async function getOrderExport(request, reply) {
      const stream = await exportOrders(ctx, request.query);
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="freshcart-orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/dashboard',
    {
      onRequest: [app.authenticate, app.requireStaff],
      schema: { response: { 200: DashboardAnswer } },
    },
    async function getDashboard(_request, reply) {
      return reply.header('cache-control', 'no-store').send(await dashboard(ctx));
    },
  );
};
