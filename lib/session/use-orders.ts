import { useSyncExternalStore } from 'react';
import type { Order } from '@/lib/contract/orders';
import { startCart } from './cart-store';
import { cartState, initialCartState, subscribeCartState } from './cart-state';
import { refreshOrders } from './orders';

// The shopper's id comes from the cart (its cartOwner, spec section 4), so reading the orders starts the cart.
function subscribe(listener: () => void): () => void {
  startCart();
  return subscribeCartState(listener);
}

const ordersOf = () => cartState().userOrders;
const noOrders = () => initialCartState.userOrders;

/** The order history: null until it has loaded; `refresh` reloads it. */
export function useOrders(): { userOrders: Order[] | null; refresh: () => Promise<void> } {
  const userOrders = useSyncExternalStore(subscribe, ordersOf, noOrders);
  return { userOrders, refresh: refreshOrders };
}
