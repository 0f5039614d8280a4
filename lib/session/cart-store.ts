import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api/client';
import {
  addCartProduct,
  clearCartOnServer,
  fetchCart,
  removeCartProduct,
  updateCartProductCount,
} from '@/lib/api/cart';
import type { CartEnvelope } from '@/lib/contract/cart';
import {
  cartState,
  emptyCart,
  initialCartState,
  setCartState,
  subscribeCartState,
  type CartState,
} from './cart-state';
import { cartChangedNotice, describeCartChanges } from './cart-changes';
import {
  currentGeneration,
  lastCartFailure,
  lastCartFailureReason,
  nextGeneration,
  runCartCall,
  type CartTask,
} from './cart-queue';
import { loadUserOrders, refreshOrders } from './orders';
import { getToken, subscribeSession, userIdFromToken } from './session-store';

export type { CartState } from './cart-state';

// Spec sections 3 and 4: the cart's actions, on the shared state (cart-state.ts) through one queue (cart-queue.ts).
export interface CartActions {
  /** POST the product, then reload the cart; true only when the server accepted the add. */
  addToCart: (productId: string) => Promise<boolean>;
  /** Sends the new count only when it is above 0 (spec section 4); false otherwise. */
  updateCount: (productId: string, count: number) => Promise<boolean>;
  removeItem: (productId: string) => Promise<boolean>;
  clearCart: () => Promise<boolean>;
  /** Local reset, no server call (logout, after a cash order). */
  resetCart: () => void;
  refreshOrders: () => Promise<void>;
  /** Reads the cart again ('Try again' after a failed load, or an order refused for a stale cart). */
  reloadCart: () => Promise<boolean>;
  /** The server's reason for the last failed cart call ("Only 3 of … in stock"), if it gave one. */
  failureReason: () => string | null;
  /** The shopper has read the "your cart changed" notice. */
  dismissNotice: () => void;
}

export type CartContextValue = CartState & CartActions;

/** Local storage key written after every cart change, so the shop's other tabs read the cart again. */
export const CART_CHANGED_KEY = 'freshcart-cart-changed';

let started = false;
let lastToken: string | null = null;
let lastRefreshAt = -Infinity;

function knowUser(userId: string | null): void {
  if (!userId || userId === cartState().userId) return;
  setCartState({ userId });
  void loadUserOrders(userId);
}

type Why = 'answer' | 'elsewhere';

/**
 * Applies a cart the server answered. `elsewhere`: the answer was not to one of this tab's own changes (a
 * refresh on focus, from another tab, after a refused call): if it differs from what the screen showed,
 * the shopper is told what changed.
 */
function applyEnvelope(envelope: CartEnvelope, generationAtStart: number, why: Why = 'answer'): void {
  if (generationAtStart !== currentGeneration()) return;
  const before = cartState();
  const notice =
    why === 'elsewhere' && before.cartLoaded
      ? cartChangedNotice(describeCartChanges(before.products, envelope.data.products))
      : null;
  setCartState({
    totalCartPrice: envelope.data.totalCartPrice,
    numOfCartItems: envelope.numOfCartItems,
    products: envelope.data.products,
    cartId: envelope.cartId,
    cartLoaded: true,
    cartLoadFailed: false,
    ...(notice ? { cartNotice: notice } : why === 'answer' ? { cartNotice: null } : {}),
  });
  knowUser(envelope.data.cartOwner);
}

