import type { Order } from '@/lib/contract/orders';
import { cartTotal, type CartSummary } from '@/lib/rules/cart-summary';

// Dates as the language writes them: "25 Nov 2026" (en-GB's order, kept for English), "٢٥ نوفمبر ٢٠٢٦" (ar-EG);
// a step of the order's progress adds the time.
const dateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateTimeOptions: Intl.DateTimeFormatOptions = { ...dateOptions, hour: '2-digit', minute: '2-digit' };
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(locale: string, withTime: boolean, iso: string): string {
  const lang = locale === 'en-US' ? 'en-GB' : locale;
  const key = `${lang}${withTime ? '+time' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, withTime ? dateTimeOptions : dateOptions);
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}
export const formatDate = (locale: string, iso: string) => formatIn(locale, false, iso);
export const formatDateTime = (locale: string, iso: string) => formatIn(locale, true, iso);

/** Server and browser clocks differ a little: an order this much older than the checkout still counts. */
const clockSlackMs = 5 * 60 * 1000;

export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The order's own figures, as the cart showed them: original, savings, tax and total. */
export function breakdownOf(order: Order): CartSummary {
  const original = cartTotal(order.cartItems);
  return { original, savings: order.discountPrice, tax: order.taxPrice, total: order.totalOrderPrice };
}

/** The order a paid card checkout of this tab created: the newest paid card order since it started. */
export function paidCardOrder(orders: readonly Order[], startedAt: number): Order | undefined {
  return newestFirst(orders).find(
    (o) => o.paymentMethodType === 'card' && o.isPaid && Date.parse(o.createdAt) >= startedAt - clockSlackMs,
  );
}
