import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { parse as parseQuery } from 'node:querystring';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import { pgErrorCode, type Database } from './db/client';
import { TokenService } from './modules/auth/tokens';
import { createMailer, type Mailer } from './mail/mailer';
import { AppError, TooManyAttempts, ValidationError, type ValidationLocation } from './errors';
import { authPlugin } from './modules/auth/authenticate';
import { catalogueRoutes } from './modules/catalogue/routes';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';
import { cartRoutes } from './modules/cart/routes';
import { orderRoutes } from './modules/orders/routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import { addressRoutes } from './modules/addresses/routes';
import { outboxRoutes } from './modules/dev/outbox-routes';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './images/routes';
import { storefrontRoutes } from './web/storefront';
import { responseOrder } from './plugins/response-order';
import type { PaymentProvider } from './modules/checkout/providers/provider';
import { checkoutRoutes } from './modules/checkout/routes';
import type { AppContext } from './context';
import type { AuthLimits } from './modules/auth/service';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP when SMTP_URL is set, else the outbox. */
  mailer?: Mailer;
  /** Milliseconds since the epoch (tests move time forward). */
  clock?: () => number;
  /** Per-IP limits for the sensitive auth calls; tests raise them, one test lowers them. */
  authLimits?: Partial<AuthLimits>;
  /** Where log lines go (tests capture them to check redaction); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Card payments: defaults to Stripe when STRIPE_SECRET_KEY is set, else the built-in test provider. */
  paymentProvider?: PaymentProvider;
  /** Extra routes registered last (the benchmark's baseline route lives in bench/, never in the server). */
  plugins?: FastifyPluginAsync[];
}

export const bodyLimitBytes = 100 * 1024;

