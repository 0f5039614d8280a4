// Refunds of card orders (issue 28): POST /orders/{id}/refunds (staff), `{amount, restock?}`. The money goes back
// through the payment provider that took it; the refund is recorded on the order (order_refunds, a history entry,
// the audit log) and the lines named put their units back on sale.
//
// The provider is a network call (Stripe: seconds, retried), so the order's row lock is not held across it
// (docs/decisions/0010-refunds.md):
//   1. under the order's lock: check the order and the amount against what is refunded or being refunded, and
//      write the refund `pending`: it reserves its amount and its units, so a second refund at the same moment
//      sees them taken and gets its 409; commit.
//   2. ask the provider, with the refund row's id as the idempotency key (a retry makes one refund).
//   3. under the order's lock again: mark it `succeeded` (the provider's id), put the units back, write the history
//      entry and the audit row; or, when the provider refused, mark it `failed` and answer 502 with its reason; the
//      order is then exactly as it was.
// A cancel waits for the order to be refunded in full (succeeded refunds only), so it never meets a pending one.
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@/lib/contract/common';
import { refundLimits, type OrderAnswer, type RefundBody, type RefundRequest } from '@/lib/contract/orders';
import { formatEgp, toMinorUnits } from '@/lib/rules/money';
import type { AppContext } from '../../context';
import { mailOrderLater } from './order-mail';
import { onCommit, runInTransaction } from '../../db/client';
import { newId } from '../../db/ids';
import type { RefundRestockLine } from '../../db/schema';
import { AppError, ValidationError } from '../../errors';
import { recordAudit, type Actor } from '../audit';
import * as repo from './repository';
import { decideRefund } from './states';
import { noOrderWithId, orderAnswer, orderRef, refundedOf } from './transitions';

/** What the orders module needs of a payment provider (server/modules/checkout's PaymentProvider is one). */
export interface Refunder {
  readonly name: 'test' | 'stripe';
  refund?(providerSessionId: string, idempotencyKey: string, amount?: number): Promise<string>;
}

export const providerRefused = (reason: string) =>
  `The payment provider did not refund this order: ${reason}. Nothing was refunded; the order is as it was.`;
export const noRefundThrough = (paidWith: string, configured: string) =>
  `This order was paid through the ${paidWith} payment provider, but this server refunds through ${configured}: refund it in the ${paidWith} provider's own dashboard`;
export const noPaymentRecord =
  'This order has no record of its payment (no checkout session): refund it in the payment provider’s dashboard';

const poundsRule = 'the refund in whole Egyptian pounds (EGP), a positive integer such as 40';

/** A whole number of units or pounds from JSON (never text: the body is not coerced), or the 400 naming why not. */
function positiveInteger(param: string, value: unknown, max: number, what: string): number {
  if (value === undefined || value === null)
    throw new ValidationError(param, `${param} is required: ${what}`, value);
  if (typeof value !== 'number')
    throw new ValidationError(param, `${param} must be a number, not text: ${what}`, value);
  if (!Number.isInteger(value))
    throw new ValidationError(param, `${param} must be a whole number: ${what}`, value);
  if (value < 1) throw new ValidationError(param, `${param} must be at least 1: ${what}`, value);
  if (value > max)
    throw new ValidationError(
      param,
      `${param} must be at most ${max.toLocaleString('en-US')}: ${what}`,
      value,
    );
  return value;
}

/** The body as the server reads it: the amount, and each line to restock once (counts of a line named twice add). */
export function readRefundBody(body: RefundBody | undefined): RefundRequest {
  const amount = positiveInteger('amount', body?.amount, refundLimits.amountMax, poundsRule);
  const restock = new Map<string, number>();
  (body?.restock ?? []).forEach((entry, i) => {
    const line = entry.line;
    if (typeof line !== 'string' || line === '')
      throw new ValidationError(`restock[${i}].line`, `restock[${i}].line is required: a line's _id`, line);
    const count = positiveInteger(
      `restock[${i}].count`,
      entry.count,
      refundLimits.amountMax,
      'the units of the line that go back on sale',
    );
    restock.set(line, (restock.get(line) ?? 0) + count);
  });
  return { amount, restock: [...restock].map(([line, count]) => ({ line, count })) };
}

/** Units of a line that may still go back on sale: ordered, less those put back, less those a pending refund will. */
function restockable(line: repo.OrderItemRow, refunds: repo.OrderRefundRow[]): number {
  const reserved = refunds
    .filter((r) => r.status === 'pending')
    .flatMap((r) => r.restock)
    .filter((l) => l.lineId === line.id)
    .reduce((n, l) => n + l.count, 0);
  return line.count - line.restocked - reserved;
}

