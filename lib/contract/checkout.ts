// Card checkout: a payment session for the caller's cart. The shopper pays on `url` (our hosted test page or the
// provider's), then comes back to `success_url` or `cancel_url`, built from `?url=`.
import { Type, type Static } from 'typebox';
import { LangQuery } from './common';

export const CheckoutSession = Type.Object({
  id: Type.String(),
  url: Type.String(),
  success_url: Type.String(),
  cancel_url: Type.String(),
  status: Type.String(),
  payment_status: Type.String(),
  amount_total: Type.Integer(),
  currency: Type.String(),
  expires_at: Type.Integer(),
});
export type CheckoutSession = Static<typeof CheckoutSession>;

export const CheckoutSessionAnswer = Type.Object({
  status: Type.Literal('success'),
  session: CheckoutSession,
});
export type CheckoutSessionAnswer = Static<typeof CheckoutSessionAnswer>;

/**
 * `url`: where the shopper returns, on one of the shop's own origins (checked by the server). Repeats allowed.
 * `lang` (or Accept-Language): the language of the hosted payment page.
 */
export const CheckoutQuery = Type.Object({
  url: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  ...LangQuery.properties,
});
export type CheckoutQuery = Static<typeof CheckoutQuery>;

export const PaySessionParams = Type.Object({ sessionId: Type.String({ maxLength: 100 }) });
