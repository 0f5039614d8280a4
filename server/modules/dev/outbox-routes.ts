import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema';
import { normaliseEmail } from '../auth/routes';

/** The development outbox. Registered only when NODE_ENV is not production (see app.ts). */
export async function outboxRoutes(app: FastifyInstance) {
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
