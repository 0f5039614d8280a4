import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CartIdParams,
  OrderAnswer,
  OrderHistory,
  OrderIdParams,
  OrderList,
  OrderListQuery,
  PlacedOrderAnswer,
  RefundBody,
  ShipBody,
  ShippingAddressBody,
  UserIdParams,
} from '@/lib/contract/orders';
import { LangQuery } from '@/lib/contract/common';
import { onlyOperators } from '../../paging';
import { actorOf, isStaffRole, requireUser } from '../auth';
import { listOperators, listOrders } from './order-list';
import { refundOrder, type Refunder } from './refunds';
import { orderHistory, placeCashOrder } from './service';
import { changeOrder, readOrder, readShipBody, type Who } from './transitions';

/** Staff (the database's role now, on a token signed for it) act as staff; anyone else as a shopper. */
function whoOf(request: FastifyRequest): Who {
  const user = requireUser(request);
  return isStaffRole(user.role) && isStaffRole(user.tokenRole)
    ? { caller: 'staff', actor: actorOf(request) }
    : { caller: 'owner', userId: user.id };
}

/** The payment provider that refunds card orders (server/app.ts gives the one checkout takes payments through). */
export interface OrderRoutesOptions {
  payments?: Refunder;
}

export const orderRoutes: FastifyPluginAsyncTypebox<OrderRoutesOptions> = async (app, opts) => {
  const { ctx } = app;
  const payments: Refunder = opts.payments ?? { name: 'test' };

  app.post(
    '/orders/:cartId',
    {
      onRequest: app.authenticate,
      // The order remembers request.lang (?lang=, Accept-Language): the shopper's mails about it are in that language.
      schema: {
        params: CartIdParams,
        querystring: LangQuery,
        body: ShippingAddressBody,
        response: { 201: PlacedOrderAnswer },
      },
    },
    async function postOrder(request, reply) {
      const answer = await placeCashOrder(
        ctx,
        requireUser(request).id,
        request.params.cartId,
        request.body,
        request.ip,
        request.lang,
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

  // The back office's calls (issue 28). Orders' products follow request.lang, as the history's do.
  const staffOnly = [app.authenticate, app.requireStaff];
  const config = { localised: true };

  app.get(
    '/orders',
    {
      config,
      onRequest: staffOnly,
      preValidation: onlyOperators(listOperators),
      schema: { querystring: OrderListQuery, response: { 200: OrderList } },
    },
    async function getOrders(request) {
      return listOrders(ctx, request.query, request.lang);
    },
  );

  app.get(
    '/orders/:id',
    {
      config,
      onRequest: app.authenticate,
      schema: { params: OrderIdParams, querystring: LangQuery, response: { 200: OrderAnswer } },
    },
    async function getOrder(request) {
      return readOrder(ctx, whoOf(request), request.params.id, request.lang);
    },
  );

  for (const action of ['pay', 'process', 'deliver'] as const) {
    app.put(
      `/orders/:id/${action}`,
      {
        config,
        onRequest: staffOnly,
        schema: { params: OrderIdParams, querystring: LangQuery, response: { 200: OrderAnswer } },
      },
      async function putOrderState(request) {
        return changeOrder(ctx, whoOf(request), request.params.id, action, request.lang);
      },
    );
  }

  app.put(
    '/orders/:id/ship',
    {
      config,
      onRequest: staffOnly,
      // Both fields are optional, and so is the body: a call without one ships with neither.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        params: OrderIdParams,
        querystring: LangQuery,
        body: ShipBody,
        response: { 200: OrderAnswer },
      },
    },
    async function putShip(request) {
      const shipping = readShipBody(request.body);
      return changeOrder(ctx, whoOf(request), request.params.id, 'ship', request.lang, shipping);
    },
  );

  // Staff cancel placed, paid and processing orders; a shopper cancels their own while it is placed.
  app.put(
    '/orders/:id/cancel',
    {
      config,
      onRequest: app.authenticate,
      schema: { params: OrderIdParams, querystring: LangQuery, response: { 200: OrderAnswer } },
    },
    async function putCancel(request) {
      return changeOrder(ctx, whoOf(request), request.params.id, 'cancel', request.lang);
    },
  );

  // A card order's money back, in part or in full, through the provider that took it (refunds.ts).
  app.post(
    '/orders/:id/refunds',
    {
      config,
      onRequest: staffOnly,
      schema: {
        params: OrderIdParams,
        querystring: LangQuery,
        body: RefundBody,
        response: { 200: OrderAnswer },
      },
    },
    async function postRefund(request) {
      return refundOrder(
        ctx,
        payments,
        actorOf(request),
        request.params.id,
        request.body,
        request.lang,
        request.log,
      );
    },
  );
};
