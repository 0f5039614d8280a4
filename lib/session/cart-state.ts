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
}

export const emptyCart = { totalCartPrice: 0, numOfCartItems: 0, products: [] as CartLine[], cartId: null };

export const initialCartState: CartState = {
  ...emptyCart,
  userId: null,
  isLoadingCartOperation: false,
  userOrders: null,
  isOrderCreated: false,
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
