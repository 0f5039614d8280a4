// The catalogue's CSV import and export (issue 27, item 4), staff only: POST /imports/preview, POST /imports,
// GET /imports/{id} and GET /products/export.csv. The CSV is the request's body (Content-Type: text/csv), read by
// this plugin's own parser up to importLimits.maxBytes (the API's JSON limit is far smaller).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '@/lib/contract/common';
import { ImportJobAnswer, ImportPreviewAnswer, ImportQuery, importLimits } from '@/lib/contract/imports';
import { AppError } from '../../errors';
import { actorOf } from '../auth';
import { exportProducts } from './export';
import { previewImport, readJob, startImport, type ImportOptions } from './service';

const megabytes = importLimits.maxBytes / 1024 / 1024;
const tooLarge = () =>
  new AppError(413, `The file is larger than ${megabytes} MB: split it into smaller files`);

export const importRoutes: FastifyPluginAsyncTypebox<ImportOptions> = async (app, options) => {
  const { ctx } = app;
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireStaff);

  // The CSV, as bytes, up to the cap (a declared length over it is refused before reading).
  app.addContentTypeParser(['text/csv', 'application/csv'], (request, payload, done) => {
    if (Number(request.headers['content-length']) > importLimits.maxBytes) return done(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > importLimits.maxBytes && !failed) {
        failed = true;
        done(tooLarge());
      } else chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (err) => {
      if (!failed) done(err);
    });
  });
  // Any other type but JSON (answered by the service: not a file) is told what to send.
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(
      new AppError(
        400,
        `Unsupported content type ${request.headers['content-type'] ?? ''}: send the CSV file itself with Content-Type: text/csv`,
      ),
    );
  });

  app.post(
    '/imports/preview',
    { schema: { querystring: ImportQuery, response: { 200: ImportPreviewAnswer } } },
    async function postImportPreview(request) {
      return previewImport(ctx, options, request.body);
    },
  );

  app.post(
    '/imports',
    { schema: { querystring: ImportQuery, response: { 202: ImportJobAnswer } } },
    async function postImport(request, reply) {
      const answer = await startImport(ctx, options, actorOf(request), request.body, request.query.name);
      return reply.status(202).send(answer);
    },
  );

  app.get(
    '/imports/:id',
    { schema: { params: IdParams, response: { 200: ImportJobAnswer } } },
    async function getImport(request) {
      return readJob(ctx, request.params.id);
    },
  );

  app.get('/products/export.csv', async function getProductExport(_request, reply) {
    const day = new Date(ctx.now()).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="freshcart-products-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(await exportProducts(ctx));
  });
};
