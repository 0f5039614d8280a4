// Order placement (spec section 7): the cash order and the card checkout session.
import { apiRequest } from './client';
import { useMutation } from './use-mutation';
import type { CheckoutSessionAnswer } from '@/lib/contract/checkout';
import type { PlacedOrderAnswer, ShippingAddress } from '@/lib/contract/orders';

export function createCashOrder(
  cartId: string,
  shippingAddress: ShippingAddress,
  token: string,
): Promise<PlacedOrderAnswer> {
  return apiRequest(`/orders/${encodeURIComponent(cartId)}`, {
    method: 'POST',
    body: { shippingAddress },
    token,
  });
}

export function createCheckoutSession(
  cartId: string,
  shippingAddress: ShippingAddress,
  token: string,
  returnBase: string,
): Promise<CheckoutSessionAnswer> {
  const query = new URLSearchParams({ url: returnBase });
  return apiRequest<CheckoutSessionAnswer>(
    `/orders/checkout-session/${encodeURIComponent(cartId)}?${query}`,
    {
      method: 'POST',
      body: { shippingAddress },
      token,
    },
  );
}

/**
 * The base the payment provider returns to: the storefront's own address ending in "/#", so the
 * server's `<url>/allorders` and `<url>/cart` land on hash routes on any static host.
 */
export function checkoutReturnBase(location: Pick<Location, 'origin' | 'pathname'>): string {
  const { pathname } = location;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  // '/ecommerceweb/index.html' → '/ecommerceweb/'; '/ecommerceweb' → '/ecommerceweb/'.
  const dir = last.includes('.')
    ? pathname.slice(0, pathname.length - last.length)
    : last
      ? `${pathname}/`
      : pathname;
  return `${location.origin}${dir}#`;
}

export interface OrderRequest {
  cartId: string;
  shippingAddress: ShippingAddress;
  token: string;
}

/** A card payment session; the cart changes only when the payment completes (the shopper comes back later). */
export const useCheckoutSession = () =>
  useMutation(({ cartId, shippingAddress, token, returnBase }: OrderRequest & { returnBase: string }) =>
    createCheckoutSession(cartId, shippingAddress, token, returnBase),
  );
