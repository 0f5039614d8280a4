import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AddressList, NewAddress } from '@/lib/contract/addresses';
import { IdParams } from '@/lib/contract/common';
import { requireUser } from '../auth';
import { addAddress, makeDefaultAddress, readAddresses, removeAddress } from './service';

export const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/addresses',
    { onRequest: app.authenticate, schema: { response: { 200: AddressList } } },
    async function getAddresses(request) {
      return readAddresses(ctx, requireUser(request).id);
    },
  );

  app.post(
    '/addresses',
    { onRequest: app.authenticate, schema: { body: NewAddress, response: { 200: AddressList } } },
    async function postAddress(request) {
      return addAddress(ctx, requireUser(request).id, request.body);
    },
  );

  // Ours, beside the public host's three: the address the order page chooses first.
  app.put(
    '/addresses/:id/default',
    { onRequest: app.authenticate, schema: { params: IdParams, response: { 200: AddressList } } },
    async function putDefaultAddress(request) {
      return makeDefaultAddress(ctx, requireUser(request).id, request.params.id);
    },
  );

  app.delete(
    '/addresses/:id',
    { onRequest: app.authenticate, schema: { params: IdParams, response: { 200: AddressList } } },
    async function deleteAddress(request) {
      return removeAddress(ctx, requireUser(request).id, request.params.id);
    },
  );
};
