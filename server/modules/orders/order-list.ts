// GET /orders (staff): every order, paged and filtered, in the product list's envelope.
import { eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@/lib/contract/common';
import type { OrderFilters, OrderList, OrderListQuery } from '@/lib/contract/orders';
import type { AppContext } from '../../context';
import { isObjectId } from '../../db/ids';
import { orders } from '../../db/schema';
import { ValidationError } from '../../errors';
import { metadata, pageOf } from '../../paging';
import { escapeLike } from '../catalogue';
import { phoneKey } from './holds';
import * as repo from './repository';
import { populated } from './service';

/** The list's (and the export's) bracketed query parameters. */
export const listOperators = new Set([
  'createdAt[gte]',
  'createdAt[lte]',
  'totalOrderPrice[gte]',
  'totalOrderPrice[lte]',
]);

/** A keyword finds the orders of at most this many customers whose e-mail or phone starts with it. */
const maxKeywordCustomers = 500;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 24 * 60 * 60 * 1000;

/** A date bound: a date and time, or a whole day (`lte` a day takes in the whole of it). */
function dateBound(param: 'createdAt[gte]' | 'createdAt[lte]', value: string | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}([T ]|$)/.test(value))
    throw new ValidationError(
      param,
      `${param} is not a date or a date and time (like 2030-03-01 or 2030-03-01T09:00:00Z)`,
      value,
      'query',
    );
  if (param === 'createdAt[gte]') return gte(orders.createdAt, new Date(ms));
  return dateOnly.test(value)
    ? lt(orders.createdAt, new Date(ms + dayMs))
    : lte(orders.createdAt, new Date(ms));
}

/**
 * The keyword: an order number exactly, or the first characters of the customer's e-mail or phone (the account's,
 * or the order's shipping phone in the form the stock caps compare phones: +20 10… finds 010…).
 */
async function keywordCondition(ctx: AppContext, keyword: string): Promise<SQL> {
  const text = keyword.trim().replace(/^#/, '');
  const found: SQL[] = [];
  if (/^\d{1,9}$/.test(text)) found.push(eq(orders.number, Number(text)));
  const customers = await repo.usersByPrefix(ctx.database.db, text, maxKeywordCustomers);
  if (customers.length) found.push(inArray(orders.userId, customers));
  const phone = phoneKey(text);
  if (/^\d{3,}$/.test(phone)) found.push(sql`${orders.shippingPhoneKey} like ${`${escapeLike(phone)}%`}`);
  return found.length ? or(...found)! : sql`false`;
}

/** The list's filters as conditions on orders (the export takes the same ones). */
export async function orderConditions(ctx: AppContext, q: OrderFilters): Promise<SQL[]> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.paymentMethodType) where.push(eq(orders.paymentMethodType, q.paymentMethodType));
  if (q.isPaid !== undefined) where.push(eq(orders.isPaid, q.isPaid));
  for (const param of ['createdAt[gte]', 'createdAt[lte]'] as const) {
    const bound = dateBound(param, q[param]);
    if (bound) where.push(bound);
  }
  if (q.user !== undefined) {
    if (!isObjectId(q.user))
      throw new ValidationError('user', 'user must be an account id (24 hex characters)', q.user, 'query');
    where.push(eq(orders.userId, q.user));
  }
  if (q['totalOrderPrice[gte]'] !== undefined)
    where.push(gte(orders.totalOrderPrice, q['totalOrderPrice[gte]']));
  if (q['totalOrderPrice[lte]'] !== undefined)
    where.push(lte(orders.totalOrderPrice, q['totalOrderPrice[lte]']));
  if (q.keyword?.trim()) where.push(await keywordCondition(ctx, q.keyword));
  return where;
}

/** At most this many orders named by `ids` at once. */
export const maxListIds = 100;

function idsCondition(text: string): SQL {
  const ids = [...new Set(text.split(',').map((id) => id.trim()))].filter(Boolean);
  if (ids.length === 0 || ids.length > maxListIds || !ids.every(isObjectId))
    throw new ValidationError(
      'ids',
      `ids must be 1 to ${maxListIds} order ids (24 hex characters), separated by commas`,
      text,
      'query',
    );
  return inArray(orders.id, ids);
}

export async function listOrders(ctx: AppContext, q: OrderListQuery, lang: Language): Promise<OrderList> {
  const where = await orderConditions(ctx, q);
  if (q.ids !== undefined) where.push(idsCondition(q.ids));
  const sort = q.sort ?? '-createdAt';
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as repo.OrderSortKey;
  const { page, limit } = pageOf(q);
  const { total, orders: found } = await repo.orderPage(
    ctx.database.db,
    where,
    { key, descending },
    { limit, offset: (page - 1) * limit },
  );
  return {
    results: total,
    metadata: metadata(total, page, limit),
    data: await populated(ctx, found, lang),
  };
}
