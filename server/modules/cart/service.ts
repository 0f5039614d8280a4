import type { CartCleared, CartEnvelope, CartEnvelopeWithIds } from '@/lib/contract/cart';
import type { Language } from '@/lib/contract/common';
import type { AppContext } from '../../context';
import { pgErrorCode } from '../../db/client';
import { isObjectId } from '../../db/ids';
import { AppError, ValidationError, noCart, noProduct } from '../../errors';
import { maxUnitsPerLine, maxUnitsPerOrder, tooManyOfOne, tooManyUnits } from '../orders';
import * as repo from './repository';
import { cartEnvelope, cartEnvelopeWithIds } from './serialize';

export const outOfStock = (title: string, quantity: number) =>
  quantity === 0 ? `${title} is out of stock` : `Only ${quantity} of ${title} in stock`;

export const notForSale = (title: string) => `${title} is no longer for sale`;

const noLine = (id: string) => `No product for this id ${id} in your cart`;

export async function addToCart(
  ctx: AppContext,
  userId: string,
  productId: string,
  count = 1,
): Promise<CartEnvelopeWithIds> {
  if (!isObjectId(productId)) throw new AppError(404, noProduct(productId));
  if (count < 1) throw new ValidationError('count', 'count must be at least 1', count, 'body');
  // More than a line may hold can never be added: say which rule (the statement would not even take the number).
  if (count > maxUnitsPerLine)
    throw (await whyRefused(ctx, userId, productId, count)) ?? new AppError(400, cartBusy);
  // One statement does the add and checks every rule on the rows it locks (repo.addUnits); only a refusal reads more,
  // to say which rule. A refusal whose rule no longer holds when read (a line removed meanwhile) is tried again.
  for (let attempt = 1; ; attempt++) {
    let added: repo.CartWithLines;
    try {
      added = await repo.addUnits(ctx.database, {
        userId,
        productId,
        count,
        maxLine: maxUnitsPerLine,
        maxOrder: maxUnitsPerOrder,
      });
    } catch (err) {
      if (pgErrorCode(err) !== repo.addRefused) throw err;
      const refusal = await whyRefused(ctx, userId, productId, count);
      if (refusal || attempt >= 3) throw refusal ?? new AppError(409, cartBusy);
      continue;
    }
    return cartEnvelopeWithIds(added.cart, added.lines, 'Product added successfully to your cart');
  }
}

export const cartBusy = 'Your cart changed while adding; please try again';

/** The rule an add of `count` units broke, read now, in the order shoppers meet them; undefined when none holds any more. */
async function whyRefused(
  ctx: AppContext,
  userId: string,
  productId: string,
  count: number,
): Promise<AppError | undefined> {
  const db = ctx.database.db;
  const product = await repo.productById(db, productId);
  if (!product) return new AppError(404, noProduct(productId));
  // Archived (or draft) products are off the storefront: a page open since, or an old link, cannot add them.
  if (product.status !== 'active') return new AppError(400, notForSale(product.title));
  if (product.quantity < 1) return new AppError(400, outOfStock(product.title, 0));
  const cart = await repo.findCart(db, userId);
  const line = cart ? (await repo.cartLines(db, cart.id)).find((l) => l.productId === productId) : undefined;
  const inLine = line?.count ?? 0;
  if (inLine + count > product.quantity)
    return new AppError(400, outOfStock(product.title, product.quantity));
  if (inLine + count > maxUnitsPerLine) return new AppError(400, tooManyOfOne(product.title));
  if ((cart?.units ?? 0) + count > maxUnitsPerOrder) return new AppError(400, tooManyUnits);
  return undefined;
}

export async function readCart(ctx: AppContext, userId: string, lang: Language): Promise<CartEnvelope> {
  const found = await repo.cartOf(ctx.database, userId);
  if (!found) throw new AppError(404, noCart(userId));
  return cartEnvelope(ctx.database, found.cart, found.lines, ctx.config.publicUrl, lang);
}

export async function setLineCount(
  ctx: AppContext,
  userId: string,
  id: string,
  count: number,
  lang: Language,
): Promise<CartEnvelope> {
  if (count < 1) throw new ValidationError('count', 'count must be at least 1', count, 'body');
  return changeLine(ctx, userId, id, count, lang);
}

export async function removeLine(
  ctx: AppContext,
  userId: string,
  id: string,
  lang: Language,
): Promise<CartEnvelope> {
  return changeLine(ctx, userId, id, null, lang);
}

/** The caller's line `id` set to `count` units, or removed (null): the cart after it, or the rule that refused. */
async function changeLine(
  ctx: AppContext,
  userId: string,
  id: string,
  count: number | null,
  lang: Language,
): Promise<CartEnvelope> {
  const changed = await repo.changeLine(ctx.database, {
    userId,
    id,
    count,
    maxLine: maxUnitsPerLine,
    maxOrder: maxUnitsPerOrder,
  });
  const refused = (msg: string) => new ValidationError('count', msg, count, 'body');
  switch (changed.outcome) {
    case 'done':
      return cartEnvelope(ctx.database, changed.cart, changed.lines, ctx.config.publicUrl, lang);
    case 'no-cart':
      throw new AppError(404, noCart(userId));
    case 'no-line':
      throw new AppError(404, noLine(id));
    case 'stock':
      throw refused(outOfStock(changed.title ?? 'this product', changed.quantity));
    case 'line-cap':
      throw refused(tooManyOfOne(changed.title));
    case 'order-cap':
      throw refused(tooManyUnits);
  }
}

export async function clearCart(ctx: AppContext, userId: string): Promise<CartCleared> {
  await repo.deleteCart(ctx.database.db, userId);
  return { message: 'success' };
}
