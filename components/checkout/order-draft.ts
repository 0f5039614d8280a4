import type { Address } from '@/lib/contract/addresses';
import type { Order, ShippingAddress } from '@/lib/contract/orders';

/** Session storage key of the order form's draft. */
export const ORDER_FORM_KEY = 'freshcart-order-form';

export const emptyDraft = { details: '', city: '', phone: '', save: false, addressName: 'Home' };
export type Draft = typeof emptyDraft;

export type AddressField = 'details' | 'city' | 'phone';
export const addressFields: AddressField[] = ['details', 'city', 'phone'];

/** The address as typed, without the spaces around each field. */
export function typedAddress(draft: Draft): ShippingAddress {
  return { details: draft.details.trim(), city: draft.city.trim(), phone: draft.phone.trim() };
}

export function sameAddress(a: ShippingAddress, b: Address): boolean {
  return a.details === b.details.trim() && a.city === b.city.trim() && a.phone === b.phone.trim();
}

/**
 * The saved address the order page chooses for the shopper: their default, else the one their newest order went
 * to, else their only one. null: none to choose; undefined: not known yet (the orders have not arrived).
 */
export function firstChoice(
  addresses: readonly Address[],
  orders: readonly Pick<Order, 'shippingAddress' | 'createdAt'>[] | null,
): Address | null | undefined {
  const only = addresses.length === 1 ? addresses[0]! : null;
  const chosen = addresses.find((a) => a.default);
  if (chosen || addresses.length === 0) return chosen ?? null;
  if (orders === null) return only ?? undefined;
  const newest = orders.reduce<(typeof orders)[number] | null>(
    (n, o) => (!n || Date.parse(o.createdAt) > Date.parse(n.createdAt) ? o : n),
    null,
  );
  const used = newest ? typedAddress({ ...emptyDraft, ...newest.shippingAddress }) : null;
  return (used && addresses.find((a) => sameAddress(used, a))) ?? only;
}
