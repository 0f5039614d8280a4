// The shopper's saved shipping addresses (contract: addresses, header token), offered on the order page.
import useSWR from 'swr';
import { apiRequest } from './client';
import { swrOptions } from './swr-options';
import type { Address, AddressList, NewAddress } from '@/lib/contract/addresses';

export function fetchAddresses(token: string): Promise<AddressList> {
  return apiRequest<AddressList>('/addresses', { token });
}

export function saveAddress(address: Required<NewAddress>, token: string): Promise<AddressList> {
  return apiRequest<AddressList>('/addresses', { method: 'POST', body: address, token });
}

/** SWR key: one address book per session token. */
export const addressesKey = (token: string | null) => (token ? (['addresses', token] as const) : null);

/** The saved addresses, oldest first; `save` adds one and keeps the list in step with the server's answer. */
export function useAddresses(token: string | null) {
  const { data, error, isLoading, mutate } = useSWR(
    addressesKey(token),
    ([, t]) => fetchAddresses(t).then((list) => list.data),
    swrOptions,
  );

  async function save(address: Required<NewAddress>): Promise<Address[]> {
    if (!token) return data ?? [];
    const answer = await saveAddress(address, token);
    await mutate(answer.data, { revalidate: false });
    return answer.data;
  }

  return { addresses: data ?? [], error: error as Error | undefined, isLoading, save };
}
