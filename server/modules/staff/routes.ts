import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '@/lib/contract/common';
import { RoleBody, StaffAccountAnswer, StaffAccountList, StaffListQuery } from '@/lib/contract/staff';
import { requireUser } from '../auth';
import { changeRole, listAccounts } from './service';

/** GET /staff and PUT /staff/{id}: admins only. */
export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/staff',
    { schema: { querystring: StaffListQuery, response: { 200: StaffAccountList } } },
    async function getStaff(request) {
      return listAccounts(ctx, request.query);
    },
  );

  app.put(
    '/staff/:id',
    { schema: { params: IdParams, body: RoleBody, response: { 200: StaffAccountAnswer } } },
    async function putStaff(request) {
      const { id, email } = requireUser(request);
      return changeRole(ctx, { id, email }, request.params.id, request.body.role);
    },
  );
};