function isNoCart(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/** GET /cart. A 404 ("No cart exist for this user") is an empty cart, not a failure. */
async function reload(token: string, generationAtStart: number, why: Why = 'answer'): Promise<boolean> {
  try {
    applyEnvelope(await fetchCart(token), generationAtStart, why);
  } catch (err) {
    if (generationAtStart !== currentGeneration()) return true;
    if (!isNoCart(err)) {
      setCartState({ cartLoadFailed: true });
      throw err;
    }
    const before = cartState();
    const notice =
      why === 'elsewhere' && before.cartLoaded
        ? cartChangedNotice(describeCartChanges(before.products, []))
        : null;
    setCartState({
      ...emptyCart,
      cartLoaded: true,
      cartLoadFailed: false,
      ...(notice ? { cartNotice: notice } : {}),
    });
    // Without a cart there is no cartOwner; the token's own id still lets the order history load.
    knowUser(userIdFromToken(token));
  }
  return true;
}

/** Reads the cart in the background (no busy overlay); a difference from the screen becomes a notice. */
function refresh(): Promise<boolean> {
  lastRefreshAt = Date.now();
  return runCartCall((token, generationAtStart) => reload(token, generationAtStart, 'elsewhere'));
}

/** Tells the shop's other tabs that the cart changed (they read it again on the storage event). */
function announceChange(): void {
  try {
    window.localStorage.setItem(CART_CHANGED_KEY, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
  } catch {
    // Storage disabled: the other tabs still read the cart when they regain focus.
  }
}

/** A shopper's cart call. Success tells the other tabs; a refusal reads the cart again to show what changed. */
function shopperCall(task: CartTask): Promise<boolean> {
  startCart();
  return runCartCall(task, { byShopper: true }).then((ok) => {
    if (ok) {
      announceChange();
      return true;
    }
    const failure = lastCartFailure();
    // The session ended (a 401) or the server is unreachable: reading the cart again would only fail too.
    const worthReading = failure instanceof ApiError && failure.status !== 401 && failure.status !== 0;
    if (worthReading && getToken()) void refresh();
    return false;
  });
}

function onTokenChange(): void {
  const token = getToken();
  if (token === lastToken) return;
  lastToken = token;
  lastRefreshAt = -Infinity;
  nextGeneration();
  // A different shopper (or none): nothing of the previous cart or orders may remain visible.
  setCartState({
    ...emptyCart,
    userId: null,
    userOrders: null,
    isOrderCreated: false,
    cartLoaded: false,
    cartLoadFailed: false,
    cartNotice: null,
  });
  if (token) void runCartCall(reload);
}

/** The shopper came back to this tab, or another tab changed the cart: read it again. */
function onOutsideChange(): void {
  if (!getToken() || !cartState().cartLoaded) return;
  // Focus and visibility often fire together: one read is enough.
  if (Date.now() - lastRefreshAt < 1000) return;
  void refresh();
}

function followOtherTabs(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('focus', onOutsideChange);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') onOutsideChange();
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_CHANGED_KEY) return;
    // Another tab's change is news even right after a focus read.
    lastRefreshAt = -Infinity;
    onOutsideChange();
  });
}

/** Starts following the session: the cart loads whenever a token appears. Idempotent. */
export function startCart(): void {
  if (started) return;
  started = true;
  lastToken = getToken();
  subscribeSession(onTokenChange);
  followOtherTabs();
  if (lastToken) void runCartCall(reload);
}

const actions: CartActions = {
  addToCart: (productId) =>
    shopperCall(async (token, generationAtStart) => {
      const added = await addCartProduct(token, productId);
      try {
        await reload(token, generationAtStart);
      } catch (err) {
        // The add itself succeeded; keep at least the badge right until the next reload.
        console.error(err);
        if (generationAtStart === currentGeneration()) {
          setCartState({ numOfCartItems: added.numOfCartItems, totalCartPrice: added.data.totalCartPrice });
        }
      }
      return true;
    }),
  updateCount: (productId, count) => {
    if (!(count > 0)) return Promise.resolve(false);
    return shopperCall(async (token, generationAtStart) => {
      applyEnvelope(await updateCartProductCount(token, productId, count), generationAtStart);
      return true;
    });
  },
  removeItem: (productId) =>
    shopperCall(async (token, generationAtStart) => {
      applyEnvelope(await removeCartProduct(token, productId), generationAtStart);
      return true;
    }),
  clearCart: () =>
    shopperCall(async (token, generationAtStart) => {
      await clearCartOnServer(token);
      if (generationAtStart === currentGeneration()) {
        setCartState({ ...emptyCart, cartLoaded: true, cartLoadFailed: false, cartNotice: null });
      }
      return true;
    }),
  resetCart: () => {
    nextGeneration();
    setCartState({ ...emptyCart, cartNotice: null });
    // After a cash order the server's cart is gone too: the other tabs should see that.
    if (getToken()) announceChange();
  },
  refreshOrders: async () => {
    startCart();
    await refreshOrders();
  },
  reloadCart: () => {
    startCart();
    return refresh();
  },
  failureReason: lastCartFailureReason,
  dismissNotice: () => setCartState({ cartNotice: null }),
};

function subscribe(listener: () => void): () => void {
  startCart();
  return subscribeCartState(listener);
}

const getServerSnapshot = (): CartState => initialCartState;

export function useCart(): CartContextValue {
  const current = useSyncExternalStore(subscribe, cartState, getServerSnapshot);
  return { ...current, ...actions };
}

/** For code outside React (e.g. an order flow finishing) that needs the same actions. */
export const cartActions = actions;
