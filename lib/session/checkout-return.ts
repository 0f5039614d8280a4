// The card checkout leaves the storefront for the payment page and comes back to the order history. What
// the shopper confirmed before leaving is remembered for this tab, so the history can thank them for the
// order that payment created, and only for that one.
export const CARD_CHECKOUT_KEY = 'freshcart-card-checkout';

/** How long a payment may take before a return no longer counts as the end of that checkout. */
const checkoutWindowMs = 2 * 60 * 60 * 1000;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberCardCheckout(now = Date.now()): void {
  store()?.setItem(CARD_CHECKOUT_KEY, String(now));
}

/** When the card checkout that is under way started, or null (none, or too old to be this one). */
export function cardCheckoutStartedAt(now = Date.now()): number | null {
  const raw = store()?.getItem(CARD_CHECKOUT_KEY);
  const at = raw ? Number(raw) : NaN;
  if (!Number.isFinite(at) || now - at > checkoutWindowMs) return null;
  return at;
}

export function forgetCardCheckout(): void {
  store()?.removeItem(CARD_CHECKOUT_KEY);
}
