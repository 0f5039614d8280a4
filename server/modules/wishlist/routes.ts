import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LangQuery } from '@/lib/contract/common';
import { AddToWishlist, WishlistAnswer, WishlistIds, WishlistProductParams } from '@/lib/contract/wishlist';
import { requireUser } from '../auth';
import { addToWishlist, readWishlist, removeFromWishlist } from './service';

export const wishlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/wishlist',
    {
      // The products' titles, names and descriptions follow request.lang (?lang=, Accept-Language).
      config: { localised: true },
      onRequest: app.authenticate,
      schema: { querystring: LangQuery, response: { 200: WishlistAnswer } },
    },
    async function getWishlist(request) {
      return readWishlist(ctx, requireUser(request).id, request.lang);
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
