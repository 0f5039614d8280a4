import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PaySessionParams } from '@/lib/contract/checkout';
import { fulfilCheckoutSession, fulfilDeps, refundFailedPayment } from './fulfil';
import type { PaymentProvider } from './providers/provider';
import { findSession, hostedPages, pageLanguage, pageReplies } from './providers/test-provider';

/**
 * GET /pay/:sessionId/return: off-site providers send the shopper here after paying. Whatever the webhook has or
 * has not done yet, it asks the provider and fulfils (idempotent), then continues to the shop's success page. It
 * answers as the hosted pages do (providers/test-provider/replies.ts).
 */
export const providerReturnRoutes: FastifyPluginAsyncTypebox<{ provider: PaymentProvider }> = async (
  app,
  opts,
) => {
  const { ctx } = app;
  const { provider } = opts;
  const db = () => ctx.database.db;
  const replies = pageReplies(ctx.config.shopName);
  const { notFound, failed } = replies;
  hostedPages(app, replies);

  async function returnFromProvider(
    request: FastifyRequest<{ Params: { sessionId: string } }>,
    reply: FastifyReply,
  ) {
    const session = await findSession(db(), request.params.sessionId);
    if (!session || !session.providerSessionId || !provider.retrieveSession)
      return notFound(reply, pageLanguage(request));
    const lang = pageLanguage(request, session);
    if (session.status === 'complete') return reply.redirect(session.successUrl, 303);
    if (session.status === 'failed') {
      // A provider session fails only after its payment; a refund that did not go through before (the
      // provider was down) is tried again here (one refund per session: the idempotency key).
      if (!session.refundId)
        await refundFailedPayment(db(), provider, session, request.log, new Date(ctx.now()));
      return failed(reply, lang, session, session.failureReason);
    }
    let state;
    try {
      state = await provider.retrieveSession(session.providerSessionId);
    } catch (err) {
      // The webhook will still fulfil; the shopper can look at the order history meanwhile.
      request.log.error({ err, sessionId: session.id }, 'could not read the session back from the provider');
      return reply.redirect(session.successUrl, 303);
    }
    if (!state.paid) return reply.redirect(session.successUrl, 303);
    const now = new Date(ctx.now());
    const result = await fulfilCheckoutSession(
      db(),
      { sessionId: session.id },
      {
        paidAt: state.paidAt ?? now,
        now,
        beforeCharge: false,
        charged: { amountTotal: state.amountTotal, currency: state.currency },
        ...fulfilDeps(ctx),
      },
    );
    if (result.outcome === 'failed') {
      await refundFailedPayment(db(), provider, result.session, request.log, now);
      return failed(reply, lang, result.session, result.reason);
    }
    return reply.redirect(session.successUrl, 303);
  }

  app.get('/pay/:sessionId/return', { schema: { params: PaySessionParams } }, returnFromProvider);
};
