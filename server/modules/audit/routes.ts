import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditLogList, AuditLogQuery } from '@/lib/contract/staff';
import { readAuditLog } from './service';

export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/audit-log',
    {
      onRequest: [app.authenticate, app.requireStaff],
      schema: { querystring: AuditLogQuery, response: { 200: AuditLogList } },
    },
    async function getAuditLog(request) {
      return readAuditLog(ctx, request.query);
    },
  );
};
