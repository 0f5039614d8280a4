import { fetchUserOrders } from '@/lib/api/orders';
import { cartState, setCartState } from './cart-state';
import { currentGeneration } from './cart-queue';
import { getToken, userIdFromToken } from './session-store';

/**
 * Loads the orders into the shared cart state (spec section 4: userOrders, and isOrderCreated once they loaded).
 * An answer for a shopper who has since left (another generation or user) is dropped.
 */
export async function loadUserOrders(userId: string): Promise<void> {
  const token = getToken();
  if (!token) return;
  const generationAtStart = currentGeneration();
  try {
    const orders = await fetchUserOrders(token, userId);
    if (generationAtStart !== currentGeneration() || cartState().userId !== userId) return;
    setCartState({ userOrders: orders, isOrderCreated: true });
  } catch (err) {
    console.error(err);
  }
}

/** Reloads the signed-in shopper's orders (after an order, or when the history screen opens). */
export async function refreshOrders(): Promise<void> {
  const token = getToken();
  const userId = cartState().userId ?? (token ? userIdFromToken(token) : null);
  if (!userId) return;
  if (userId !== cartState().userId) setCartState({ userId });
  await loadUserOrders(userId);
}
