import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CartIdParams,
  OrderHistory,
  PlacedOrderAnswer,
  ShippingAddressBody,
  UserIdParams,
} from '@/lib/contract/orders';
import { LangQuery } from '@/lib/contract/common';
import { requireUser } from '../auth';
import { orderHistory, placeCashOrder } from './service';

export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/orders/:cartId',
    {
      onRequest: app.authenticate,
      schema: { params: CartIdParams, body: ShippingAddressBody, response: { 201: PlacedOrderAnswer } },
    },
    async function postOrder(request, reply) {
      const answer = await placeCashOrder(
        ctx,
        requireUser(request).id,
        request.params.cartId,
        request.body,
        request.ip,
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/orders/user/:userId',
    {
      // The history's product titles and names follow request.lang (?lang=, Accept-Language).
      config: { localised: true },
      onRequest: app.authenticate,
      schema: { params: UserIdParams, querystring: LangQuery, response: { 200: OrderHistory } },
    },
    async function getOrderHistory(request) {
      return orderHistory(ctx, requireUser(request).id, request.params.userId, request.lang);
    },
  );
};
