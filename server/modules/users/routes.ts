import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthAnswer, ChangePasswordBody, UpdateMeAnswer, UpdateMeBody } from '@/lib/contract/auth';
import { requireUser } from '../auth/authenticate';
import { changePassword, updateMe } from './service';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.put(
    '/users/changeMyPassword',
    { onRequest: app.authenticate, schema: { body: ChangePasswordBody, response: { 200: AuthAnswer } } },
    async function putChangeMyPassword(request) {
      return changePassword(ctx, requireUser(request).id, request.body);
    },
  );

  app.put(
    '/users/updateMe',
    { onRequest: app.authenticate, schema: { body: UpdateMeBody, response: { 200: UpdateMeAnswer } } },
    async function putUpdateMe(request) {
      return updateMe(ctx, requireUser(request).id, request.body);
    },
  );
};
