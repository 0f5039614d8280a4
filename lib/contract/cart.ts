// The shopper's cart. Lines carry the unit price from when the product was added; the product is its id in the
// answer to an add (POST /cart) and the populated CartProduct everywhere else.
import { Type, type Static, type TSchema } from 'typebox';
import { Id, Timestamp } from './common';
import { CartProduct } from './catalogue';

function cartLine<P extends TSchema>(product: P) {
  return Type.Object({ count: Type.Integer(), _id: Id, product, price: Type.Integer() });
}

function cartEnvelope<P extends TSchema>(product: P) {
  return Type.Object({
    status: Type.Literal('success'),
    message: Type.Optional(Type.String()),
    numOfCartItems: Type.Integer(),
    cartId: Id,
    data: Type.Object({
      _id: Id,
      cartOwner: Id,
      products: Type.Array(cartLine(product)),
      createdAt: Timestamp,
      updatedAt: Timestamp,
      __v: Type.Integer(),
      totalCartPrice: Type.Integer(),
    }),
  });
}

export const CartLine = cartLine(CartProduct);
export type CartLine = Static<typeof CartLine>;

/** GET /cart, PUT and DELETE /cart/{id}: lines with their products. */
export const CartEnvelope = cartEnvelope(CartProduct);
export type CartEnvelope = Static<typeof CartEnvelope>;

/** POST /cart: lines with product ids. */
export const CartEnvelopeWithIds = cartEnvelope(Id);
export type CartEnvelopeWithIds = Static<typeof CartEnvelopeWithIds>;

/**
 * POST /cart. `count` (ours, optional, 1 when absent) adds that many units at once, all or none; the public host
 * knows only `productId`.
 */
export const AddToCart = Type.Object({
  productId: Type.String({ maxLength: 100 }),
  count: Type.Optional(Type.Integer()),
});
export type AddToCart = Static<typeof AddToCart>;

export const SetLineCount = Type.Object({ count: Type.Integer() });
export type SetLineCount = Static<typeof SetLineCount>;

/** A line is named by its product id or by the line's own id. */
export const CartLineParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const CartCleared = Type.Object({ message: Type.String() });
export type CartCleared = Static<typeof CartCleared>;
