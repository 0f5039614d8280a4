import { randomUUID } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { bodyLimitBytes, clientErrorHandler, frameworkErrors } from './plugins/errors';

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to the server. */
function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((a: string, i: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

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

/** Fastify's own options: logging with redaction, limits and timeouts, proxies, routing and validation. */
export function serverOptions(config: Config, logStream?: NodeJS.WritableStream): FastifyHttpOptions<Server> {
  const logger: FastifyServerOptions['logger'] =
    config.logLevel === 'silent'
      ? false
      : {
          level: config.logLevel,
          redact: { paths: redactPaths, censor: '[redacted]' },
          ...(logStream ? { stream: logStream } : {}),
        };

  return {
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
  };
}
