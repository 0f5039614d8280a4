import type { Order } from '@/lib/contract/orders';
import { cartTotal, type CartSummary } from '@/lib/rules/cart-summary';

// Dates as the language writes them: "25 Nov 2026" (en-GB's order, kept for English), "٢٥ نوفمبر ٢٠٢٦" (ar-EG).
const dateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function formatDate(locale: string, iso: string): string {
  const key = locale === 'en-US' ? 'en-GB' : locale;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(key, dateOptions);
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

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