/** Answers about one shopper: never kept by a browser or a shared cache. */
const personalPrefixes = [
  '/api/v1/auth/',
  '/api/v1/users/',
  '/api/v1/cart',
  '/api/v1/orders',
  '/api/v1/wishlist',
  '/api/v1/addresses',
];

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to the server. */
function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((a: string, i: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

function isPersonal(url: string): boolean {
  const pathOnly = url.split('?')[0] ?? '';
  return personalPrefixes.some((p) => pathOnly.startsWith(p));
}

// A URL Fastify's router cannot decode (bad percent-encoding) or a path parameter over 200 characters.
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ statusMsg: 'fail', message: 'Malformed URL: check its percent-encoding' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ statusMsg: 'fail', message: 'A path segment of the URL is too long' });
  } else {
    request.log.error({ err: error }, 'router failed');
    void reply
      .status(500)
      .send({ statusMsg: 'error', message: 'Something went wrong on our side. Please try again.' });
  }
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KB, a malformed request
 * line, a client too slow to send its headers): answered in the contract's error shape, then the
 * connection is closed. A HEAD request gets the status line and headers only, as HTTP requires (a body
 * there would be read as the start of a second response).
 */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger },
  err: { code?: string; rawPacket?: unknown },
  socket: Duplex,
) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message = 'Malformed HTTP request';
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    message = 'Request headers are too large (limit 16 KB)';
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    status = 408;
    message = 'The request took too long to arrive';
  }
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ statusMsg: 'fail', message });
    const isHead =
      Buffer.isBuffer(err.rawPacket) && err.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${isHead ? '' : body}`,
    );
  }
  socket.destroy();
}

// PostgreSQL data exceptions caused by a request's values: string too long, numeric out of range,
// bad datetime, NUL or invalid byte in text, invalid text representation, untranslatable character.
const clientDataErrors = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

// Sensitive fields never reach a log line, even if a future log call includes a body.
const redactPaths = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.rePassword',
  '*.resetCode',
  '*.token',
];

/** `price[gte]=10&category[in]=a&category[in]=b` → keys kept verbatim, repeats as arrays. */
function parseQuerystring(str: string): Record<string, unknown> {
  return { ...parseQuery(str) };
}

const locationOf: Record<string, ValidationLocation> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'body',
};

function valueAt(source: unknown, param: string): unknown {
  let value: unknown = source;
  for (const part of param.split('.').filter(Boolean)) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** One AJV issue → the contract's {value,msg,param,location}. */
function toValidationError(
  issue: AjvIssue,
  context: string,
  request: { body?: unknown; query?: unknown; params?: unknown },
): ValidationError {
  const location = locationOf[context] ?? 'body';
  const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty ?? '') : '';
  const param = [base, missing].filter(Boolean).join('.') || base || context;
  const source =
    context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
  const label = param.split('.').pop() ?? param;
  let msg: string;
  switch (issue.keyword) {
    case 'required':
      msg = `${label} is required`;
      break;
    case 'type':
      msg = `${label} must be ${issue.params.type === 'integer' ? 'an integer' : `a ${String(issue.params.type)}`}`;
      break;
    case 'minimum':
      msg = `${label} must be at least ${String(issue.params.limit)}`;
      break;
    case 'maximum':
      msg = `${label} must be at most ${String(issue.params.limit)}`;
      break;
    case 'minLength':
      msg =
        issue.params.limit === 1
          ? `${label} is required`
          : `${label} must be at least ${String(issue.params.limit)} characters`;
      break;
    case 'maxLength':
      msg = `${label} must be at most ${String(issue.params.limit)} characters`;
      break;
    case 'pattern':
      msg = `Invalid ${label}`;
      break;
    case 'enum':
      msg = `${label} must be one of ${(issue.params.allowedValues as unknown[]).join(', ')}`;
      break;
    default:
      msg = `Invalid ${label}${issue.message ? `: ${issue.message}` : ''}`;
  }
  return new ValidationError(param, msg, valueAt(source, param), location);
}

function defaultDeps(deps: AppDeps): AppContext {
  return {
    config: deps.config,
    database: deps.database,
    mailer: deps.mailer ?? createMailer(deps.config, deps.database.db),
    tokens: new TokenService(deps.config.jwtSecret),
    now: deps.clock ?? Date.now,
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const logger: FastifyServerOptions['logger'] =
    config.logLevel === 'silent'
      ? false
      : {
          level: config.logLevel,
          redact: { paths: redactPaths, censor: '[redacted]' },
          ...(deps.logStream ? { stream: deps.logStream } : {}),
        };

  const app = Fastify({
    logger,
    bodyLimit: bodyLimitBytes,
    // The request id is always the server's own (a client-chosen id could forge or collide in logs).
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (hops or addresses); by
    // default the socket's address is the client, so a client cannot pick its own rate-limit key.
    trustProxy: trustProxyOption(config.trustProxy),
    // Slow clients cannot hold connections: the whole request (headers and body) must arrive within
    // requestTimeoutMs, headers within 10 s, and an idle keep-alive connection closes after 5 s.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: Math.max(60_000, config.requestTimeoutMs * 2),
    http: {
      headersTimeout: Math.min(10_000, config.requestTimeoutMs),
      // How often Node checks the two timeouts above (its default, 30 s, would let them overrun).
      connectionsCheckingInterval: Math.min(1_000, config.requestTimeoutMs),
    },
    routerOptions: {
      querystringParser: parseQuerystring,
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: 200,
    },
    clientErrorHandler,
    frameworkErrors,
    ajv: {
      customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
    },
  });

  app.decorate('ctx', defaultDeps(deps));

  // JSON only: a text/plain body is a client mistake, answered 400 like any unsupported type.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body (some clients send Content-Type on DELETE) reads as no body, not as a syntax error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    jsonParser(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isPersonal(request.url)) reply.header('cache-control', 'no-store');
  });

  // Query keys like price[$gt] or keyword.$ne are refused outright: they are how query injection is attempted.
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query) return;
    for (const [key, value] of Object.entries(query)) {
      if (key.includes('$') || key.includes('__proto__') || key.includes('constructor')) {
        throw new ValidationError(key, `Unsupported query parameter ${key}`, value, 'query');
      }
    }
  });

  app.setErrorHandler((error: FastifyError | AppError | ValidationError, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.status(400).send({
        message: 'fail',
        errors: { value: error.value, msg: error.msg, param: error.param, location: error.location },
      });
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyAttempts) void reply.header('retry-after', error.retryAfterSeconds);
      return reply
        .status(error.statusCode)
        .send({ statusMsg: error.statusCode >= 500 ? 'error' : 'fail', message: error.message });
    }
    const fe = error as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
    if (fe.validation && fe.validation.length > 0) {
      const v = toValidationError(fe.validation[0]!, fe.validationContext ?? 'body', request);
      return reply.status(400).send({
        message: 'fail',
        errors: { value: v.value, msg: v.msg, param: v.param, location: v.location },
      });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      let statusCode = status;
      let message = fe.message;
      if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        statusCode = 400;
        message =
          `Unsupported content type ${request.headers['content-type'] ?? ''}: send JSON (application/json)`.trim();
      } else if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        message = `Request body is too large (limit ${bodyLimitBytes / 1024} KB)`;
      } else if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        statusCode = 400;
        message = 'Malformed JSON in request body';
      } else if (statusCode === 415) {
        statusCode = 400;
      }
      return reply.status(statusCode).send({ statusMsg: 'fail', message });
    }
    // Class 22 "data exception" from the database (a NUL byte in text, a number out of range, a
    // non-finite number that AJV's string coercion lets through as Infinity) means the client sent a
    // value nothing accepts: a 400, not a server fault.
    const dbCode = pgErrorCode(error);
    if (dbCode && clientDataErrors.has(dbCode)) {
      request.log.warn({ code: dbCode }, 'database refused a value from the request');
      return reply.status(400).send({ statusMsg: 'fail', message: 'Invalid value in request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ statusMsg: 'error', message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ statusMsg: 'fail', message: `Can't find this route: ${request.url}` });
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

  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  // Shared across processes through Redis when REDIS_URL is set; in memory otherwise (ioredis is then
  // never loaded, which keeps it off the start-up path).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'shop-rl:' } : {}),
    // If Redis is down, let the request through rather than turning a rate-limit store outage into 500s.
    skipOnError: true,
    errorResponseBuilder: (_req, context) => {
      const err = new Error(`Too many requests, please try again in ${context.after}`) as Error & {
        statusCode: number;
      };
      err.statusCode = context.statusCode;
      return err;
    },
  });

  await app.register(responseOrder);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(authRoutes, { limits: deps.authLimits });
      await api.register(userRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(wishlistRoutes);
      await api.register(addressRoutes);
      if (config.nodeEnv !== 'production') await api.register(outboxRoutes);
    },
    { prefix: '/api/v1' },
  );

  // Card checkout (payments module): /api/v1/orders/checkout-session, the hosted /pay page, the webhook.
  await app.register(checkoutRoutes, deps.paymentProvider ? { provider: deps.paymentProvider } : {});
  await app.register(imageRoutes);
  await app.register(storefrontRoutes);
  for (const plugin of deps.plugins ?? []) await app.register(plugin);

  app.addHook('onClose', async () => {
    app.ctx.mailer.close();
  });
  return app;
}
