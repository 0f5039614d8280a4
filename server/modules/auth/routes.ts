import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthAnswer,
  ForgotPasswordBody,
  LoggedOut,
  PasswordReset,
  ResetCodeSent,
  ResetCodeVerified,
  ResetPasswordBody,
  SigninBody,
  SignupBody,
  VerifyResetCodeBody,
  VerifyTokenAnswer,
} from '@/lib/contract/auth';
import { LangQuery } from '@/lib/contract/common';
import type { FastifyRequest } from 'fastify';
import { requireUser } from './authenticate';
import { deviceCookieMaxAgeSeconds, deviceCookiePath } from './device-cookies';
import {
  defaultAuthLimits,
  logOut,
  resetPassword,
  sendResetCode,
  signIn,
  signUp,
  verifyResetCode,
  type AuthLimits,
  type Client,
} from './service';

/** The request's address and cookies, as the service reads them. */
export function client(request: FastifyRequest): Client {
  return { ip: request.ip, cookies: request.cookies };
}

export const authRoutes: FastifyPluginAsyncTypebox<{ limits?: Partial<AuthLimits> }> = async (app, opts) => {
  const { ctx } = app;
  // Every call here is limited per IP too (on top of the per-account counters in the service).
  const limited = {
    rateLimit: {
      max: opts.limits?.perMinute ?? ctx.config.authRateLimitPerMinute,
      timeWindow: opts.limits?.windowMs ?? 60_000,
    },
  };
  const limits = { ...defaultAuthLimits, ...opts.limits };
  const deviceCookieOptions = {
    path: deviceCookiePath,
    maxAge: deviceCookieMaxAgeSeconds,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https:'),
  } as const;

  app.post(
    '/auth/signup',
    { config: limited, schema: { body: SignupBody, response: { 201: AuthAnswer } } },
    async function postSignup(request, reply) {
      return reply.status(201).send(await signUp(ctx, request.body));
    },
  );

  app.post(
    '/auth/signin',
    { config: limited, schema: { body: SigninBody, response: { 200: AuthAnswer } } },
    async function postSignin(request, reply) {
      const { answer, device } = await signIn(ctx, limits, request.body, client(request));
      void reply.setCookie(device.name, device.value, deviceCookieOptions);
      return answer;
    },
  );

  app.get(
    '/auth/verifyToken',
    { onRequest: app.authenticate, schema: { response: { 200: VerifyTokenAnswer } } },
    async function getVerifyToken(request) {
      const { id, name, role, iat, exp } = requireUser(request);
      return { message: 'verified', decoded: { id, name, role, iat, exp } };
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: app.authenticate, schema: { response: { 200: LoggedOut } } },
    async function postLogout(request) {
      return logOut(ctx, requireUser(request));
    },
  );

  app.post(
    '/auth/forgotPasswords',
    {
      config: limited,
      // ?lang= or Accept-Language: the language of the mail (the answer stays the contract's English).
      schema: { querystring: LangQuery, body: ForgotPasswordBody, response: { 200: ResetCodeSent } },
    },
    async function postForgotPasswords(request) {
      return sendResetCode(ctx, limits, request.body, request.lang);
    },
  );

  app.post(
    '/auth/verifyResetCode',
    { config: limited, schema: { body: VerifyResetCodeBody, response: { 200: ResetCodeVerified } } },
    async function postVerifyResetCode(request) {
      return verifyResetCode(ctx, limits, request.body, client(request));
    },
  );

  app.put(
    '/auth/resetPassword',
    { config: limited, schema: { body: ResetPasswordBody, response: { 200: PasswordReset } } },
    async function putResetPassword(request) {
      return resetPassword(ctx, limits, request.body, request.ip);
    },
  );
};
