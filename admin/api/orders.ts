// The staff order calls (docs/api.md "Order states"): GET /orders with its filters and sort, GET /orders/{id}, and
// the state changes PUT /orders/{id}/pay|process|ship|deliver|cancel. Used by the data provider only.
import type { GetListParams } from 'react-admin';
import type { OrderStatus, OrderSort, Order, PaymentMethod, ShipBody } from '@/lib/contract/orders';
import type { ListEnvelope } from '@/lib/contract/common';
import { queryString, request, saveCsv } from './client';

/** An order as the screens read it: react-admin's `id` is the order's `_id`; `number` is the shop's order number. */
export type OrderRecord = Omit<Order, 'id'> & { id: string; number: number };

export function reshapeOrder(order: Order): OrderRecord {
  return { ...order, id: order._id, number: order.id };
}

/** The list's filters: `q` is the search box (an order number, FC-001047 or 1047, or an e-mail or phone's start). */
export interface OrderFilter {
  q?: string;
  status?: OrderStatus;
  paymentMethodType?: PaymentMethod;
  isPaid?: 'true' | 'false' | '' | boolean;
  /** Days as the date inputs give them (YYYY-MM-DD), on the staff member's calendar. */
  createdAt_gte?: string;
  createdAt_lte?: string;
  total_gte?: number | string;
  total_lte?: number | string;
  /** One customer's orders: their account's id (the customers list links here). */
  user?: string;
}

export type OrderAction = 'pay' | 'process' | 'ship' | 'deliver' | 'cancel';

const day = /^\d{4}-\d{2}-\d{2}$/;

/** A day's first or last moment on this browser's calendar, as the ISO date-time the server compares. */
function dayBound(value: string | undefined, end: boolean): string | undefined {
  if (!value || !day.test(value)) return undefined;
  const at = new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isFinite(at.getTime()) ? at.toISOString() : undefined;
}

/** Whole pounds (the server's amounts are integers): a minimum rounds up, a maximum down. */
function pounds(value: unknown, round: (n: number) => number): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? round(n) : undefined;
}

/** The shopper's reference (FC-001047) is the order number 1047 to the server. */
function keywordOf(q: string | undefined): string | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const reference = /^#?FC-?0*(\d{1,9})$/i.exec(text);
  return reference ? reference[1] : text;
}

function sortOf(sort: GetListParams['sort'] | undefined): OrderSort | undefined {
  if (sort?.field !== 'createdAt' && sort?.field !== 'totalOrderPrice') return undefined;
  return `${sort.order === 'ASC' ? '' : '-'}${sort.field}`;
}

/** The server's parameters for the list's filters (GET /orders and its CSV export take the same). */
function filterParams(filter: OrderFilter | undefined) {
  const f = filter ?? {};
  const paid = f.isPaid === undefined || f.isPaid === '' ? undefined : String(f.isPaid);
  return {
    keyword: keywordOf(f.q),
    status: f.status || undefined,
    paymentMethodType: f.paymentMethodType || undefined,
    isPaid: paid === 'true' || paid === 'false' ? paid : undefined,
    'createdAt[gte]': dayBound(f.createdAt_gte, false),
    'createdAt[lte]': dayBound(f.createdAt_lte, true),
    'totalOrderPrice[gte]': pounds(f.total_gte, Math.ceil),
    'totalOrderPrice[lte]': pounds(f.total_lte, Math.floor),
    user: f.user?.trim() || undefined,
  };
}

/** GET /orders's query for a react-admin list request. */
export function orderListQuery({ pagination, sort, filter }: Partial<GetListParams>): string {
  return queryString({
    page: pagination?.page ?? 1,
    limit: pagination?.perPage ?? 25,
    sort: sortOf(sort),
    ...filterParams(filter as OrderFilter | undefined),
    lang: 'en',
  });
}

/** GET /orders/export.csv with the list's filters: every order they match, saved as freshcart-orders-<date>.csv. */
export function saveOrderExport(filter: OrderFilter): Promise<void> {
  return saveCsv(`/orders/export.csv${queryString(filterParams(filter))}`, 'freshcart-orders');
}

/** The body of a state change: only `ship` has one (both fields optional; blank is none). */
export function actionBody(action: OrderAction, shipping?: ShipBody): ShipBody | undefined {
  if (action !== 'ship') return undefined;
  return {
    carrier: shipping?.carrier?.trim() ?? '',
    trackingReference: shipping?.trackingReference?.trim() ?? '',
  };
}

/** The orders named (at most 100), their products' names in `lang`: GET /orders?ids=…, in the list's order. */
export async function ordersById(ids: readonly string[], lang: 'en' | 'ar'): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  const query = queryString({ ids: ids.join(','), limit: ids.length, lang });
  const answer = await request<ListEnvelope<Order>>(`/orders${query}`);
  return answer.data.map(reshapeOrder);
}
