import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddToCart,
  CartCleared,
  CartEnvelope,
  CartEnvelopeWithIds,
  CartLineParams,
  SetLineCount,
} from '@/lib/contract/cart';
import { LangQuery } from '@/lib/contract/common';
import { requireUser } from '../auth';
import { addToCart, clearCart, readCart, removeLine, setLineCount } from './service';

export const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  // The populated carts' product titles and names follow request.lang (?lang=, Accept-Language).
  const config = { localised: true };

  app.post(
    '/cart',
    { onRequest: app.authenticate, schema: { body: AddToCart, response: { 200: CartEnvelopeWithIds } } },
    async function postCart(request) {
      return addToCart(ctx, requireUser(request).id, request.body.productId, request.body.count);
    },
  );

  app.get(
    '/cart',
    {
      config,
      onRequest: app.authenticate,
      schema: { querystring: LangQuery, response: { 200: CartEnvelope } },
    },
    async function getCart(request) {
      return readCart(ctx, requireUser(request).id, request.lang);
    },
  );

  app.put(
    '/cart/:id',
    {
      config,
      onRequest: app.authenticate,
      schema: {
        params: CartLineParams,
        querystring: LangQuery,
        body: SetLineCount,
        response: { 200: CartEnvelope },
      },
    },
    async function putCartLine(request) {
      return setLineCount(ctx, requireUser(request).id, request.params.id, request.body.count, request.lang);
    },
  );

  app.delete(
    '/cart/:id',
    {
      config,
      onRequest: app.authenticate,
      schema: { params: CartLineParams, querystring: LangQuery, response: { 200: CartEnvelope } },
    },
    async function deleteCartLine(request) {
      return removeLine(ctx, requireUser(request).id, request.params.id, request.lang);
    },
  );

  app.delete(
    '/cart',
    { onRequest: app.authenticate, schema: { response: { 200: CartCleared } } },
    async function deleteCart(request) {
      return clearCart(ctx, requireUser(request).id);
    },
  );
};
