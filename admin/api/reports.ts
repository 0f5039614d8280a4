// The back office's report calls (docs/api.md, issue 28): GET /dashboard, the first screen's figures in one answer,
// and GET /customers, shoppers' accounts with their orders and spending. Used by the data provider only.
import type { GetListParams } from 'react-admin';
import type { ListEnvelope } from '@/lib/contract/common';
import type { Customer, customerSorts, Dashboard, DashboardAnswer, lowStockAt } from '@/lib/contract/reports';
import { queryString, request } from './client';

/** Products at or under this many units are low on stock (the contract's `lowStockAt`: the type keeps the two equal). */
export const lowStockLimit = 5 satisfies typeof lowStockAt;

export type DashboardFigures = Dashboard;

export async function readDashboard(signal?: AbortSignal): Promise<DashboardFigures> {
  return (await request<DashboardAnswer>('/dashboard', { signal })).data;
}

/** A customer as the list reads it: react-admin's `id` is the account's `_id`. */
export type CustomerRecord = Customer & { id: string };

export function reshapeCustomer(customer: Customer): CustomerRecord {
  return { ...customer, id: customer._id };
}

/** The list's one filter: the search box, the first characters of an e-mail or phone. */
export interface CustomerFilter {
  q?: string;
}

/** GET /customers's query for a react-admin list request: newest first unless asked oldest first. */
export function customerListQuery({ pagination, sort, filter }: Partial<GetListParams>): string {
  const keyword = (filter as CustomerFilter | undefined)?.q?.trim();
  const order: (typeof customerSorts)[number] =
    sort?.field === 'createdAt' && sort.order === 'ASC' ? 'createdAt' : '-createdAt';
  return queryString({
    page: pagination?.page ?? 1,
    limit: pagination?.perPage ?? 25,
    sort: order,
    keyword: keyword || undefined,
    lang: 'en',
  });
}

export async function readCustomers(
  params: Partial<GetListParams>,
): Promise<{ data: CustomerRecord[]; total: number }> {
  const answer = await request<ListEnvelope<Customer>>(`/customers${customerListQuery(params)}`, {
    signal: params.signal,
  });
  return { data: answer.data.map(reshapeCustomer), total: answer.results };
}

/** The orders list showing only this customer's orders (#/orders?filter={"user":…}). */
export function customerOrdersPath(customerId: string): string {
  return `/orders?${new URLSearchParams({ filter: JSON.stringify({ user: customerId }) })}`;
}
