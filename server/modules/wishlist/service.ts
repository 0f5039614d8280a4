import type { Language } from '@/lib/contract/common';
import type { WishlistAnswer, WishlistIds } from '@/lib/contract/wishlist';
import type { AppContext } from '../../context';
import { isObjectId } from '../../db/ids';
import { AppError, noProduct } from '../../errors';
import { productAnswers } from '../catalogue';
import * as repo from './repository';

/** The caller's wishlist, its products' titles, names and descriptions in `lang`. */
export async function readWishlist(ctx: AppContext, userId: string, lang: Language): Promise<WishlistAnswer> {
  const db = ctx.database.db;
  const data = await productAnswers(
    db,
    await repo.wishlistProductIds(db, userId),
    ctx.config.publicUrl,
    lang,
  );
  return { status: 'success', count: data.length, data };
}

export async function addToWishlist(
  ctx: AppContext,
  userId: string,
  productId: string,
): Promise<WishlistIds> {
  const db = ctx.database.db;
  if (!isObjectId(productId) || !(await repo.productExists(db, productId))) {
    throw new AppError(404, noProduct(productId));
  }
  await repo.insertWishlistItem(db, userId, productId);
  return {
    status: 'success',
    message: 'Product added successfully to your wishlist',
    data: await repo.wishlistIds(db, userId),
  };
}

export async function removeFromWishlist(
  ctx: AppContext,
  userId: string,
  productId: string,
): Promise<WishlistIds> {
  const db = ctx.database.db;
  await repo.deleteWishlistItem(db, userId, productId);
  // The contract's text, "to" included.
  return {
    status: 'success',
    message: 'Product removed successfully to your wishlist',
    data: await repo.wishlistIds(db, userId),
  };
}
