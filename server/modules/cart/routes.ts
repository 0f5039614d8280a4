import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/authenticate';
import { runInTransaction } from '../../db/client';
import { isObjectId, newId } from '../../db/ids';
import { cartItems, carts, products } from '../../db/schema';
import { AppError, ValidationError, noCart, noProduct } from '../../errors';
import { cartUnits, maxUnitsPerLine, maxUnitsPerOrder, tooManyOfOne, tooManyUnits } from '../orders/limits';
import { bumpVersion, cartEnvelope, cartLines, findCart, findLine } from './service';

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 } },
  required: ['id'],
} as const;

export const cartEnvelopeSchema = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    message: { type: 'string' },
    numOfCartItems: { type: 'integer' },
    cartId: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        _id: { type: 'string' },
        cartOwner: { type: 'string' },
        products: {
          type: 'array',
          items: { $ref: 'shopLine#' },
        },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
        __v: { type: 'integer' },
        totalCartPrice: { type: 'integer' },
      },
    },
  },
} as const;

export const outOfStock = (title: string, quantity: number) =>
  quantity === 0 ? `${title} is out of stock` : `Only ${quantity} of ${title} in stock`;

export async function cartRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const db = () => ctx.database.db;
  const publicUrl = ctx.config.publicUrl;

  app.post(
    '/cart',
    {
      onRequest: app.authenticate,
      schema: {
        body: {
          type: 'object',
          properties: { productId: { type: 'string', maxLength: 100 } },
          required: ['productId'],
        },
        response: { 200: cartEnvelopeSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { productId } = request.body as { productId: string };
      if (!isObjectId(productId)) throw new AppError(404, noProduct(productId));
      const [product] = await db().select().from(products).where(eq(products.id, productId));
      if (!product) throw new AppError(404, noProduct(productId));
      if (product.quantity < 1) throw new AppError(400, outOfStock(product.title, 0));
      return runInTransaction(db(), async (tx) => {
        // The upsert locks the cart row until commit, so adds to one cart run one at a time and an
        // order consuming this cart waits for (or is waited on by) this add.
        const [cart] = await tx
          .insert(carts)
          .values({ id: newId(), userId: user.id, version: 0 })
          .onConflictDoUpdate({
            target: carts.userId,
            set: { version: sql`${carts.version} + 1`, updatedAt: sql`now()` },
          })
          .returning();
        if (!cart) throw new Error('cart upsert returned no row');
        // One statement: a new line, or count + 1 while stock allows. No read-modify-write in JavaScript.
        const line = await tx
          .insert(cartItems)
          .values({ id: newId(), cartId: cart.id, productId, count: 1, price: product.price })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.productId],
            set: { count: sql`${cartItems.count} + 1` },
            setWhere: sql`${cartItems.count} + 1 <= (select ${products.quantity} from ${products} where ${products.id} = ${productId})`,
          })
          .returning({ id: cartItems.id });
        if (line.length === 0) {
          const [fresh] = await tx
            .select({ quantity: products.quantity })
            .from(products)
            .where(eq(products.id, productId));
          throw new AppError(400, outOfStock(product.title, fresh?.quantity ?? 0));
        }
        // Over a cap, the AppError rolls the add back (the cart row is locked until then).
        const lines = await cartLines(tx, cart.id);
        const added = lines.find((l) => l.productId === productId);
        if (added && added.count > maxUnitsPerLine) throw new AppError(400, tooManyOfOne(product.title));
        if (lines.reduce((n, l) => n + l.count, 0) > maxUnitsPerOrder) throw new AppError(400, tooManyUnits);
        return cartEnvelope(tx, cart, publicUrl, false, 'Product added successfully to your cart');
      });
    },
  );

  app.get(
    '/cart',
    { onRequest: app.authenticate, schema: { response: { 200: cartEnvelopeSchema } } },
    async (request) => {
      const user = requireUser(request);
      const cart = await findCart(db(), user.id);
      if (!cart) throw new AppError(404, noCart(user.id));
      return cartEnvelope(db(), cart, publicUrl, true);
    },
  );

  app.put(
    '/cart/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
        response: { 200: cartEnvelopeSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      const { count } = request.body as { count: number };
      if (count < 1) throw new ValidationError('count', 'count must be at least 1', count, 'body');
      return runInTransaction(db(), async (tx) => {
        const cart = await findCart(tx, user.id, true);
        if (!cart) throw new AppError(404, noCart(user.id));
        const line = findLine(await cartLines(tx, cart.id), id);
        if (!line) throw new AppError(404, `No product for this id ${id} in your cart`);
        const [product] = await tx.select().from(products).where(eq(products.id, line.productId));
        if (!product || count > product.quantity) {
          throw new ValidationError(
            'count',
            outOfStock(product?.title ?? 'this product', product?.quantity ?? 0),
            count,
            'body',
          );
        }
        if (count > maxUnitsPerLine)
          throw new ValidationError('count', tooManyOfOne(product.title), count, 'body');
        if ((await cartUnits(tx, cart.id)) - line.count + count > maxUnitsPerOrder)
          throw new ValidationError('count', tooManyUnits, count, 'body');
        await tx
          .update(cartItems)
          .set({ count })
          .where(and(eq(cartItems.id, line.id)));
        await bumpVersion(tx, cart.id);
        const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
        return cartEnvelope(tx, fresh ?? cart, publicUrl, true);
      });
    },
  );

  app.delete(
    '/cart/:id',
    { onRequest: app.authenticate, schema: { params: idParams, response: { 200: cartEnvelopeSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      return runInTransaction(db(), async (tx) => {
        const cart = await findCart(tx, user.id, true);
        if (!cart) throw new AppError(404, noCart(user.id));
        const line = findLine(await cartLines(tx, cart.id), id);
        if (!line) throw new AppError(404, `No product for this id ${id} in your cart`);
        await tx.delete(cartItems).where(eq(cartItems.id, line.id));
        await bumpVersion(tx, cart.id);
        const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
        return cartEnvelope(tx, fresh ?? cart, publicUrl, true);
      });
    },
  );

  app.delete(
    '/cart',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: { type: 'object', properties: { message: { type: 'string' } } } } },
    },
    async (request) => {
      const user = requireUser(request);
      // The lines go with the cart (ON DELETE CASCADE); the next add starts a new cart with a new id.
      await db().delete(carts).where(eq(carts.userId, user.id));
      return { message: 'success' };
    },
  );
}
