// The cart state shared across screens (spec section 3), as an external store: one snapshot, replaced on every
// change, read with useSyncExternalStore.
import type { CartLine } from '@/lib/contract/cart';
import type { Order } from '@/lib/contract/orders';

export interface CartState {
  totalCartPrice: number;
  numOfCartItems: number;
  products: CartLine[];
  cartId: string | null;
  userId: string | null;
  isLoadingCartOperation: boolean;
  userOrders: Order[] | null;
  isOrderCreated: boolean;
  /**
   * The cart has been read from the server for this shopper. Until then the figures above are not known:
   * a 0 badge or an empty cart page would tell the shopper something the server never said.
   */
  cartLoaded: boolean;
  /** The last attempt to read the cart failed (server down, a 500): screens offer 'Try again'. */
  cartLoadFailed: boolean;
  /**
   * A cart call the shopper started (add, count, remove, clear) is running. Background reads (the first
   * load, a refresh on focus or from another tab) set isLoadingCartOperation only, so they never put the
   * busy overlay over the page.
   */
  isShopperCartOperation: boolean;
  /** What changed when the cart was found different from what the screen showed (another tab or device). */
  cartNotice: string | null;
}

export const emptyCart = { totalCartPrice: 0, numOfCartItems: 0, products: [] as CartLine[], cartId: null };

export const initialCartState: CartState = {
  ...emptyCart,
  userId: null,
  isLoadingCartOperation: false,
  userOrders: null,
  isOrderCreated: false,
  cartLoaded: false,
  cartLoadFailed: false,
  isShopperCartOperation: false,
  cartNotice: null,
};

let state: CartState = initialCartState;
const listeners = new Set<() => void>();

export function cartState(): CartState {
  return state;
}

export function setCartState(patch: Partial<CartState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeCartState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
