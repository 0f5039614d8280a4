// The shopper's wishlist: the full products on GET, their ids after a change.
import { Type, type Static } from 'typebox';
import { Id } from './common';
import { Product } from './catalogue';

export const WishlistAnswer = Type.Object({
  status: Type.Literal('success'),
  count: Type.Integer(),
  data: Type.Array(Product),
});
export type WishlistAnswer = Static<typeof WishlistAnswer>;

/** After adding or removing: the ids now on the list, oldest first. */
export const WishlistIds = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  data: Type.Array(Id),
});
export type WishlistIds = Static<typeof WishlistIds>;

export const AddToWishlist = Type.Object({ productId: Type.String({ maxLength: 100 }) });
export type AddToWishlist = Static<typeof AddToWishlist>;

export const WishlistProductParams = Type.Object({ productId: Type.String({ maxLength: 100 }) });
