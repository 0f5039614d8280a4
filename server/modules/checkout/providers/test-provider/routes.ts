import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PaySessionParams } from '@/lib/contract/checkout';
import type { Language } from '@/lib/contract/common';
import { cartChangedReason, isExpired, type CheckoutSessionRow } from '../../fulfil';
import { csrfTokenFor } from './guard';
import { renderPayForm, type PayFormView } from './page';
import { allowReturnOrigins, hostedPages, nonceOf, pageLanguage, pageReplies } from './replies';
import { findSession, formFields, openSession, payByCard, postRefusal } from './service';
import { pageTexts } from './texts';

type PayRequest = FastifyRequest<{ Params: { sessionId: string } }>;

/**
 * The hosted test payment page, GET and POST /pay/:sessionId: the test provider's sessions are paid here, the way
 * a provider's test mode does, with no network and no third party. Plain HTML, no script but the theme's, no
 * cookies.
 */
export const testPaymentPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = () => ctx.database.db;
  const replies = pageReplies(ctx.config.shopName);
  const { page, message, notFound, expired, paid, failed } = replies;
  hostedPages(app, replies);

  /** Renders the form for an open session, or explains why it cannot be paid. */
  async function renderOpen(
    reply: FastifyReply,
    lang: Language,
    session: CheckoutSessionRow,
    status: number,
    extra: Pick<PayFormView, 'errors' | 'declined' | 'values'> = {},
  ) {
    const open = await openSession(db(), session, lang);
    if (open.kind === 'changed') return failed(reply, lang, session, cartChangedReason);
    allowReturnOrigins(reply, session);
    return page(
      reply,
      status,
      renderPayForm({
        sessionId: session.id,
        shopName: ctx.config.shopName,
        lines: open.lines,
        summary: open.summary,
        cancelUrl: session.cancelUrl,
        csrfToken: csrfTokenFor(ctx.config.jwtSecret, session.id, session.createdAt),
        nonce: nonceOf(reply),
        lang,
        ...extra,
      }),
    );
  }

  /** The form, or the page that says why this session cannot be paid (paid already, failed, expired). */
  async function showPaymentPage(request: PayRequest, reply: FastifyReply) {
    const session = await findSession(db(), request.params.sessionId);
    // Sessions of off-site providers are paid on the provider's page, never here.
    if (!session || session.provider !== 'test') return notFound(reply, pageLanguage(request));
    const lang = pageLanguage(request, session);
    const now = new Date(ctx.now());
    if (session.status === 'complete') return paid(reply, lang, session);
    if (session.status === 'failed') return failed(reply, lang, session, session.failureReason);
    if (isExpired(session, now)) return expired(reply, lang, session);
    return renderOpen(reply, lang, session, 200);
  }

  /** A card typed on the form: refused cross-site, shown again with its problems, declined, or paid (303). */
  async function submitPayment(request: PayRequest, reply: FastifyReply) {
    const session = await findSession(db(), request.params.sessionId);
    if (!session || session.provider !== 'test') return notFound(reply, pageLanguage(request));
    const lang = pageLanguage(request, session);
    const t = pageTexts[lang];

    const body = formFields(request.body);
    const refused = postRefusal(ctx, request, session, body);
    if (refused) {
      request.log.warn({ sessionId: session.id, reason: refused }, 'payment form post refused');
      return message(reply, lang, 403, {
        title: t.messages.refusedTitle,
        heading: t.messages.refusedHeading,
        paragraphs: t.messages.refusedBody,
        link: { href: `/pay/${session.id}?lang=${lang}`, text: t.messages.openPaymentPage },
        tone: 'error',
      });
    }

    const now = new Date(ctx.now());
    // A second submit after success (double click, back and resubmit) lands where the first did.
    if (session.status === 'complete') return reply.redirect(session.successUrl, 303);
    if (session.status === 'failed') return failed(reply, lang, session, session.failureReason);
    if (isExpired(session, now)) return expired(reply, lang, session);

    const payment = await payByCard(ctx, session, body, lang, now);
    if (payment.kind === 'invalid')
      return renderOpen(reply, lang, session, 422, { errors: payment.errors, values: payment.values });
    if (payment.kind === 'declined')
      return renderOpen(reply, lang, session, 402, { declined: payment.message, values: payment.values });
    const { result } = payment;
    switch (result.outcome) {
      case 'paid':
        return reply.redirect(result.session.successUrl, 303);
      case 'failed':
        return failed(reply, lang, result.session, result.reason);
      case 'expired':
        return expired(reply, lang, result.session);
      default:
        return notFound(reply, lang);
    }
  }

  app.get('/pay/:sessionId', { schema: { params: PaySessionParams } }, showPaymentPage);
  app.post('/pay/:sessionId', { schema: { params: PaySessionParams } }, submitPayment);
};
