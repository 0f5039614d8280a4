import type { Address } from '@/lib/contract/addresses';
import type { ShippingAddress } from '@/lib/contract/orders';

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
