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

/** Ours (docs/api.md): the caller's own address `id` becomes their default; the answer lists them all. */
export function setDefaultAddress(id: string, token: string): Promise<AddressList> {
  return apiRequest<AddressList>(`/addresses/${encodeURIComponent(id)}/default`, { method: 'PUT', token });
}

/** SWR key: one address book per session token. */
export const addressesKey = (token: string | null) => (token ? (['addresses', token] as const) : null);

/**
 * The saved addresses, oldest first; `save` adds one and `makeDefault` chooses the default, each keeping the list in
 * step with the server's answer. Read again when the tab comes back to the front: another tab or device may have
 * added one, removed one or chosen another default.
 */
export function useAddresses(token: string | null) {
  const { data, error, isLoading, mutate } = useSWR(
    addressesKey(token),
    ([, t]) => fetchAddresses(t).then((list) => list.data),
    { ...swrOptions, revalidateOnFocus: true },
  );

  async function save(address: Required<NewAddress>): Promise<Address[]> {
    if (!token) return data ?? [];
    const answer = await saveAddress(address, token);
    await mutate(answer.data, { revalidate: false });
    return answer.data;
  }

  async function makeDefault(id: string): Promise<void> {
    if (!token) return;
    try {
      const answer = await setDefaultAddress(id, token);
      await mutate(answer.data, { revalidate: false });
    } catch (err) {
      // Removed meanwhile (another tab), or not ours: show the list as it is now.
      void mutate();
      throw err;
    }
  }

  return { addresses: data ?? [], error: error as Error | undefined, isLoading, save, makeDefault };
}
