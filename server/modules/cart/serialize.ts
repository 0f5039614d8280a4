import { cartTotal } from '@/lib/rules/cart-summary';
import type { CartEnvelope, CartEnvelopeWithIds } from '@/lib/contract/cart';
import type { Language } from '@/lib/contract/common';
import type { Database } from '../../db/client';
import { cartProducts } from '../catalogue';
import type { CartRow, LineFacts } from './repository';

function envelopeOf<P>(
  cart: CartRow,
  lines: { id: string; count: number; price: number; product: P }[],
  message?: string,
) {
  return {
    status: 'success' as const,
    ...(message ? { message } : {}),
    numOfCartItems: lines.length,
    cartId: cart.id,
    data: {
      _id: cart.id,
      cartOwner: cart.userId,
      products: lines.map((l) => ({ count: l.count, _id: l.id, product: l.product, price: l.price })),
      createdAt: cart.createdAt.toISOString(),
      updatedAt: cart.updatedAt.toISOString(),
      __v: cart.version,
      totalCartPrice: cartTotal(lines),
    },
  };
}

/** The answer to an add (POST /cart): the cart after the add and its lines, each line's product its id. */
export function cartEnvelopeWithIds(
  cart: CartRow,
  lines: LineFacts[],
  message?: string,
): CartEnvelopeWithIds {
  return envelopeOf(
    cart,
    lines.map((l) => ({ ...l, product: l.productId })),
    message,
  );
}

/**
 * The cart with its products, their titles and names in `lang`. A line's product always exists (cart lines
 * reference products, and a product with lines cannot be deleted), so every line is populated.
 */
export async function cartEnvelope(
  database: Database,
  cart: CartRow,
  /** The cart's lines, read with it (in one statement, or under its lock). */
  lines: LineFacts[],
  publicUrl: string,
  lang: Language,
): Promise<CartEnvelope> {
  const found = await cartProducts(
    database,
    lines.map((l) => l.productId),
    publicUrl,
    lang,
  );
  const populated = lines.flatMap((l) => {
    const product = found.get(l.productId);
    return product ? [{ ...l, product }] : [];
  });
  return envelopeOf(cart, populated);
}
