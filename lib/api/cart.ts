import { apiRequest } from './client';
import { cartPath } from './paths';
import type { CartCleared, CartEnvelope, CartEnvelopeWithIds } from '@/lib/contract/cart';

// Cart calls of spec section 7; every one carries the session token in the "token" header.

/** Spec's call `{productId}`; a count above 1 (product details' quantity) rides in the same call, all or none. */
export function addCartProduct(token: string, productId: string, count = 1): Promise<CartEnvelopeWithIds> {
  const body = count > 1 ? { productId, count } : { productId };
  return apiRequest<CartEnvelopeWithIds>('/cart', { method: 'POST', token, body });
}

export function fetchCart(token: string): Promise<CartEnvelope> {
  return apiRequest<CartEnvelope>(cartPath, { token });
}

export function updateCartProductCount(
  token: string,
  productId: string,
  count: number,
): Promise<CartEnvelope> {
  return apiRequest<CartEnvelope>(`/cart/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    token,
    body: { count },
  });
}

export function removeCartProduct(token: string, productId: string): Promise<CartEnvelope> {
  return apiRequest<CartEnvelope>(`/cart/${encodeURIComponent(productId)}`, { method: 'DELETE', token });
}

export function clearCartOnServer(token: string): Promise<CartCleared> {
  return apiRequest<CartCleared>('/cart', { method: 'DELETE', token });
}
