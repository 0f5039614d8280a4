// The answers of the hosted pages (the test payment page, and the return address of off-site providers): their
// security headers, their error page, and the message pages every outcome ends on. Plain HTML, no cookies.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@/lib/contract/common';
import { languageOfTag } from '../../../../plugins/language';
import type { CheckoutSessionRow } from '../../fulfil';
import { originOf } from './guard';
import { renderMessage, type MessageView } from './page';
import { pageTexts, type PageTexts } from './texts';

const formBodyLimit = 8 * 1024;

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

export function nonceOf(reply: FastifyReply): string {
  return stateOf(reply).nonce;
}

/** The session's success and cancel origins become the only places besides ourselves a form may post to. */
export function allowReturnOrigins(reply: FastifyReply, session: CheckoutSessionRow): void {
  const origins = new Set(
    [originOf(session.successUrl), originOf(session.cancelUrl)].filter((o): o is string => !!o),
  );
  stateOf(reply).returnOrigins = [...origins];
}

/**
 * The page's language: `?lang=` on the page's own address when present, else the language the checkout session
 * was opened in (the storefront's), else what the browser asks for (Accept-Language).
 */
export function pageLanguage(request: FastifyRequest, session?: CheckoutSessionRow): Language {
  const query: unknown = request.query;
  const asked = query && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
  if (typeof asked === 'string' && asked.trim() !== '') return request.lang;
  return (session && languageOfTag(session.lang)) ?? request.lang;
}

/** The message pages of a hosted page, each with its status code, in the page's language. */
export function pageReplies(shopName: string) {
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

  function notFound(reply: FastifyReply, lang: Language) {
    const t = pageTexts[lang].messages;
    return message(reply, lang, 404, {
      title: t.notFoundTitle,
      heading: t.notFoundHeading,
      paragraphs: t.notFoundBody,
      tone: 'error',
    });
  }

  function expired(reply: FastifyReply, lang: Language, session: CheckoutSessionRow) {
    const t = pageTexts[lang].messages;
    return message(reply, lang, 410, {
      title: t.expiredTitle,
      heading: t.expiredHeading,
      paragraphs: t.expiredBody,
      link: { href: session.cancelUrl, text: t.returnToCart },
      tone: 'error',
    });
  }

  function paid(reply: FastifyReply, lang: Language, session: CheckoutSessionRow) {
    const t = pageTexts[lang].messages;
    return message(reply, lang, 200, {
      title: t.paidTitle,
      heading: t.paidHeading,
      paragraphs: t.paidBody,
      link: { href: session.successUrl, text: t.viewOrders },
      tone: 'success',
    });
  }

  /** `reason` as stored (English); shown in the page's language when it is one of the known reasons. */
  function failed(reply: FastifyReply, lang: Language, session: CheckoutSessionRow, reason?: string | null) {
    const texts: PageTexts = pageTexts[lang];
    const t = texts.messages;
    return message(reply, lang, 409, {
      title: t.failedTitle,
      heading: t.failedHeading,
      paragraphs: [reason ? texts.reason(reason) : t.paymentFailed],
      link: { href: session.cancelUrl, text: t.returnToCart },
      tone: 'error',
    });
  }

  return { page, message, notFound, expired, paid, failed };
}

export type PageReplies = ReturnType<typeof pageReplies>;

/**
 * Makes the routes registered in `app` (an encapsulated plugin) hosted pages: form posts parsed for them alone,
 * the security headers on every answer, and failures explained in HTML.
 */
export function hostedPages(app: FastifyInstance, replies: PageReplies): void {
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
        // The theme script only (page.ts beside this file): it reads the shop's theme choice.
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
    return replies.message(reply, pageLanguage(request), status, {
      title: status === 500 ? t.brokenTitle : t.refusedRequestTitle,
      heading: status === 500 ? t.brokenHeading : t.refusedRequestHeading,
      paragraphs: [
        tooLarge ? t.formTooLarge : status === 500 ? t.couldNotProcess : t.onlyOwnForm,
        t.nothingChargedTryAgain,
      ],
      tone: 'error',
    });
  });
}
