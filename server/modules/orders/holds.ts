import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { normaliseArabic } from '@/lib/rules/arabic';
import type { Executor } from '../../db/client';
import { heldOrder, orderItems, orders } from '../../db/schema';
import { AppError } from '../../errors';
import {
  checkOpenUnpaidOrders,
  maxHeldUnitsPerPhone,
  maxHeldUnitsPerShippingAddress,
  minHeldUnitsPerProduct,
  tooManyHeldForPhone,
  tooManyHeldForShippingAddress,
  tooManyHeldFromAddress,
  tooManyHeldOfProduct,
} from './limits';

// Stock held by orders nobody has paid real money for (docs/security.md, "Stock held by unpaid and test-paid
// orders"). Such an order takes its units out of sale until it is delivered, so what they hold together is
// bounded per account, per client address, per phone number, per shipping address and per product.

/** The caps a shop tunes (server/config.ts: HELD_UNITS_PER_ADDRESS, HELD_STOCK_SHARE_PERCENT). */
export interface HoldLimits {
  unitsPerAddress: number;
  stockSharePercent: number;
  /** RATE_LIMIT_ALLOW: an order placed from such an address is held to neither cap above (phone, shipping address
   * and account caps still apply). */
  exempt?: (clientIp: string | null) => boolean;
}

/** The limits for an order placed from `clientIp`: without the per-address and per-product caps when it is exempt. */
export function limitsFor(limits: HoldLimits, clientIp: string | null): HoldLimits {
  return limits.exempt?.(clientIp)
    ? { unitsPerAddress: Number.POSITIVE_INFINITY, stockSharePercent: 100, exempt: limits.exempt }
    : limits;
}

/** Who an order's held units count against. */
export interface Holder {
  userId: string;
  /** clientAddressKey of the placing request; null when unknown (sessions opened before the caps). */
  clientAddress: string | null;
  phoneKey: string;
  addressKey: string;
}

/**
 * The client address as the caps count it: IPv4 as it is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * IPv6 by its /64 prefix, since one subscriber gets a whole /64 and could otherwise take a new address per
 * order.
 */
export function clientAddressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head = '', tail] = bare.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Letters and digits only, lower-cased, Arabic folded as search folds it, one space between words. */
function textKey(text: string): string {
  return normaliseArabic(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A phone number as the caps compare it: its digits, an Egyptian mobile number in its local form whether it
 * was written 010…, 2010…, +20 10…, 0020 10… or in Arabic digits.
 */
export function phoneKey(phone: string): string {
  const digits = normaliseArabic(phone).replace(/\D/g, '').replace(/^00/, '');
  if (digits === '') return textKey(phone);
  const local = /^20(0?1\d{9})$/.exec(digits)?.[1];
  return local ? local.replace(/^1/, '01') : digits;
}

/** A shipping address as the caps compare it: details and city, each by textKey. */
export function shippingAddressKey(address: { details: string; city: string }): string {
  return `${textKey(address.details)}|${textKey(address.city)}`;
}

export function holderOf(
  userId: string,
  clientIp: string | null,
  shipping: { details: string; phone: string; city: string },
): Holder {
  return {
    userId,
    clientAddress: clientIp ? clientAddressKey(clientIp) : null,
    phoneKey: phoneKey(shipping.phone),
    addressKey: shippingAddressKey(shipping),
  };
}

/** Advisory lock space of the holders' locks (two-key form, apart from the migration lock's bigint key). */
const holderLockSpace = 25;

function lockId(key: string): number {
  return createHash('sha256').update(key).digest().readInt32BE(0);
}

/**
 * Serialises orders that count against the same account, address, phone number or shipping address until
 * the transaction ends: without it, twenty orders sent at once would each see the others' units as not yet
 * there. Locks are taken in one order (by id), so two orders sharing holders cannot deadlock.
 */
export async function lockHolder(exec: Executor, holder: Holder): Promise<void> {
  const keys = [
    `account:${holder.userId}`,
    `phone:${holder.phoneKey}`,
    `shipping:${holder.addressKey}`,
    ...(holder.clientAddress ? [`address:${holder.clientAddress}`] : []),
  ];
  const ids = [...new Set(keys.map(lockId))].sort((a, b) => a - b);
  for (const id of ids)
    await exec.execute(sql`select pg_advisory_xact_lock(${holderLockSpace}::int, ${id}::int)`);
}

async function heldUnits(exec: Executor, where: SQL): Promise<number> {
  const [row] = await exec
    .select({ units: sql<string | number | null>`sum(${orderItems.count})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(heldOrder, where));
  return Number(row?.units ?? 0);
}

/**
 * Throws the contract's 400 when an order of `units` would take what its holder's orders hold over a cap:
 * orders per account, then units per client address, phone number and shipping address. Exact only under
 * lockHolder; without it (opening a checkout session) it is an early answer that fulfilment checks again.
 */
export async function checkHolder(
  exec: Executor,
  holder: Holder,
  units: number,
  limits: HoldLimits,
): Promise<void> {
  await checkOpenUnpaidOrders(exec, holder.userId);
  const caps: { where: SQL; cap: number; message: (cap: number, held: number) => string }[] = [
    ...(holder.clientAddress
      ? [
          {
            where: eq(orders.clientAddress, holder.clientAddress),
            cap: limits.unitsPerAddress,
            message: tooManyHeldFromAddress,
          },
        ]
      : []),
    {
      where: eq(orders.shippingPhoneKey, holder.phoneKey),
      cap: maxHeldUnitsPerPhone,
      message: tooManyHeldForPhone,
    },
    {
      where: eq(orders.shippingAddressKey, holder.addressKey),
      cap: maxHeldUnitsPerShippingAddress,
      message: tooManyHeldForShippingAddress,
    },
  ];
  for (const { where, cap, message } of caps) {
    const held = await heldUnits(exec, where);
    if (held + units > cap) throw new AppError(400, message(cap, held));
  }
}

/**
 * The most units of a product that orders holding stock may hold together: `sharePercent` of the units still
 * for sale (available plus held), and never fewer than minHeldUnitsPerProduct. The rest is left to shoppers
 * who pay by card, and to cash shoppers once earlier orders are delivered.
 */
export function productHoldCap(forSale: number, sharePercent: number): number {
  return Math.max(minHeldUnitsPerProduct, Math.floor((forSale * sharePercent) / 100));
}

/**
 * Throws the contract's 400 when `line.count` more held units of the product would pass its cap. `available`
 * is the product's quantity before this order takes from it. Exact when the product's row is locked (the
 * order has taken its stock): every other order of it then waits for this transaction.
 */
export async function checkProductShare(
  exec: Executor,
  line: { productId: string; title: string; count: number },
  available: number,
  limits: HoldLimits,
): Promise<void> {
  const held = await heldUnits(exec, eq(orderItems.productId, line.productId));
  const cap = productHoldCap(available + held, limits.stockSharePercent);
  if (held + line.count > cap)
    throw new AppError(400, tooManyHeldOfProduct(line.title, Math.max(0, cap - held)));
}
