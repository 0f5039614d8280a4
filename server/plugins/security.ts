import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';

/** Answers about one shopper: never kept by a browser or a shared cache. */
const personalPrefixes = [
  '/api/v1/auth/',
  '/api/v1/users/',
  '/api/v1/cart',
  '/api/v1/orders',
  '/api/v1/wishlist',
  '/api/v1/addresses',
];

function isPersonal(url: string): boolean {
  const pathOnly = url.split('?')[0] ?? '';
  return personalPrefixes.some((p) => pathOnly.startsWith(p));
}

/**
 * Security headers (helmet), CORS for storefronts on other origins, a request id on every answer, and
 * `no-store` on answers about one shopper.
 */
export const security = fp(async (app) => {
  const { config } = app.ctx;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isPersonal(request.url)) reply.header('cache-control', 'no-store');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      // The API answers JSON and images: nothing to run, frame or fetch. The storefront
      // (server/web/csp.ts, hashes of its inline scripts) and the payment page send their own policies.
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Images and the API are read by storefronts on other origins (CORS guards the API itself).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // The identity provider's sign-in popup needs to talk back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.nodeEnv === 'production',
  });

  const allowAll = config.corsOrigins.includes('*');
  await app.register(cors, {
    origin: allowAll ? true : config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'token', 'Accept', 'X-Request-Id'],
    exposedHeaders: ['x-request-id', 'ETag', 'Retry-After'],
    maxAge: 600,
  });
});
