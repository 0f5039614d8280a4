import type { Order } from '@/lib/contract/orders';
import { apiRequest } from './client';

/**
 * The shopper's orders (a bare array). Unlike the public host, our server keeps order history private
 * (api-contract "Where our server differs" 1), so this call carries the token too.
 */
export function fetchUserOrders(token: string, userId: string): Promise<Order[]> {
  return apiRequest<Order[]>(`/orders/user/${encodeURIComponent(userId)}`, { token });
}
