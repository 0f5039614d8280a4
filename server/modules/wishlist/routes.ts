import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AddToWishlist, WishlistAnswer, WishlistIds, WishlistProductParams } from '@/lib/contract/wishlist';
import { requireUser } from '../auth/authenticate';
import { addToWishlist, readWishlist, removeFromWishlist } from './service';

export const wishlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/wishlist',
    { onRequest: app.authenticate, schema: { response: { 200: WishlistAnswer } } },
    async function getWishlist(request) {
      return readWishlist(ctx, requireUser(request).id);
    },
  );

  app.post(
    '/wishlist',
    { onRequest: app.authenticate, schema: { body: AddToWishlist, response: { 200: WishlistIds } } },
    async function postWishlist(request) {
      return addToWishlist(ctx, requireUser(request).id, request.body.productId);
    },
  );

  app.delete(
    '/wishlist/:productId',
    {
      onRequest: app.authenticate,
      schema: { params: WishlistProductParams, response: { 200: WishlistIds } },
    },
    async function deleteWishlist(request) {
      return removeFromWishlist(ctx, requireUser(request).id, request.params.productId);
    },
  );
};
