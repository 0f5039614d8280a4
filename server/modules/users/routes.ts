import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthAnswer, ChangePasswordBody, UpdateMeAnswer, UpdateMeBody } from '@/lib/contract/auth';
import { defaultAuthLimits, requireUser, type AuthLimits } from '../auth';
import { changePassword, updateMe } from './service';

export const userRoutes: FastifyPluginAsyncTypebox<{ limits?: Partial<AuthLimits> }> = async (app, opts) => {
  const { ctx } = app;
  // Current-password checks per address follow sign-in's per-address limit (AUTH_RATE_LIMIT_PER_MINUTE).
  const limits = {
    ...defaultAuthLimits,
    passwordChecksPerAddress: {
      max: opts.limits?.perMinute ?? ctx.config.authRateLimitPerMinute,
      ms: opts.limits?.windowMs ?? 60_000,
    },
    ...opts.limits,
  };

  app.put(
    '/users/changeMyPassword',
    { onRequest: app.authenticate, schema: { body: ChangePasswordBody, response: { 200: AuthAnswer } } },
    async function putChangeMyPassword(request) {
      return changePassword(ctx, limits, requireUser(request).id, request.body, request.ip);
    },
  );

  app.put(
    '/users/updateMe',
    { onRequest: app.authenticate, schema: { body: UpdateMeBody, response: { 200: UpdateMeAnswer } } },
    async function putUpdateMe(request) {
      return updateMe(ctx, limits, requireUser(request).id, request.body, request.ip);
    },
  );
};
