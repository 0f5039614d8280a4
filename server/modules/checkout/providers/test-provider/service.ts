// What the hosted test payment page does, apart from answering: find the session, check that the cart still
// matches it, refuse cross-site posts, check the card and fulfil. The routes (routes.ts) turn each outcome into a
// page.
import type { FastifyRequest } from 'fastify';
import type { Language } from '@/lib/contract/common';
import { normaliseArabic } from '@/lib/rules/arabic';
import { cartSummary, cartTotal, type CartSummary } from '@/lib/rules/cart-summary';
import { toMinorUnits } from '@/lib/rules/money';
import type { AppContext } from '../../../../context';
import type { Db } from '../../../../db/client';
import { isObjectId } from '../../../../db/ids';
import { localised } from '../../../catalogue';
import { sameLines } from '../../../orders';
import { fulfilCheckoutSession, fulfilDeps, type CheckoutSessionRow, type FulfilResult } from '../../fulfil';
import { loadCartLines, sessionById } from '../../repository';
import { checkCard, type CardField, type CardForm } from './card';
import { crossSiteReason, csrfTokenValid, originOf } from './guard';
import type { PageLine } from './page';
import { pageTexts } from './texts';

export async function findSession(db: Db, id: string): Promise<CheckoutSessionRow | undefined> {
  if (!isObjectId(id)) return undefined;
  return sessionById(db, id);
}

/** The session's cart as the form shows it, or `changed` when paying would not match what the session was opened for. */
export type OpenSession = { kind: 'changed' } | { kind: 'open'; lines: PageLine[]; summary: CartSummary };

export async function openSession(db: Db, session: CheckoutSessionRow, lang: Language): Promise<OpenSession> {
  const lines = await loadCartLines(db, session.cartId);
  const summary = cartSummary(cartTotal(lines));
  // The cart was emptied, ordered or edited since the session began: paying would not match.
  if (
    lines.length === 0 ||
    toMinorUnits(summary.total) !== session.amountTotal ||
    (session.lines && !sameLines(lines, session.lines))
  ) {
    return { kind: 'changed' };
  }
  return {
    kind: 'open',
    lines: lines.map((l) => ({
      title: localised(lang, l.title, l.titleAr),
      count: l.count,
      unitPrice: l.price,
    })),
    summary,
  };
}

/** The posted form's fields (the form parser makes an object of strings; anything else reads as empty). */
export function formFields(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' ? Object.fromEntries(Object.entries(body)) : {};
}

/** Null when the form post may proceed, otherwise why it was refused (for the log, never shown verbatim). */
export function postRefusal(
  ctx: AppContext,
  request: FastifyRequest,
  session: CheckoutSessionRow,
  body: Record<string, unknown>,
): string | null {
  const refused = crossSiteRefusal(request, ctx.config.publicUrl);
  if (refused) return refused;
  return csrfTokenValid(ctx.config.jwtSecret, session.id, session.createdAt, body.csrf)
    ? null
    : 'bad form token';
}

/** Values worth keeping after a failed attempt; never the card number or CVC. */
export interface KeptValues {
  expiry: string;
  cardName: string;
}

export type CardPayment =
  | { kind: 'invalid'; errors: Partial<Record<CardField, string>>; values: KeptValues }
  | { kind: 'declined'; message: string; values: KeptValues }
  | { kind: 'fulfilled'; result: FulfilResult };

/** Checks the typed card (in the page's language) and, when the test card is approved, places the order. */
export async function payByCard(
  ctx: AppContext,
  session: CheckoutSessionRow,
  body: Record<string, unknown>,
  lang: Language,
  now: Date,
): Promise<CardPayment> {
  const form: CardForm = {
    cardNumber: asciiDigits(str(body.cardNumber)),
    expiry: asciiDigits(str(body.expiry)),
    cvc: asciiDigits(str(body.cvc)),
    cardName: str(body.cardName),
  };
  const values = { expiry: form.expiry.slice(0, 7), cardName: form.cardName.slice(0, 100) };
  const verdict = checkCard(form, now, pageTexts[lang].card);
  if (verdict.kind === 'invalid') return { kind: 'invalid', errors: verdict.errors, values };
  if (verdict.kind === 'declined') return { kind: 'declined', message: verdict.message, values };
  const result = await fulfilCheckoutSession(
    ctx.database.db,
    { sessionId: session.id },
    {
      paidAt: now,
      now,
      beforeCharge: true,
      ...fulfilDeps(ctx),
    },
  );
  return { kind: 'fulfilled', result };
}

/** Digits typed on an Arabic keyboard (٤٢٤٢) read as the card's ASCII digits. */
function asciiDigits(value: string): string {
  return normaliseArabic(value);
}

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
