import type { Order } from '@/lib/contract/orders';
import { cartState, setCartState } from './cart-state';
import { currentGeneration } from './cart-queue';
import { getToken, userIdFromToken } from './session-store';

/**
 * The spec's cart state (section 3) shows the orders last read for the shopper it holds: userOrders, and
 * isOrderCreated once they loaded. An answer for a shopper who has since left is not shown.
 */
export function showOrders(userId: string, orders: Order[], generationAtStart = currentGeneration()): void {
  if (generationAtStart !== currentGeneration() || cartState().userId !== userId) return;
  setCartState({ userOrders: orders, isOrderCreated: true });
}

/**
 * Reads the orders into SWR's cache (lib/api/orders.ts) and the cart state. The API file, with SWR, is fetched
 * on the first read, once a shopper is signed in: a visitor's first screen carries neither.
 */
export async function loadUserOrders(userId: string): Promise<void> {
  const token = getToken();
  if (!token) return;
  const generationAtStart = currentGeneration();
  try {
    const { loadUserOrders: read } = await import('@/lib/api/orders');
    showOrders(userId, await read(token, userId), generationAtStart);
  } catch (err) {
    console.error(err);
  }
}

/** Reloads the signed-in shopper's orders (after an order, or when the language changes). */
export async function refreshOrders(): Promise<void> {
  const token = getToken();
  // The cart's owner (spec section 4), else the token's own id.
  const userId = cartState().userId ?? (token ? userIdFromToken(token) : null);
  if (!userId) return;
  if (userId !== cartState().userId) setCartState({ userId });
  await loadUserOrders(userId);
}
