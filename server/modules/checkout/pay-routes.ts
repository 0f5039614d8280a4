import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PaySessionParams } from '@/lib/contract/checkout';
import type { Language } from '@/lib/contract/common';
import { normaliseArabic } from '@/lib/rules/arabic';
import { cartSummary, cartTotal } from '@/lib/rules/cart-summary';
import { toMinorUnits } from '@/lib/rules/money';
import { isObjectId } from '../../db/ids';
import { loadCartLines, sessionById } from './repository';
import { holdLimitsOf, sameLines } from '../orders';
import { checkCard, type CardForm } from './card';
import {
  cartChangedReason,
  fulfilCheckoutSession,
  isExpired,
  refundFailedPayment,
  type CheckoutSessionRow,
} from './fulfil';
import { crossSiteReason, csrfTokenFor, csrfTokenValid, originOf } from './pay-guard';
import { renderMessage, renderPayForm, type MessageView } from './pay-page';
import { pageTexts, type PageTexts } from './pay-texts';
import { languageOfTag } from '../../plugins/language';
import { localised } from '../catalogue';
import type { PaymentProvider } from './providers/provider';

const formBodyLimit = 8 * 1024;

/** The posted form's fields (the form parser below makes an object of strings; anything else reads as empty). */
function formFields(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' ? Object.fromEntries(Object.entries(body)) : {};
}

// Per-response state for the security headers: the style nonce and the return origins.
const responseState = new WeakMap<FastifyReply, { nonce: string; returnOrigins: string[] }>();

function stateOf(reply: FastifyReply) {
  let state = responseState.get(reply);
  if (!state) {
    state = { nonce: randomBytes(16).toString('base64'), returnOrigins: [] };
    responseState.set(reply, state);
  }
  return state;
}

function nonceOf(reply: FastifyReply): string {
  return stateOf(reply).nonce;
}

/**
 * The page's language: `?lang=` on the page's own address when present, else the language the checkout session
 * was opened in (the storefront's), else what the browser asks for (Accept-Language).
 */
function pageLanguage(request: FastifyRequest, session?: CheckoutSessionRow): Language {
  const query: unknown = request.query;
  const asked = query && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
  if (typeof asked === 'string' && asked.trim() !== '') return request.lang;
  return (session && languageOfTag(session.lang)) ?? request.lang;
}

/** Digits typed on an Arabic keyboard (٤٢٤٢) read as the card's ASCII digits. */
function asciiDigits(value: string): string {
  return normaliseArabic(value);
}

/**
 * The hosted test payment page (GET and POST /pay/:sessionId) and the return address for
 * off-site providers (GET /pay/:sessionId/return). Plain HTML, no script, no cookies.
 */
