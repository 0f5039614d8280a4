// POST /products/bulk: a price change by a percentage, one stock count, or archiving, for up to 100 products in one
// transaction: all change or none does. Each product gets its own audit row (and stock history row), as a change
// made one by one would.
import type { ProductBulkAnswer, ProductBulkBody } from '@/lib/contract/staff';
import type { AppContext } from '../../context';
import { runInTransaction } from '../../db/client';
import { isObjectId } from '../../db/ids';
import { AppError, ValidationError } from '../../errors';
import type { Actor } from '../audit';
import { noProductWithId } from './service';
import * as staffRepo from './staff-repository';
import { lockedProduct, productChanged, recordStock } from './staff-service';

export const bulkStockReason = 'Stock set for several products in the back office';

/** A price moved by a percentage, in whole pounds (prices are integers), rounded half up. */
export function scaledPrice(price: number, percent: number): number {
  return Math.round((price * (100 + percent)) / 100);
}

function needs<K extends 'percent' | 'quantity'>(
  body: ProductBulkBody,
  key: K,
): NonNullable<ProductBulkBody[K]> {
  const value = body[key];
  if (value === undefined)
    throw new ValidationError(key, `${key} is required for the action ${body.action}`, undefined, 'body');
  return value as NonNullable<ProductBulkBody[K]>;
}

export async function bulkChangeProducts(
  ctx: AppContext,
  actor: Actor,
  body: ProductBulkBody,
): Promise<ProductBulkAnswer> {
  for (const id of body.ids) if (!isObjectId(id)) throw new AppError(404, noProductWithId(id));
  const percent = body.action === 'price-percent' ? needs(body, 'percent') : 0;
  const quantity = body.action === 'set-stock' ? needs(body, 'quantity') : 0;
  return runInTransaction(ctx.database.db, async (tx) => {
    const now = new Date(ctx.now());
    const changed = new Map<string, ProductBulkAnswer['data'][number]>();
    // Locked in one order, so two bulk changes over the same products queue rather than deadlock.
    for (const id of [...body.ids].sort()) {
      const { row, before } = await lockedProduct(ctx, tx, id);
      let action: string;
      if (body.action === 'price-percent') {
        const price = scaledPrice(row.price, percent);
        if (price < 1)
          throw new AppError(400, `The price of "${row.title}" would fall to 0 EGP: choose a smaller cut`);
        const discounted =
          row.priceAfterDiscount === null ? null : scaledPrice(row.priceAfterDiscount, percent);
        await staffRepo.updateProduct(tx, id, {
          price,
          priceAfterDiscount: discounted === null ? null : Math.min(discounted, price),
          updatedAt: now,
        });
        action = 'product.bulk-price';
      } else if (body.action === 'set-stock') {
        if (row.quantity !== quantity) {
          await recordStock(tx, actor, id, row.quantity, quantity, body.stockReason ?? bulkStockReason, now);
          await staffRepo.updateProduct(tx, id, { quantity, updatedAt: now });
        }
        action = 'product.bulk-stock';
      } else {
        if (row.status !== 'archived')
          await staffRepo.updateProduct(tx, id, { status: 'archived', updatedAt: now });
        action = 'product.bulk-archive';
      }
      changed.set(id, (await productChanged(ctx, tx, actor, { action, id, before }, now)).data);
    }
    return { data: body.ids.map((id) => changed.get(id)!) };
  });
}
