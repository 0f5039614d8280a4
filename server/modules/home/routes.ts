// GET /home (anyone: the published page, or the draft with a preview link's token), and the staff calls that edit
// it: GET and PUT /home/draft, POST /home/publish, POST /home/preview. Staff and admins only (the role is read from
// the database on each call); a shopper's token gets 403, no token 401.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  HomeDraftAnswer,
  HomeDraftBody,
  HomePreviewAnswer,
  HomePreviewBody,
  HomePublishBody,
  HomePublishedAnswer,
  HomeQuery,
  PublicHomeAnswer,
} from '@/lib/contract/home';
import { actorOf } from '../auth';
import { clientHas, etagOf } from '../catalogue';
import { previewHome, previewLink, publicHome, publishDraft, readDraft, saveDraft } from './service';

/** The public answer with its ETag (304 when the client has it) and how long anyone may keep it. */
function sendPublic(request: FastifyRequest, reply: FastifyReply, answer: PublicHomeAnswer, maxAge: number) {
  const body = String(reply.serializeInput(answer, '200'));
  const etag = etagOf(body);
  reply.header('ETag', etag).header('Cache-Control', `public, max-age=${maxAge}`);
  if (clientHas(request, etag)) return reply.status(304).send();
  // A string with a JSON content type is sent as it is (already serialized above).
  return reply.type('application/json; charset=utf-8').send(body);
}

const homeStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  // Before any body validation: a shopper learns nothing of the staff calls' rules.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireStaff);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/home/draft', { schema: { response: { 200: HomeDraftAnswer } } }, async function getDraft() {
    return readDraft(ctx);
  });

  app.put(
    '/home/draft',
    { schema: { body: HomeDraftBody, response: { 200: HomeDraftAnswer } } },
    async function putDraft(request) {
      return saveDraft(ctx, actorOf(request), request.body);
    },
  );

  app.post(
    '/home/publish',
    { schema: { body: HomePublishBody, response: { 200: HomePublishedAnswer } } },
    async function postPublish(request) {
      return publishDraft(ctx, actorOf(request), request.body);
    },
  );

  app.post(
    '/home/preview',
    { schema: { body: HomePreviewBody, response: { 200: HomePreviewAnswer } } },
    async function postPreview(request) {
      return previewLink(ctx, request.body);
    },
  );
};

export const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/home',
    { schema: { querystring: HomeQuery, response: { 200: PublicHomeAnswer } } },
    async function getHome(request, reply) {
      if (request.query.preview !== undefined) {
        // A draft is nobody's to keep: each opening of the link reads it again.
        reply.header('Cache-Control', 'no-store');
        return previewHome(ctx, request.query.preview);
      }
      const { answer, maxAge } = await publicHome(ctx);
      return sendPublic(request, reply, answer, maxAge);
    },
  );

  await app.register(homeStaffRoutes);
};
