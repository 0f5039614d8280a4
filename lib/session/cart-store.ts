import { useSyncExternalStore } from 'react';
import { jwtDecode } from 'jwt-decode';
import { ApiError } from '@/lib/api/client';
import {
  addCartProduct,
  clearCartOnServer,
  fetchCart,
  removeCartProduct,
  updateCartProductCount,
} from '@/lib/api/cart';
import { fetchUserOrders } from '@/lib/api/orders';
import type { CartEnvelope, CartLine } from '@/lib/contract/cart';
import type { Order } from '@/lib/contract/orders';
import { getToken, subscribeSession } from './session-store';

// Spec sections 3 and 4: the cart state shared across screens.
export interface CartState {
  totalCartPrice: number;
  numOfCartItems: number;
  products: CartLine[];
  cartId: string | null;
  userId: string | null;
  isLoadingCartOperation: boolean;
  userOrders: Order[] | null;
  isOrderCreated: boolean;
}

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

const emptyCart = { totalCartPrice: 0, numOfCartItems: 0, products: [] as CartLine[], cartId: null };

const initialState: CartState = {
  ...emptyCart,
  userId: null,
  isLoadingCartOperation: false,
  userOrders: null,
  isOrderCreated: false,
};

let state: CartState = initialState;
const listeners = new Set<() => void>();

function setState(patch: Partial<CartState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/*
 * Cart calls run one after another and each applies the server's own answer. Two fast clicks on '+'
 * therefore end with the state of the last call the server answered, never a count the server does not
 * have. `generation` changes whenever the cart is reset or the shopper changes, so an answer that arrives
 * after a logout cannot bring the old cart back.
 */
let queue: Promise<unknown> = Promise.resolve();
let pendingCalls = 0;
let generation = 0;
let started = false;
let lastToken: string | null = null;

type CartTask = (token: string, generationAtStart: number) => Promise<boolean>;

function runCartCall(task: CartTask): Promise<boolean> {
  ensureStarted();
  pendingCalls += 1;
  if (!state.isLoadingCartOperation) setState({ isLoadingCartOperation: true });
  const run = queue.then(async () => {
    const token = getToken();
    if (!token) return false;
    try {
      return await task(token, generation);
    } catch (err) {
      // Spec section 8: a failed cart call is logged and returns false; screens show their own toast.
      console.error(err);
      return false;
    }
  });
  queue = run;
  return run.finally(() => {
    pendingCalls -= 1;
    if (pendingCalls === 0) setState({ isLoadingCartOperation: false });
  });
}

function userIdFromToken(token: string): string | null {
  try {
    const payload = jwtDecode<{ id?: unknown }>(token);
    return typeof payload.id === 'string' ? payload.id : null;
  } catch {
    return null;
  }
}

function knowUser(userId: string | null): void {
  if (!userId || userId === state.userId) return;
  setState({ userId });
  void loadOrders(userId);
}

function applyEnvelope(envelope: CartEnvelope, generationAtStart: number): void {
  if (generationAtStart !== generation) return;
  setState({
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
    if (generationAtStart !== generation) return true;
    setState({ ...emptyCart });
    // Without a cart there is no cartOwner; the token's own id still lets the order history load.
    knowUser(userIdFromToken(token));
  }
  return true;
}

function loadCart(): Promise<boolean> {
  return runCartCall(reload);
}

async function loadOrders(userId: string): Promise<void> {
  const token = getToken();
  if (!token) return;
  const generationAtStart = generation;
  try {
    const orders = await fetchUserOrders(token, userId);
    if (generationAtStart !== generation || state.userId !== userId) return;
    setState({ userOrders: orders, isOrderCreated: true });
  } catch (err) {
    console.error(err);
  }
}

function onTokenChange(): void {
  const token = getToken();
  if (token === lastToken) return;
  lastToken = token;
  generation += 1;
  // A different shopper (or none): nothing of the previous cart or orders may remain visible.
  setState({ ...emptyCart, userId: null, userOrders: null, isOrderCreated: false });
  if (token) void loadCart();
}

function ensureStarted(): void {
  if (started) return;
  started = true;
  lastToken = getToken();
  subscribeSession(onTokenChange);
  if (lastToken) void loadCart();
}

const actions: CartActions = {
  addToCart: (productId) =>
    runCartCall(async (token, generationAtStart) => {
      const added = await addCartProduct(token, productId);
      try {
        await reload(token, generationAtStart);
      } catch (err) {
        // The add itself succeeded; keep at least the badge right until the next reload.
        console.error(err);
        if (generationAtStart === generation) {
          setState({ numOfCartItems: added.numOfCartItems, totalCartPrice: added.data.totalCartPrice });
        }
      }
      return true;
    }),
  updateCount: (productId, count) => {
    if (!(count > 0)) return Promise.resolve(false);
    return runCartCall(async (token, generationAtStart) => {
      applyEnvelope(await updateCartProductCount(token, productId, count), generationAtStart);
      return true;
    });
  },
  removeItem: (productId) =>
    runCartCall(async (token, generationAtStart) => {
      applyEnvelope(await removeCartProduct(token, productId), generationAtStart);
      return true;
    }),
  clearCart: () =>
    runCartCall(async (token, generationAtStart) => {
      await clearCartOnServer(token);
      if (generationAtStart === generation) setState({ ...emptyCart });
      return true;
    }),
  resetCart: () => {
    generation += 1;
    setState({ ...emptyCart });
  },
  refreshOrders: async () => {
    ensureStarted();
    const token = getToken();
    const userId = state.userId ?? (token ? userIdFromToken(token) : null);
    if (!userId) return;
    if (userId !== state.userId) setState({ userId });
    await loadOrders(userId);
  },
};

function subscribe(listener: () => void): () => void {
  ensureStarted();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = (): CartState => state;
const getServerSnapshot = (): CartState => initialState;

export function useCart(): CartContextValue {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { ...current, ...actions };
}

/** For code outside React (e.g. an order flow finishing) that needs the same actions. */
export const cartActions = actions;
