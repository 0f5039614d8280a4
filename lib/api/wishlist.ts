// The wishlist behind the cart's 'Add to Favorites' toggle (contract: Wishlist, header token).
import useSWR from 'swr';
import { apiRequest } from './client';
import type { WishlistAnswer, WishlistIds } from '@/lib/contract/wishlist';

export function fetchWishlist(token: string): Promise<WishlistAnswer> {
  return apiRequest<WishlistAnswer>('/wishlist', { token });
}

export function addToWishlist(productId: string, token: string): Promise<WishlistIds> {
  return apiRequest<WishlistIds>('/wishlist', { method: 'POST', body: { productId }, token });
}

export function removeFromWishlist(productId: string, token: string): Promise<WishlistIds> {
  return apiRequest<WishlistIds>(`/wishlist/${encodeURIComponent(productId)}`, {
    method: 'DELETE',
    token,
  });
}

/** SWR key: one wishlist per session token. */
export const wishlistKey = (token: string | null) => (token ? (['wishlist', token] as const) : null);

/** The ids of the products on the shopper's wishlist, and a toggle that keeps them in step with the server. */
export function useWishlist(token: string | null) {
  const { data, error, isLoading, mutate } = useSWR(wishlistKey(token), ([, t]) =>
    fetchWishlist(t).then((w) => w.data.map((p) => p._id)),
  );

  async function toggle(productId: string): Promise<boolean> {
    if (!token) return false;
    const isOn = (data ?? []).includes(productId);
    const change = isOn ? await removeFromWishlist(productId, token) : await addToWishlist(productId, token);
    // The change answers with the full id list, so no refetch is needed.
    await mutate(change.data, { revalidate: false });
    return !isOn;
  }

  return { ids: data ?? [], error: error as Error | undefined, isLoading, toggle };
}