/** Step 1: the checks and the pending row, under the order's lock. */
async function reserve(ctx: AppContext, payments: Refunder, actor: Actor, id: string, wanted: RefundRequest) {
  const ref = orderRef(id);
  if (!ref) throw new AppError(404, noOrderWithId(id));
  return runInTransaction(ctx.database.db, async (tx) => {
    const row = await repo.orderRow(tx, ref, true);
    if (!row) throw new AppError(404, noOrderWithId(id));
    const refunds = await repo.refundRows(tx, row.id);
    const reserved = refunds.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
    const refused = decideRefund({ ...row, refunded: refundedOf(refunds) }, wanted.amount, reserved);
    if (refused) throw new AppError(409, refused);

    const lines = await repo.orderLines(tx, row.id);
    const restock: RefundRestockLine[] = (wanted.restock ?? []).map(({ line, count }, i) => {
      const found = lines.find((l) => l.id === line);
      if (!found)
        throw new ValidationError(
          `restock[${i}].line`,
          `restock[${i}].line is not a line of this order`,
          line,
        );
      const left = restockable(found, refunds);
      if (count > left)
        throw new AppError(
          409,
          left === 0
            ? `Every unit of line ${line} is already back on sale`
            : `Only ${left} of line ${line}'s ${found.count} units can go back on sale`,
        );
      return { lineId: found.id, productId: found.productId, count };
    });

    if (!payments.refund || row.paymentProvider !== payments.name)
      throw new AppError(409, noRefundThrough(row.paymentProvider ?? 'unknown', payments.name));
    const payment = row.checkoutSessionId ? await repo.paymentOf(tx, row.checkoutSessionId) : undefined;
    const providerSessionId =
      payment && (payment.providerSessionId ?? (payment.provider === 'test' ? payment.id : null));
    if (!providerSessionId) throw new AppError(409, noPaymentRecord);

    const refundId = newId();
    await repo.insertRefund(tx, {
      id: refundId,
      orderId: row.id,
      amount: wanted.amount,
      provider: payments.name,
      restock,
      actorId: actor.id,
      createdAt: new Date(ctx.now()),
    });
    return { order: row, refundId, providerSessionId, restock };
  });
}

/** The provider's words for a refusal (Stripe's errors carry them in `message`). */
function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/[.\s]+$/, '') || 'no reason given';
}

/** Step 3 after the provider made the refund: recorded, units back, history and audit, under the order's lock. */
function settle(
  ctx: AppContext,
  actor: Actor,
  orderId: string,
  refundId: string,
  providerRefundId: string,
  restock: RefundRestockLine[],
) {
  return runInTransaction(ctx.database.db, async (tx) => {
    const row = await repo.orderRow(tx, { id: orderId }, true);
    if (!row) throw new Error(`order ${orderId} vanished while it was refunded`);
    const before = refundedOf(await repo.refundRows(tx, row.id));
    const now = new Date(ctx.now());
    const refund = await repo.updateRefund(tx, refundId, {
      status: 'succeeded',
      providerRefundId,
      completedAt: now,
    });
    for (const line of restock) await repo.markRestocked(tx, line.lineId, line.count);
    const units = restock.map((l) => ({ productId: l.productId, units: l.count }));
    await repo.putBack(tx, units);
    if (units.length) {
      const changed = units.map((u) => u.productId);
      ctx.catalogueCache.productsChanged(changed);
      onCommit(tx, () => ctx.catalogueCache.productsChanged(changed));
    }
    await repo.insertEvent(tx, {
      orderId: row.id,
      fromStatus: row.status,
      toStatus: row.status,
      at: now,
      actorId: actor.id,
      note: `Refunded ${formatEgp(refund.amount)}`,
      refundId,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.refund',
        entity: 'order',
        entityId: row.id,
        before: { status: row.status, refundedAmount: before },
        after: {
          status: row.status,
          refundedAmount: before + refund.amount,
          refund: {
            id: refundId,
            amount: refund.amount,
            provider: refund.provider,
            providerRefundId,
            restock,
          },
        },
      },
      now,
    );
    return row;
  });
}

/** POST /orders/{id}/refunds: the three steps of the header; the answer is the order with the refund on it. */
export async function refundOrder(
  ctx: AppContext,
  payments: Refunder,
  actor: Actor,
  id: string,
  body: RefundBody | undefined,
  lang: Language,
  log: FastifyBaseLogger,
): Promise<OrderAnswer> {
  const wanted = readRefundBody(body);
  const { order, refundId, providerSessionId, restock } = await reserve(ctx, payments, actor, id, wanted);

  let providerRefundId: string;
  try {
    providerRefundId = await payments.refund!(
      providerSessionId,
      `order-refund-${refundId}`,
      toMinorUnits(wanted.amount),
    );
  } catch (err) {
    const reason = reasonOf(err);
    log.warn({ err, orderId: order.id, refundId }, 'the payment provider refused a refund');
    await repo.updateRefund(ctx.database.db, refundId, {
      status: 'failed',
      failureReason: reason,
      completedAt: new Date(ctx.now()),
    });
    throw new AppError(502, providerRefused(reason));
  }

  const settled = await settle(ctx, actor, order.id, refundId, providerRefundId, restock).catch(
    (err: unknown) => {
      // The money is back but not recorded: the row stays pending (its amount stays reserved, so nothing is
      // refunded twice) until someone records it by hand from this line.
      log.error({ err, orderId: order.id, refundId, providerRefundId }, 'refund made but not recorded');
      throw err;
    },
  );

  // The shopper is told, in the background: a mail that cannot be sent is logged and never fails the refund.
  mailOrderLater(ctx, order.id, { kind: 'refunded', amount: wanted.amount });
  const answer = await orderAnswer(ctx, settled, lang);
  return { status: 'success', data: answer };
}
