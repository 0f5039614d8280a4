import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers. Readiness: it can also reach its database.
  app.get('/health', async () => ({ status: 'ok', uptime: Math.round(process.uptime()) }));
  app.get('/ready', async (request, reply) => {
    try {
      await app.ctx.database.ping();
      return { status: 'ready', database: app.ctx.database.driver };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ statusMsg: 'error', message: 'Database unavailable' });
    }
  });
}
