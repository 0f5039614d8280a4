import type { FastifyInstance } from 'fastify';
import { webhookEvents } from '../../db/schema';
import { AppError } from '../../errors';
import { runInTransaction } from '../../db/client';
import { fulfilDeps, fulfilInTransaction, refundFailedPayment, type FulfilResult } from './fulfil';
import { WebhookVerificationError, type PaymentProvider } from './providers/provider';

const webhookBodyLimit = 512 * 1024;

/**
 * POST /api/v1/webhooks/stripe. The signature covers the exact bytes Stripe sent, so this route (and
 * only this one: the plugin is encapsulated) keeps the raw body instead of parsing JSON. Events are
 * recorded by id in the same transaction that fulfils: a retried or replayed event is acknowledged
 * and does nothing, and a failed fulfilment leaves no record, so Stripe's retry runs it again.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, opts: { provider: PaymentProvider }) {
  const { ctx } = app;
  const { provider } = opts;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post('/api/v1/webhooks/stripe', async (request, reply) => {
    if (!provider.readWebhook) {
      throw new AppError(
        404,
        'Stripe webhooks are not enabled on this server (STRIPE_SECRET_KEY is not set)',
      );
    }
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const sigHeader = request.headers['stripe-signature'];
    let event;
    try {
      event = provider.readWebhook(raw, Array.isArray(sigHeader) ? sigHeader[0] : sigHeader);
    } catch (err) {
      if (err instanceof WebhookVerificationError) {
        request.log.warn({ reason: err.message }, 'stripe webhook refused');
        throw new AppError(400, `Webhook signature verification failed: ${err.message}`);
      }
      throw new AppError(400, 'Webhook payload is not a valid Stripe event');
    }

    const now = new Date(ctx.now());
    const { duplicate, result } = await runInTransaction(ctx.database.db, async (tx) => {
      const inserted = await tx
        .insert(webhookEvents)
        .values({ id: event.eventId, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      // A concurrent delivery of the same event waits on the primary key and then finds it taken.
      if (inserted.length === 0) return { duplicate: true, result: undefined };
      if (!event.paid) return { duplicate: false, result: undefined };
      const fulfilled: FulfilResult = await fulfilInTransaction(
        tx,
        { providerSessionId: event.paid.providerSessionId },
        {
          paidAt: event.paid.paidAt,
          now,
          beforeCharge: false,
          charged: { amountTotal: event.paid.amountTotal, currency: event.paid.currency },
          ...fulfilDeps(ctx),
        },
      );
      return { duplicate: false, result: fulfilled };
    });

    // Money was taken for a session the shop could not honour (cart changed, amount differs, stock
    // ran out): it goes back now. A retried event finds the session failed and refunded already.
    if (result?.outcome === 'failed')
      await refundFailedPayment(ctx.database.db, provider, result.session, request.log, now);
    if (result?.outcome === 'unknown') {
      request.log.warn({ event: event.eventId }, 'Stripe event for a session this shop does not know');
    }
    // 2xx for everything verified: Stripe retries anything else for days.
    return reply.status(200).send({
      received: true,
      ...(duplicate ? { duplicate: true } : {}),
      ...(result ? { outcome: result.outcome } : {}),
    });
  });
}
