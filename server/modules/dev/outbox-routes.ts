import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema';
import { normaliseEmail } from '../auth/service';

/** Loopback addresses: the machine the server runs on (IPv4, IPv6, and IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
}

/**
 * The development outbox. Registered only when NODE_ENV is not production (see app.ts), and served only
 * to clients on this machine: the socket's own address decides, never a forwarded header.
 */
export async function outboxRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply.status(404).send({ statusMsg: 'fail', message: `Can't find this route: ${request.url}` });
    }
  });
  app.get(
    '/dev/outbox',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { to: { type: 'string', minLength: 1, maxLength: 320 } },
          required: ['to'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              results: { type: 'integer' },
              data: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    to: { type: 'string' },
                    subject: { type: 'string' },
                    text: { type: 'string' },
                    createdAt: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { to } = request.query as { to: string };
      const rows = await app.ctx.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, normaliseEmail(to)))
        .orderBy(desc(outbox.id))
        .limit(50);
      return {
        results: rows.length,
        data: rows.map((r) => ({
          to: r.to,
          subject: r.subject,
          text: r.text,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
}
