import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CatalogueCache, preferredEncoding } from './cache';
import type { CatalogueAnswer } from './service';

/** Whether the request's If-None-Match names this ETag (strong or weak): the answer is then a 304. */
export function clientHas(request: FastifyRequest, etag: string): boolean {
  const inm = request.headers['if-none-match'];
  return inm !== undefined && inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`);
}

/**
 * Serves a catalogue answer from the in-memory cache with an ETag; answers 304 when the client already has it.
 * `key` is canonical (built from the validated parameters in a fixed order; never the raw URL) or null for an
 * answer not worth keeping. `compute` runs only on a miss; its answer is serialized by the route's own response
 * schema (the contract), so a cached answer is byte for byte what the route would send.
 */
export async function cachedReply<T>(
  cache: CatalogueCache,
  key: string | null,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<CatalogueAnswer<T>>,
) {
  const entry = await cache.answer(key, async () => {
    const { answer, ...dependsOn } = await compute();
    return { body: String(reply.serializeInput(answer as Record<string, unknown>, '200')), ...dependsOn };
  });
  reply.header('ETag', entry.etag);
  // Browsers keep a copy but ask each time (stock changes with orders); the ETag makes that cheap.
  reply.header('Cache-Control', 'no-cache');
  if (clientHas(request, entry.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding =
    entry.body.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  // A string with a JSON content type is sent as it is (already serialized above).
  if (!encoding) return reply.send(entry.body);
  // Already compressed: @fastify/compress leaves answers with a Content-Encoding alone.
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  return reply.header('Content-Encoding', encoding).send(cache.encoded(key ?? '', entry, encoding));
}
