// POST /pictures: staff upload a picture's bytes (the request body, any declared type: the content decides) and get
// back the address to use as a product's cover or gallery picture, or a category's or brand's picture.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PictureAnswer, pictureLimits } from '@/lib/contract/staff';
import { AppError } from '../../errors';
import { requireUser } from '../auth';
import { storePicture } from './service';

export const pictureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireStaff);
  // In this plugin only: every body is read as bytes, up to the cap, whatever its Content-Type says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: pictureLimits.maxBytes },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/pictures',
    { bodyLimit: pictureLimits.maxBytes, schema: { response: { 201: PictureAnswer } } },
    async function postPicture(request, reply) {
      const body = request.body;
      if (!Buffer.isBuffer(body))
        throw new AppError(400, 'Send the picture itself as the request body (a JPEG, PNG or WebP file).');
      const { id, email } = requireUser(request);
      const answer = await storePicture(ctx, { id, email }, body);
      return reply.status(201).send(answer);
    },
  );
};