export const payPageRoutes: FastifyPluginAsyncTypebox<{ provider: PaymentProvider }> = async (app, opts) => {
  const { ctx } = app;
  const { provider } = opts;
  const db = () => ctx.database.db;
  const shopName = ctx.config.shopName;

  // Form posts are parsed here, for this page only: the API itself speaks JSON.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: formBodyLimit },
      (_request, body, done) => {
        const fields: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(body as string))
          if (!(key in fields)) fields[key] = value;
        done(null, fields);
      },
    );
  }

  // Every answer of this page: never framed, never cached, never a referrer leak to the shop's
  // return pages, and a policy that allows only our inline style (by nonce) and form posts to
  // ourselves and to the return addresses (Chrome applies form-action to the redirect too).
  app.addHook('onSend', async (_request, reply, payload) => {
    const { nonce, returnOrigins } = stateOf(reply);
    reply.header(
      'content-security-policy',
      [
        "default-src 'none'",
        `style-src 'nonce-${nonce}'`,
        // The theme script only (server/modules/checkout/pay-page.ts): it reads the shop's theme choice.
        `script-src 'nonce-${nonce}'`,
        "img-src 'self' data:",
        ["form-action 'self'", ...returnOrigins].join(' '),
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].join('; '),
    );
    reply.header('x-frame-options', 'DENY');
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });

  // This is a page, not the JSON API: failures are explained in HTML too, never as a stack trace.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'payment page failed');
    const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
    const t = pageTexts[pageLanguage(request)].messages;
    return message(reply, pageLanguage(request), status, {
      title: status === 500 ? t.brokenTitle : t.refusedRequestTitle,
      heading: status === 500 ? t.brokenHeading : t.refusedRequestHeading,
      paragraphs: [
        tooLarge ? t.formTooLarge : status === 500 ? t.couldNotProcess : t.onlyOwnForm,
        t.nothingChargedTryAgain,
      ],
      tone: 'error',
    });
  });

  function page(reply: FastifyReply, status: number, html: string) {
    return reply.status(status).type('text/html; charset=utf-8').send(html);
  }

  function message(
    reply: FastifyReply,
    lang: Language,
    status: number,
    view: Omit<MessageView, 'shopName' | 'nonce' | 'lang'>,
  ) {
    return page(reply, status, renderMessage({ ...view, shopName, nonce: nonceOf(reply), lang }));
  }

  function allowReturnOrigins(reply: FastifyReply, session: CheckoutSessionRow) {
    const origins = new Set(
      [originOf(session.successUrl), originOf(session.cancelUrl)].filter((o): o is string => !!o),
    );
    stateOf(reply).returnOrigins = [...origins];
  }

  const notFound = (reply: FastifyReply, lang: Language) => {
    const t = pageTexts[lang].messages;
    return message(reply, lang, 404, {
      title: t.notFoundTitle,
      heading: t.notFoundHeading,
      paragraphs: t.notFoundBody,
      tone: 'error',
    });
  };

  const expired = (reply: FastifyReply, lang: Language, session: CheckoutSessionRow) => {
    const t = pageTexts[lang].messages;
    return message(reply, lang, 410, {
      title: t.expiredTitle,
      heading: t.expiredHeading,
      paragraphs: t.expiredBody,
      link: { href: session.cancelUrl, text: t.returnToCart },
      tone: 'error',
    });
  };

  const paid = (reply: FastifyReply, lang: Language, session: CheckoutSessionRow) => {
    const t = pageTexts[lang].messages;
    return message(reply, lang, 200, {
      title: t.paidTitle,
      heading: t.paidHeading,
      paragraphs: t.paidBody,
      link: { href: session.successUrl, text: t.viewOrders },
      tone: 'success',
    });
  };

  /** `reason` as stored (English); shown in the page's language when it is one of the known reasons. */
  const failed = (
    reply: FastifyReply,
    lang: Language,
    session: CheckoutSessionRow,
    reason?: string | null,
  ) => {
    const texts: PageTexts = pageTexts[lang];
    const t = texts.messages;
    return message(reply, lang, 409, {
      title: t.failedTitle,
      heading: t.failedHeading,
      paragraphs: [reason ? texts.reason(reason) : t.paymentFailed],
      link: { href: session.cancelUrl, text: t.returnToCart },
      tone: 'error',
    });
  };

  async function findSession(id: string): Promise<CheckoutSessionRow | undefined> {
    if (!isObjectId(id)) return undefined;
    return sessionById(db(), id);
  }

  /** Renders the form for an open session, or explains why it cannot be paid. */
  async function renderOpen(
    reply: FastifyReply,
    lang: Language,
    session: CheckoutSessionRow,
    status: number,
    extra: Pick<Parameters<typeof renderPayForm>[0], 'errors' | 'declined' | 'values'> = {},
  ) {
    const lines = await loadCartLines(db(), session.cartId);
    const summary = cartSummary(cartTotal(lines));
    // The cart was emptied, ordered or edited since the session began: paying would not match.
    if (
      lines.length === 0 ||
      toMinorUnits(summary.total) !== session.amountTotal ||
      (session.lines && !sameLines(lines, session.lines))
    ) {
      return failed(reply, lang, session, cartChangedReason);
    }
    allowReturnOrigins(reply, session);
    return page(
      reply,
      status,
      renderPayForm({
        sessionId: session.id,
        shopName,
        lines: lines.map((l) => ({
          title: localised(lang, l.title, l.titleAr),
          count: l.count,
          unitPrice: l.price,
        })),
        summary,
        cancelUrl: session.cancelUrl,
        csrfToken: csrfTokenFor(ctx.config.jwtSecret, session.id, session.createdAt),
        nonce: nonceOf(reply),
        lang,
        ...extra,
      }),
    );
  }

  app.get('/pay/:sessionId', { schema: { params: PaySessionParams } }, async (request, reply) => {
    const { sessionId } = request.params;
    const session = await findSession(sessionId);
    // Sessions of off-site providers are paid on the provider's page, never here.
    if (!session || session.provider !== 'test') return notFound(reply, pageLanguage(request));
    const lang = pageLanguage(request, session);
    const now = new Date(ctx.now());
    if (session.status === 'complete') return paid(reply, lang, session);
    if (session.status === 'failed') return failed(reply, lang, session, session.failureReason);
    if (isExpired(session, now)) return expired(reply, lang, session);
    return renderOpen(reply, lang, session, 200);
  });

  app.post('/pay/:sessionId', { schema: { params: PaySessionParams } }, async (request, reply) => {
    const { sessionId } = request.params;
    const session = await findSession(sessionId);
    if (!session || session.provider !== 'test') return notFound(reply, pageLanguage(request));
    const lang = pageLanguage(request, session);
    const t = pageTexts[lang];

    const body = formFields(request.body);
    const refused = crossSiteRefusal(request, ctx.config.publicUrl);
    if (refused || !csrfTokenValid(ctx.config.jwtSecret, session.id, session.createdAt, body.csrf)) {
      request.log.warn(
        { sessionId: session.id, reason: refused ?? 'bad form token' },
        'payment form post refused',
      );
      return message(reply, lang, 403, {
        title: t.messages.refusedTitle,
        heading: t.messages.refusedHeading,
        paragraphs: t.messages.refusedBody,
        link: { href: `/pay/${session.id}`, text: t.messages.openPaymentPage },
        tone: 'error',
      });
    }

    const now = new Date(ctx.now());
    // A second submit after success (double click, back and resubmit) lands where the first did.
    if (session.status === 'complete') return reply.redirect(session.successUrl, 303);
    if (session.status === 'failed') return failed(reply, lang, session, session.failureReason);
    if (isExpired(session, now)) return expired(reply, lang, session);

    const form: CardForm = {
      cardNumber: asciiDigits(str(body.cardNumber)),
      expiry: asciiDigits(str(body.expiry)),
      cvc: asciiDigits(str(body.cvc)),
      cardName: str(body.cardName),
    };
    const values = { expiry: form.expiry.slice(0, 7), cardName: form.cardName.slice(0, 100) };
    const verdict = checkCard(form, now, t.card);
    if (verdict.kind === 'invalid')
      return renderOpen(reply, lang, session, 422, { errors: verdict.errors, values });
    if (verdict.kind === 'declined')
      return renderOpen(reply, lang, session, 402, { declined: verdict.message, values });

    const result = await fulfilCheckoutSession(
      db(),
      { sessionId: session.id },
      {
        paidAt: now,
        now,
        beforeCharge: true,
        holdLimits: holdLimitsOf(ctx.config),
        catalogueCache: ctx.catalogueCache,
      },
    );
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
  });

  // Off-site providers send the shopper here after paying. Whatever the webhook has or has not done
  // yet, ask the provider and fulfil (idempotent), then continue to the shop's success page.
  app.get('/pay/:sessionId/return', { schema: { params: PaySessionParams } }, async (request, reply) => {
    const { sessionId } = request.params;
    const session = await findSession(sessionId);
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
        holdLimits: holdLimitsOf(ctx.config),
        catalogueCache: ctx.catalogueCache,
      },
    );
    if (result.outcome === 'failed') {
      await refundFailedPayment(db(), provider, result.session, request.log, now);
      return failed(reply, lang, result.session, result.reason);
    }
    return reply.redirect(session.successUrl, 303);
  });
};

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function crossSiteRefusal(request: FastifyRequest, publicUrl: string): string | null {
  const allowed = new Set<string>();
  const pub = originOf(publicUrl);
  if (pub) allowed.add(pub);
  const host = header(request, 'host');
  if (host) allowed.add(`${request.protocol}://${host}`);
  return crossSiteReason({
    origin: header(request, 'origin'),
    secFetchSite: header(request, 'sec-fetch-site'),
    allowedOrigins: [...allowed],
  });
}
