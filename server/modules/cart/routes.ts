import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddToCart,
  CartCleared,
  CartEnvelope,
  CartEnvelopeWithIds,
  CartLineParams,
  SetLineCount,
} from '@/lib/contract/cart';
import { requireUser } from '../auth/authenticate';
import { addToCart, clearCart, readCart, removeLine, setLineCount } from './service';

export const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/cart',
    { onRequest: app.authenticate, schema: { body: AddToCart, response: { 200: CartEnvelopeWithIds } } },
    async function postCart(request) {
      return addToCart(ctx, requireUser(request).id, request.body.productId);
    },
  );

  app.get(
    '/cart',
    { onRequest: app.authenticate, schema: { response: { 200: CartEnvelope } } },
    async function getCart(request) {
      return readCart(ctx, requireUser(request).id);
    },
  );

  app.put(
    '/cart/:id',
    {
      onRequest: app.authenticate,
      schema: { params: CartLineParams, body: SetLineCount, response: { 200: CartEnvelope } },
    },
    async function putCartLine(request) {
      return setLineCount(ctx, requireUser(request).id, request.params.id, request.body.count);
    },
  );

  app.delete(
    '/cart/:id',
    { onRequest: app.authenticate, schema: { params: CartLineParams, response: { 200: CartEnvelope } } },
    async function deleteCartLine(request) {
      return removeLine(ctx, requireUser(request).id, request.params.id);
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
