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
import { currentGeneration, lastCartFailure, nextGeneration, runCartCall, type CartTask } from './cart-queue';
import { loadUserOrders, refreshOrders } from './orders';
import { subscribeLanguage, contentLang } from '@/lib/i18n/i18n';
import { getToken, subscribeSession, userIdFromToken } from './session-store';

export type { CartState } from './cart-state';

// Spec sections 3 and 4: the cart's actions, on the shared state (cart-state.ts) through one queue (cart-queue.ts).
export interface CartActions {
  /** POST the product (`count` units, 1 by default), then reload the cart; true only when the server accepted the add. */
  addToCart: (productId: string, count?: number) => Promise<boolean>;
  /** Sends the new count only when it is above 0 (spec section 4); false otherwise. */
  updateCount: (productId: string, count: number) => Promise<boolean>;
  removeItem: (productId: string) => Promise<boolean>;
  clearCart: () => Promise<boolean>;
  /** Local reset, no server call (logout, after a cash order). */
  resetCart: () => void;
  /** Reads the cart again ('Try again' after a failed load, or an order refused for a stale cart). */
  reloadCart: () => Promise<boolean>;
  /** The shopper has read the "your cart changed" notice. */
  dismissNotice: () => void;
}

export type CartContextValue = CartState & CartActions;

let started = false;
let lastToken: string | null = null;

function knowUser(userId: string | null): void {
  if (!userId || userId === cartState().userId) return;
  setCartState({ userId });
  void loadUserOrders(userId);
}

/** Applies a cart the server answered. */
function applyEnvelope(envelope: CartEnvelope, generationAtStart: number): void {
  if (generationAtStart !== currentGeneration()) return;
  setCartState({
    totalCartPrice: envelope.data.totalCartPrice,
    numOfCartItems: envelope.numOfCartItems,
    products: envelope.data.products,
    cartId: envelope.cartId,
    cartLoaded: true,
    cartLoadFailed: false,
  });
  knowUser(envelope.data.cartOwner);
}

function isNoCart(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/** GET /cart. A 404 ("No cart exist for this user") is an empty cart, not a failure. */
async function reload(token: string, generationAtStart: number): Promise<boolean> {
  try {
    applyEnvelope(await fetchCart(token), generationAtStart);
  } catch (err) {
    if (generationAtStart !== currentGeneration()) return true;
    if (!isNoCart(err)) {
      setCartState({ cartLoadFailed: true });
      throw err;
    }
    setCartState({ ...emptyCart, cartLoaded: true, cartLoadFailed: false });
    // Without a cart there is no cartOwner; the token's own id still lets the order history load.
    knowUser(userIdFromToken(token));
  }
  return true;
}

let sync: Promise<typeof import('./cart-sync')> | null = null;

/**
 * The cross-tab code (cart-sync.ts): fetched once the page is idle or when first needed, never with the
 * first screen. Resolves once this tab follows the other tabs and focus changes.
 */
export function followingOtherTabs(): Promise<typeof import('./cart-sync')> {
  sync ??= import('./cart-sync').then(
    (m) => {
      m.install(reload);
      return m;
    },
    (err: unknown) => {
      sync = null; // offline for a moment: the next need tries again
      throw err;
    },
  );
  return sync;
}

/** Reads the cart again in the background; a difference from the screen becomes a notice. */
const refresh = () => followingOtherTabs().then((m) => m.refresh());

/** A shopper's cart call. Success tells the other tabs; a refusal reads the cart again to show what changed. */
function shopperCall(task: CartTask): Promise<boolean> {
  startCart();
  return runCartCall(task, { byShopper: true }).then((ok) => {
    if (ok) {
      // The shopper's own change: an older notice no longer describes the cart.
      setCartState({ cartNotice: null });
      void followingOtherTabs().then((m) => m.announceChange(), console.error);
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

let cartLang = contentLang();
/** The shopper switched language: the cart's and the orders' product titles are read again in it. */
function onLanguageChange(): void {
  const lang = contentLang();
  if (lang === cartLang) return;
  cartLang = lang;
  const token = getToken();
  if (!token) return;
  void runCartCall(reload);
  if (cartState().userId) void refreshOrders().catch(console.error);
}

/** Loads the cross-tab code once the page has nothing better to do. */
function followOtherTabsWhenIdle(): void {
  if (typeof window === 'undefined') return;
  const load = () => void followingOtherTabs().catch(console.error);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 5000 });
  else window.setTimeout(load, 1000);
}

/** Starts following the session: the cart loads whenever a token appears. Idempotent. */
export function startCart(): void {
  if (started) return;
  started = true;
  lastToken = getToken();
  subscribeSession(onTokenChange);
  subscribeLanguage(onLanguageChange);
  followOtherTabsWhenIdle();
  if (lastToken) void runCartCall(reload);
}

const actions: CartActions = {
  addToCart: (productId, count) =>
    shopperCall(async (token, generationAtStart) => {
      const added = await addCartProduct(token, productId, count);
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
    if (getToken()) void followingOtherTabs().then((m) => m.announceChange(), console.error);
  },
  reloadCart: () => {
    startCart();
    return refresh();
  },
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
