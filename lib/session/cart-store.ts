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
import { currentGeneration, nextGeneration, runCartCall } from './cart-queue';
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
}

export type CartContextValue = CartState & CartActions;

let started = false;
let lastToken: string | null = null;

function queued(task: Parameters<typeof runCartCall>[0]): Promise<boolean> {
  startCart();
  return runCartCall(task);
}

function knowUser(userId: string | null): void {
  if (!userId || userId === cartState().userId) return;
  setCartState({ userId });
  void loadUserOrders(userId);
}

function applyEnvelope(envelope: CartEnvelope, generationAtStart: number): void {
  if (generationAtStart !== currentGeneration()) return;
  setCartState({
    totalCartPrice: envelope.data.totalCartPrice,
    numOfCartItems: envelope.numOfCartItems,
    products: envelope.data.products,
    cartId: envelope.cartId,
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
    if (!isNoCart(err)) throw err;
    if (generationAtStart !== currentGeneration()) return true;
    setCartState({ ...emptyCart });
    // Without a cart there is no cartOwner; the token's own id still lets the order history load.
    knowUser(userIdFromToken(token));
  }
  return true;
}

function onTokenChange(): void {
  const token = getToken();
  if (token === lastToken) return;
  lastToken = token;
  nextGeneration();
  // A different shopper (or none): nothing of the previous cart or orders may remain visible.
  setCartState({ ...emptyCart, userId: null, userOrders: null, isOrderCreated: false });
  if (token) void runCartCall(reload);
}

/** Starts following the session: the cart loads whenever a token appears. Idempotent. */
export function startCart(): void {
  if (started) return;
  started = true;
  lastToken = getToken();
  subscribeSession(onTokenChange);
  if (lastToken) void runCartCall(reload);
}

const actions: CartActions = {
  addToCart: (productId) =>
    queued(async (token, generationAtStart) => {
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
    return queued(async (token, generationAtStart) => {
      applyEnvelope(await updateCartProductCount(token, productId, count), generationAtStart);
      return true;
    });
  },
  removeItem: (productId) =>
    queued(async (token, generationAtStart) => {
      applyEnvelope(await removeCartProduct(token, productId), generationAtStart);
      return true;
    }),
  clearCart: () =>
    queued(async (token, generationAtStart) => {
      await clearCartOnServer(token);
      if (generationAtStart === currentGeneration()) setCartState({ ...emptyCart });
      return true;
    }),
  resetCart: () => {
    nextGeneration();
    setCartState({ ...emptyCart });
  },
  refreshOrders: async () => {
    startCart();
    await refreshOrders();
  },
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
