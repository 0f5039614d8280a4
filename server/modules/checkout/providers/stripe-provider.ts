import Stripe from 'stripe';
import { toMinorUnits } from '@/lib/rules/money';
import {
  WebhookVerificationError,
  type CreateSessionInput,
  type CreatedSession,
  type PaidEvent,
  type PaymentProvider,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Overrides for the API address: tests point the SDK at a local stand-in for Stripe's API. */
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: 'http' | 'https';
}

/** Stripe's recommended window for webhook timestamps: older signed payloads are refused as replays. */
export const webhookToleranceSeconds = 300;

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiHost ? { host: options.apiHost } : {}),
    ...(options.apiPort ? { port: options.apiPort } : {}),
    ...(options.apiProtocol ? { protocol: options.apiProtocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lines.map((line) => ({
        quantity: line.count,
        price_data: {
          currency: input.currency,
          unit_amount: toMinorUnits(line.unitPrice),
          product_data: { name: line.title },
        },
      }));
      // The cart page adds tax and takes off savings (lib/rules/cart-summary); Stripe line items
      // cannot be negative, so tax is a line and savings are a one-off coupon. The charged total is
      // then exactly the cart page's Total.
      if (input.tax > 0) {
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: input.currency,
            unit_amount: toMinorUnits(input.tax),
            product_data: { name: 'Tax' },
          },
        });
      }
      // Idempotency keys make the SDK's retries (and ours) create one coupon and one session.
      const idem = `checkout-${input.sessionId}`;
      let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
      if (input.savings > 0) {
        const coupon = await stripe.coupons.create(
          {
            amount_off: toMinorUnits(input.savings),
            currency: input.currency,
            duration: 'once',
            max_redemptions: 1,
            name: 'Savings',
          },
          { idempotencyKey: `${idem}-coupon` },
        );
        discounts = [{ coupon: coupon.id }];
      }

      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems,
          ...(discounts ? { discounts } : {}),
          // Stripe sends the shopper to our return address, which fulfils (racing the webhook,
          // harmlessly) and then redirects to the storefront's success page.
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.sessionId,
          metadata: { checkoutSessionId: input.sessionId },
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          // Stripe's own default lifetime is 24 hours, the same as ours; passing expires_at would
          // risk "more than 24 hours" by a few milliseconds of clock difference.
        },
        { idempotencyKey: `${idem}-session` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { providerSessionId: session.id, url: session.url };
    },

    async retrieveSession(providerSessionId: string) {
      const session = await stripe.checkout.sessions.retrieve(providerSessionId);
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return {
        paid,
        paidAt: paid ? new Date() : null,
        amountTotal: session.amount_total,
        currency: session.currency,
      };
    },

    async refund(providerSessionId: string, idempotencyKey: string, amount?: number) {
      const session = await stripe.checkout.sessions.retrieve(providerSessionId);
      const intent = session.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
      if (!paymentIntent) throw new Error(`Stripe session ${providerSessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          // Absent: everything the payment took (Stripe's default). Minor units, as the session was charged.
          ...(amount !== undefined ? { amount } : {}),
          metadata: { checkoutSessionId: session.client_reference_id ?? '' },
        },
        { idempotencyKey },
      );
      return refund.id;
    },

    readWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaidEvent {
      if (!signatureHeader) throw new WebhookVerificationError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          webhookToleranceSeconds,
        );
      } catch (err) {
        throw new WebhookVerificationError(err instanceof Error ? err.message : 'Invalid signature');
      }
      // checkout.session.completed carries payment_status "paid" for card payments; delayed methods
      // report success later with async_payment_succeeded. Both mean: fulfil.
      if (
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        const session = event.data.object;
        if (session.payment_status === 'paid') {
          return {
            eventId: event.id,
            type: event.type,
            paid: {
              providerSessionId: session.id,
              clientReferenceId: session.client_reference_id ?? null,
              paidAt: new Date(event.created * 1000),
              amountTotal: session.amount_total,
              currency: session.currency,
            },
          };
        }
      }
      return { eventId: event.id, type: event.type, paid: null };
    },
  };
}
