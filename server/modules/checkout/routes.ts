import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CheckoutQuery, CheckoutSessionAnswer } from '@/lib/contract/checkout';
import { CartIdParams, ShippingAddressBody } from '@/lib/contract/orders';
import { requireUser } from '../auth';
import { isObjectId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import { holdLimitsOf, noCartWithId, readShippingAddress } from '../orders';
import type { PaymentProvider } from './providers/provider';
import { providerFromConfig } from './providers/select-provider';
import { testPaymentPageRoutes } from './providers/test-provider';
import { providerReturnRoutes } from './return-routes';
import { stripeWebhookRoutes } from './webhook-routes';
import { createCheckoutSession, serializeSession } from './service';

/**
 * The origins a checkout may return to: the shop's own (PUBLIC_URL's, and outside production its loopback names:
 * config.ts, ownOrigins) and its storefronts (CORS_ORIGINS).
 */
export function returnOrigins(config: {
  publicUrl: string;
  ownOrigins?: string[];
  corsOrigins: string[];
}): Set<string> {
  const origins = new Set<string>([new URL(config.publicUrl).origin, ...(config.ownOrigins ?? [])]);
  // "*" lets any page read the API; it does not make every site a place to send paying shoppers.
  for (const o of config.corsOrigins) if (o !== '*') origins.add(new URL(o).origin);
  return origins;
}

/**
 * ?url= becomes the success and cancel links: an absolute http(s) address on one of the shop's own
 * origins (anything else would be an open redirect after paying), with no control characters (a CR/LF
 * would end up in a Location header). The parsed form is what is stored.
 */
export function readReturnBase(query: CheckoutQuery | undefined, allowed: Set<string>): string {
  const raw = query?.url;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError('url', 'url is required', value, 'query');
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    throw new ValidationError('url', 'url must not contain control characters', value, 'query');
  }
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    throw new ValidationError('url', 'url must be an absolute http or https URL', value, 'query');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ValidationError('url', 'url must be an absolute http or https URL', value, 'query');
  }
  if (!allowed.has(parsed.origin) || parsed.username || parsed.password) {
    throw new ValidationError('url', "url must be on this shop's own address", value, 'query');
  }
  // Storefronts pass "<origin>/#" so the return lands on a hash route; the parsed form keeps that.
  return parsed.href;
}

/**
 * Card checkout: the session API, the hosted test payment page and the Stripe webhook. One plugin,
 * registered by server/app.ts without a prefix (the page lives at /pay, the API under /api/v1).
 */
export const checkoutRoutes: FastifyPluginAsyncTypebox<{ provider?: PaymentProvider }> = async (
  app,
  opts,
) => {
  const { ctx } = app;
  const provider = opts.provider ?? (await providerFromConfig(ctx.config));
  const allowedReturns = returnOrigins(ctx.config);

  app.post(
    '/api/v1/orders/checkout-session/:cartId',
    {
      preHandler: app.authenticate,
      schema: {
        params: CartIdParams,
        querystring: CheckoutQuery,
        body: ShippingAddressBody,
        response: { 200: CheckoutSessionAnswer },
      },
    },
    async function postCheckoutSession(request) {
      const user = requireUser(request);
      const { cartId } = request.params;
      const shippingAddress = readShippingAddress(request.body);
      const returnBase = readReturnBase(request.query, allowedReturns);
      if (!isObjectId(cartId)) throw new AppError(404, noCartWithId(cartId));
      try {
        const { row, url } = await createCheckoutSession(ctx.database.db, provider, {
          userId: user.id,
          email: user.email,
          cartId,
          shippingAddress,
          returnBase,
          publicUrl: ctx.config.publicUrl,
          now: new Date(ctx.now()),
          lang: request.lang,
          clientIp: request.ip,
          holdLimits: holdLimitsOf(ctx.config),
        });
        return { status: 'success' as const, session: serializeSession(row, url) };
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 502)
          request.log.error({ err: err.cause }, 'payment provider failed');
        throw err;
      }
    },
  );

  await app.register(testPaymentPageRoutes);
  await app.register(providerReturnRoutes, { provider });
  await app.register(stripeWebhookRoutes, { provider });
};
