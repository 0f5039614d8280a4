import { useCallback, useSyncExternalStore } from 'react';
import { useUserOrders } from '@/lib/api/orders';
import type { Order } from '@/lib/contract/orders';
import { startCart } from './cart-store';
import { cartState, setCartState, subscribeCartState } from './cart-state';
import { showOrders } from './orders';
import { useSession, userIdFromToken } from './session-store';

// The shopper's id comes from the cart (its cartOwner, spec section 4), so reading the orders starts the cart.
function subscribe(listener: () => void): () => void {
  startCart();
  return subscribeCartState(listener);
}

const knownUser = () => cartState().userId;
const noUser = () => null;

/**
 * The signed-in shopper's order history, read from SWR (lib/api/orders.ts): null until it has loaded;
 * `refresh` reads it again. Each answer also becomes the cart state's userOrders (spec section 3).
 */
export function useOrders(): { userOrders: Order[] | null; refresh: () => Promise<void> } {
  const { token } = useSession();
  useSyncExternalStore(subscribe, knownUser, noUser);
  // The cart's owner (spec section 4), else the token's own id: known before the cart has loaded.
  const userId = cartState().userId ?? (token ? userIdFromToken(token) : null);
  const shown = useCallback((orders: Order[]) => userId && showOrders(userId, orders), [userId]);
  const { userOrders, refresh } = useUserOrders(token, userId, shown);
  return {
    userOrders,
    refresh: useCallback(async () => {
      if (userId && userId !== cartState().userId) setCartState({ userId });
      await refresh();
    }, [userId, refresh]),
  };
}
