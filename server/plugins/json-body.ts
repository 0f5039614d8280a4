import fp from 'fastify-plugin';
import { ValidationError } from '../errors';

/**
 * The API speaks JSON only, and refuses the query keys injection attempts use. Form posts are parsed by the
 * payment page alone (modules/checkout/providers/test-provider/replies.ts).
 */
export const jsonBody = fp(async (app) => {
  // JSON only: a text/plain body is a client mistake, answered 400 like any unsupported type.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body (some clients send Content-Type on DELETE) reads as no body, not as a syntax error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    jsonParser(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  // Query keys like price[$gt] or keyword.$ne are refused outright: they are how query injection is attempted.
  app.addHook('preValidation', async (request) => {
    const query: unknown = request.query;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) {
      if (key.includes('$') || key.includes('__proto__') || key.includes('constructor')) {
        throw new ValidationError(key, `Unsupported query parameter ${key}`, value, 'query');
      }
    }
  });
});
