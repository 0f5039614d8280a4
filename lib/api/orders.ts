// The shopper's order history (contract: orders), kept in SWR's cache. The session layer decides when it is
// read (once the shopper is known, after a cash order, on a language change); screens read it with
// useUserOrders.
import { useCallback } from 'react';
import useSWR, { mutate } from 'swr';
import type { Order } from '@/lib/contract/orders';
import { apiRequest } from './client';
import { swrOptions } from './swr-options';

/**
 * The shopper's orders (a bare array). Unlike the public host, our server keeps order history private
 * (api-contract "Where our server differs" 1), so this call carries the token too.
 */
export function fetchUserOrders(token: string, userId: string): Promise<Order[]> {
  return apiRequest<Order[]>(`/orders/user/${encodeURIComponent(userId)}`, { token });
}

/** SWR key: one history per shopper and session token. */
export const userOrdersKey = (token: string | null, userId: string | null) =>
  token && userId ? (['orders', userId, token] as const) : null;

/** Reads the orders (again) into the cache every useUserOrders of this shopper shows; resolves with them. */
export async function loadUserOrders(token: string, userId: string): Promise<Order[]> {
  const orders = await mutate(userOrdersKey(token, userId), fetchUserOrders(token, userId), {
    revalidate: false,
  });
  return orders ?? [];
}

const ordersOptions = {
  ...swrOptions,
  // The screen reads them fresh on every visit itself (`refresh`): no second read on mount.
  revalidateOnMount: false,
  revalidateIfStale: false,
  // A failed read says so with 'Try again' on the screen; no retry behind the shopper's back.
  shouldRetryOnError: false,
};

/**
 * The order history: null until it has loaded, whatever was read last otherwise (also by loadUserOrders);
 * `refresh` reads it again and resolves once the answer (or the failure) is in. `onLoaded` hears each answer.
 */
export function useUserOrders(
  token: string | null,
  userId: string | null,
  onLoaded?: (orders: Order[]) => void,
) {
  const { data, mutate: revalidate } = useSWR(
    userOrdersKey(token, userId),
    ([, id, t]) => fetchUserOrders(t, id),
    { ...ordersOptions, onSuccess: onLoaded },
  );
  const refresh = useCallback(async (): Promise<void> => {
    await revalidate();
  }, [revalidate]);
  return { userOrders: data ?? null, refresh };
}

/**
 * The shopper cancels their own order while it is still placed (PUT /orders/{id}/cancel, ours: the public host
 * has no such call). The answer is the order as it is now; a 409 says why not (already being prepared, …).
 */
export function cancelOwnOrder(token: string, orderId: string): Promise<Order> {
  return apiRequest<{ status: 'success'; data: Order }>(`/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'PUT',
    token,
  }).then((answer) => answer.data);
}
