import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Failure } from '@/lib/contract/common';
import { Liveness, Readiness } from '@/lib/contract/health';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Liveness: the process answers. Readiness: it can also reach its database.
  app.get('/health', { schema: { response: { 200: Liveness } } }, async function getHealth() {
    return { status: 'ok' as const, uptime: Math.round(process.uptime()) };
  });

  app.get(
    '/ready',
    { schema: { response: { 200: Readiness, 503: Failure } } },
    async function getReady(request, reply) {
      try {
        await app.ctx.database.ping();
        return { status: 'ready' as const, database: app.ctx.database.driver };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ statusMsg: 'error' as const, message: 'Database unavailable' });
      }
    },
  );
};
