import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/plugin';
import { isObjectId } from '../../db/ids';
import { products, wishlistItems } from '../../db/schema';
import { AppError, noProduct } from '../../errors';
import { serializeProduct, withRelations } from '../catalogue/serialize';

const idsResponse = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    message: { type: 'string' },
    data: { type: 'array', items: { type: 'string' } },
  },
} as const;

export async function wishlistRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const db = () => ctx.database.db;

  async function ids(userId: string): Promise<string[]> {
    const rows = await db()
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
    return rows.map((r) => r.productId);
  }

  app.get('/wishlist', { onRequest: app.authenticate }, async (request) => {
    const user = requireUser(request);
    const rows = await db()
      .select({ product: products })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, user.id))
      .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
    const full = await withRelations(
      db(),
      rows.map((r) => r.product),
    );
    return {
      status: 'success',
      count: full.length,
      data: full.map((p) => serializeProduct(p, ctx.config.publicUrl)),
    };
  });

  app.post(
    '/wishlist',
    {
      onRequest: app.authenticate,
      schema: {
        body: {
          type: 'object',
          properties: { productId: { type: 'string', maxLength: 100 } },
          required: ['productId'],
        },
        response: { 200: idsResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { productId } = request.body as { productId: string };
      if (!isObjectId(productId)) throw new AppError(404, noProduct(productId));
      const [product] = await db()
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId));
      if (!product) throw new AppError(404, noProduct(productId));
      await db().insert(wishlistItems).values({ userId: user.id, productId }).onConflictDoNothing();
      return {
        status: 'success',
        message: 'Product added successfully to your wishlist',
        data: await ids(user.id),
      };
    },
  );

  app.delete(
    '/wishlist/:productId',
    {
      onRequest: app.authenticate,
      schema: {
        params: {
          type: 'object',
          properties: { productId: { type: 'string', maxLength: 100 } },
          required: ['productId'],
        },
        response: { 200: idsResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { productId } = request.params as { productId: string };
      await db()
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, user.id), eq(wishlistItems.productId, productId)));
      // The contract's text, "to" included.
      return {
        status: 'success',
        message: 'Product removed successfully to your wishlist',
        data: await ids(user.id),
      };
    },
  );
}
