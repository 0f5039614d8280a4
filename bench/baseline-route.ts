import type { FastifyInstance } from 'fastify';

/**
 * The upper bound for bench/api.ts: the same server (same hooks: request id, security headers, CORS,
 * compression when asked) answering a pre-serialized JSON body of a given size from memory, with no
 * database and no serialization. Registered only by the benchmark's own server (bench/server.ts).
 *
 *   GET /api/v1/__bench/baseline?bytes=N  →  {"data":"xxxx…"} of exactly N bytes (N ≥ 11)
 */
export async function baselineRoute(app: FastifyInstance) {
  const bodies = new Map<number, string>();
  app.get(
    '/api/v1/__bench/baseline',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { bytes: { type: 'integer', minimum: 11, maximum: 5_000_000 } },
          required: ['bytes'],
        },
      },
    },
    async (request, reply) => {
      const { bytes } = request.query as { bytes: number };
      let body = bodies.get(bytes);
      if (!body) {
        body = JSON.stringify({ data: 'x'.repeat(bytes - 11) });
        bodies.set(bytes, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
