// What a failed order or card checkout tells the shopper: a refusal the catalogue knows (stock, holds, limits,
// an empty cart, the connection), in the shopper's language; for anything else (a refused return address, a
// provider or server failure, an answer that is not the shop's) our own words, which say whether anything was
// ordered or charged and what to do. The technical reason goes to the console, never to the screen.
import { ApiError } from '@/lib/api/client';
import { t } from '@/lib/i18n/i18n';
import { isKnownServerMessage } from '@/lib/i18n/known-server-message';
import { localiseServerMessage } from '@/lib/i18n/server-messages';

export type CheckoutMethod = 'cash' | 'card';

/** The field a validation answer names ({message:"fail",errors:{param,msg}}), if it is one. */
function fieldOf(body: unknown): string | null {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const param = errors && typeof errors === 'object' ? (errors as { param?: unknown }).param : undefined;
  return typeof param === 'string' ? param : null;
}

/** Our own sentence for a failure the shopper cannot act on, by what was being done. */
function ownWords(method: CheckoutMethod, status: number): string {
  if (method === 'cash') return t('order.notPlaced');
  return status === 502 || status === 503 || status === 504
    ? t('order.paymentServiceDown')
    : t('order.cardNotStarted');
}

/** The shopper's message for a failed checkout; logs the technical reason. */
export function checkoutProblem(err: unknown, method: CheckoutMethod): string {
  const what = method === 'card' ? 'Card checkout' : 'Cash order';
  if (!(err instanceof ApiError)) {
    console.error(`${what} failed:`, err);
    return ownWords(method, 0);
  }
  const reason = `${what} failed (HTTP ${err.status || 'no answer'}): ${err.message}`;
  if (err.status >= 500) {
    console.error(reason, err.body);
    return ownWords(method, err.status);
  }
  if (err.status === 0 || isKnownServerMessage(err.message)) {
    // A refusal the shopper can act on (or no connection): said in their language.
    console.warn(reason);
    return localiseServerMessage(err.message);
  }
  console.error(reason, err.body);
  // A field the shopper typed (the order's address, or the address book's when saving it).
  if (/^(shippingAddress(\.|$)|details$|city$|phone$|name$)/.test(fieldOf(err.body) ?? ''))
    return t('order.addressRefused');
  return ownWords(method, err.status);
}
