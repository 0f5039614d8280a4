import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/authenticate';
import { runInTransaction } from '../../db/client';
import { isObjectId } from '../../db/ids';
import { orderItems, orders, users } from '../../db/schema';
import { AppError, ValidationError } from '../../errors';
import { loadProductsByIds, serializeCartProduct, type CartProductJson } from '../catalogue/serialize';
import { noCartWithId, placeOrder, type ShippingAddress } from './place-order';
import { serializeOrder, type OrderItemRow } from './serialize-order';

const addressField = { type: 'string', maxLength: 500 } as const;

export const shippingAddressBody = {
  type: 'object',
  properties: {
    shippingAddress: {
      type: 'object',
      properties: {
        details: addressField,
        phone: { type: 'string', maxLength: 40 },
        city: { type: 'string', maxLength: 120 },
      },
    },
  },
} as const;

/** details, city and phone are required and must not be blank; the first missing one is reported. */
export function readShippingAddress(body: unknown): ShippingAddress {
  const address = (body as { shippingAddress?: unknown } | undefined)?.shippingAddress;
  if (!address || typeof address !== 'object') {
    throw new ValidationError('shippingAddress', 'shippingAddress is required', address, 'body');
  }
  const a = address as Record<string, unknown>;
  for (const field of ['details', 'city', 'phone'] as const) {
    const value = a[field];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new ValidationError(`shippingAddress.${field}`, `${field} is required`, value, 'body');
    }
  }
  return { details: String(a.details).trim(), phone: String(a.phone).trim(), city: String(a.city).trim() };
}

export async function orderRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const db = () => ctx.database.db;

  app.post(
    '/orders/:cartId',
    {
      onRequest: app.authenticate,
      schema: {
        params: {
          type: 'object',
          properties: { cartId: { type: 'string', maxLength: 100 } },
          required: ['cartId'],
        },
        body: shippingAddressBody,
        response: {
          201: { type: 'object', properties: { status: { type: 'string' }, data: { $ref: 'shopOrder#' } } },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { cartId } = request.params as { cartId: string };
      const shippingAddress = readShippingAddress(request.body);
      if (!isObjectId(cartId)) throw new AppError(404, noCartWithId(cartId));
      const placed = await runInTransaction(db(), (tx) =>
        placeOrder(tx, { userId: user.id, cartId, shippingAddress, payment: { method: 'cash' } }),
      );
      // A repeated request gets the order the first one made, with the same status.
      return reply.status(201).send({ status: 'success', data: serializeOrder(placed) });
    },
  );

  app.get(
    '/orders/user/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        params: {
          type: 'object',
          properties: { userId: { type: 'string', maxLength: 100 } },
          required: ['userId'],
        },
        response: { 200: { type: 'array', items: { $ref: 'shopOrder#' } } },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { userId } = request.params as { userId: string };
      // Private on purpose (contract, "where our server differs"): only your own history.
      if (userId !== caller.id)
        throw new AppError(403, 'You are not allowed to see the orders of another user');
      const [user] = await db().select().from(users).where(eq(users.id, caller.id));
      if (!user) throw new AppError(404, `No user for this id ${userId}`);
      const rows = await db()
        .select()
        .from(orders)
        .where(eq(orders.userId, caller.id))
        .orderBy(desc(orders.createdAt), desc(orders.number));
      const items = rows.length
        ? await db()
            .select()
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                rows.map((o) => o.id),
              ),
            )
        : [];
      const byOrder = new Map<string, OrderItemRow[]>();
      for (const item of items.sort((a, b) => a.id.localeCompare(b.id))) {
        const list = byOrder.get(item.orderId) ?? [];
        list.push(item);
        byOrder.set(item.orderId, list);
      }
      const productMap = await loadProductsByIds(
        db(),
        items.map((i) => i.productId),
      );
      const products = new Map<string, CartProductJson>();
      for (const [id, p] of productMap) products.set(id, serializeCartProduct(p, ctx.config.publicUrl));
      const populate = {
        user: { _id: user.id, name: user.name, email: user.email, phone: user.phone },
        products,
      };
      return rows.map((order) => serializeOrder({ order, items: byOrder.get(order.id) ?? [] }, populate));
    },
  );
}
