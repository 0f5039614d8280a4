// Keeping this tab's cart in step with the shop's other tabs and devices. Loaded once the page is idle (or
// with the first read of the cart again), so the first screen does not carry it. The cart store hands in
// how to read the cart (`install`), so this module does not import the store.
import type { CartLine } from '@/lib/contract/cart';
import { cartState, setCartState } from './cart-state';
import { currentGeneration, runCartCall, type CartTask } from './cart-queue';
import { t } from '@/lib/i18n/i18n';
import { getToken } from './session-store';
import '@/lib/i18n/compiled/en-cart';

/** Local storage key written after every cart change, so the shop's other tabs read the cart again. */
export const CART_CHANGED_KEY = 'freshcart-cart-changed';

/**
 * What differs between the cart a screen showed and the cart the server now holds, in a shopper's words:
 * "Phone X was removed", "Shirt Y: quantity now 3", "Lamp Z was added". Empty when nothing changed.
 */
export function describeCartChanges(before: readonly CartLine[], after: readonly CartLine[]): string[] {
  const changes: string[] = [];
  const idOf = (line: CartLine) => line.product._id;
  const afterById = new Map(after.map((line) => [idOf(line), line]));
  const beforeIds = new Set(before.map(idOf));
  for (const line of before) {
    const now = afterById.get(idOf(line));
    if (!now) changes.push(t('cart.changeRemoved', { title: line.product.title }));
    else if (now.count !== line.count) {
      changes.push(t('cart.changeCount', { title: line.product.title, count: now.count }));
    }
  }
  for (const line of after) {
    if (!beforeIds.has(idOf(line))) changes.push(t('cart.changeAdded', { title: line.product.title }));
  }
  return changes;
}

/** One sentence for the notice and for screen readers. */
export function cartChangedNotice(changes: readonly string[]): string | null {
  if (changes.length === 0) return null;
  return t('cart.changedElsewhere', { changes: changes.join('; ') });
}

let read: CartTask | null = null;
let lastRefresh = { at: -Infinity, generation: -1 };

/**
 * Reads the cart in the background (no busy overlay) with the store's own read; when it differs from what
 * the screen showed, the shopper is told what changed.
 */
export function refresh(): Promise<boolean> {
  lastRefresh = { at: Date.now(), generation: currentGeneration() };
  return runCartCall(async (token, generationAtStart) => {
    const before = cartState();
    const ok = read ? await read(token, generationAtStart) : false;
    if (ok && before.cartLoaded && generationAtStart === currentGeneration()) {
      const notice = cartChangedNotice(describeCartChanges(before.products, cartState().products));
      if (notice) setCartState({ cartNotice: notice });
    }
    return ok;
  });
}

/**
 * The shopper came back to this tab, the browser is back online, or another tab changed the cart: read it again
 * (a cart that could not be read too: the shop may be back).
 */
function onOutsideChange(fromOtherTab: boolean): void {
  const { cartLoaded, cartLoadFailed } = cartState();
  if (!getToken() || !(cartLoaded || cartLoadFailed)) return;
  // Focus and visibility often fire together: one read is enough, unless another tab said something
  // changed (or another shopper signed in meanwhile).
  const recent = lastRefresh.generation === currentGeneration() && Date.now() - lastRefresh.at < 1000;
  if (!fromOtherTab && recent) return;
  void refresh();
}

/** Tells the shop's other tabs that the cart changed (they read it again on the storage event). */
export function announceChange(): void {
  try {
    window.localStorage.setItem(CART_CHANGED_KEY, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
  } catch {
    // Storage disabled: the other tabs still read the cart when they regain focus.
  }
}

/**
 * Starts following: this tab regaining focus or being shown again, the browser coming back online, and another
 * tab of the shop changing the cart, read it again with `readCart`.
 */
export function install(readCart: CartTask): void {
  read = readCart;
  window.addEventListener('focus', () => onOutsideChange(false));
  window.addEventListener('online', () => onOutsideChange(false));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') onOutsideChange(false);
  });
  window.addEventListener('storage', (event) => {
    if (event.key === CART_CHANGED_KEY) onOutsideChange(true);
  });
}
