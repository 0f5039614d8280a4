import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OutboxAnswer, OutboxQuery } from '@/lib/contract/dev';
import type { Executor } from '../../db/client';
import { outbox } from '../../db/schema';
import { normaliseEmail } from '../auth';

/** Loopback addresses: the machine the server runs on (IPv4, IPv6, and IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
}

/** Headers a proxy adds: a request carrying one came through a proxy, whatever its socket says. */
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

export const proxiedOutbox =
  'The development outbox answers only requests made on this machine, not through a proxy';

/**
 * The development outbox. Registered only when NODE_ENV is not production (see app.ts), and served only
 * to clients on this machine: the socket's own address decides, never a forwarded header. A reverse proxy on
 * the same machine makes every visitor's socket look local, so a request carrying a forwarding header is
 * refused (403).
 */
export const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply.status(404).send({ statusMsg: 'fail', message: `Can't find this route: ${request.url}` });
    }
    if (forwardingHeaders.some((h) => request.headers[h] !== undefined)) {
      return reply.status(403).send({ statusMsg: 'fail', message: proxiedOutbox });
    }
  });
  app.get(
    '/dev/outbox',
    { schema: { querystring: OutboxQuery, response: { 200: OutboxAnswer } } },
    async function getOutbox(request) {
      // Mail is sent in the background (reset codes): what was asked for before this call is in.
      await app.ctx.background.idle();
      const rows = await latestMail(app.ctx.database.db, normaliseEmail(request.query.to));
      return {
        results: rows.length,
        data: rows.map((r) => ({
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
};

/** The 50 newest mails to one address. */
async function latestMail(db: Executor, to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(50);
}
