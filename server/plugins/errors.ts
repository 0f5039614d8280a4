import { STATUS_CODES } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { pgErrorCode } from '../db/client';
import { AppError, ValidationError, type ValidationLocation } from '../errors';

/** The JSON body limit, named in the 413 answer. */
export const bodyLimitBytes = 100 * 1024;

// A URL Fastify's router cannot decode (bad percent-encoding) or a path parameter over 200 characters.
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
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

/**
 * AJV coerces `Infinity`, `1e309` and `1e400` in a query string to Infinity and then skips `minimum` and
 * `maximum` (it compares finite numbers only), so `page=Infinity` passed validation and failed in the
 * database (500). After validation, any number in the query that is not finite is refused as AJV refuses
 * `page=abc`: the validation envelope, with the value as sent.
 */
function refuseNonFiniteQuery(request: FastifyRequest): void {
  const query = request.query;
  if (!query || typeof query !== 'object') return;
  for (const [param, value] of Object.entries(query as Record<string, unknown>)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (!values.some((v) => typeof v === 'number' && !Number.isFinite(v))) continue;
    const schema = request.routeOptions.schema?.querystring as
      { properties?: Record<string, { type?: string }> } | undefined;
    const integer = schema?.properties?.[param]?.type === 'integer';
    const sent = parseQuery(request.url.slice(request.url.indexOf('?') + 1))[param];
    throw new ValidationError(
      param,
      `${param} must be ${integer ? 'an integer' : 'a finite number'}`,
      Array.isArray(sent) ? sent[0] : sent,
      'query',
    );
  }
}

/**
 * Every error becomes the contract's JSON: a ValidationError or AJV's first issue → {message:"fail",errors},
 * an AppError → {statusMsg,message} with its status, a client's framework error (bad JSON, body too large,
 * wrong content type) → a 4xx, a database refusal of a request's value → 400, anything else → a logged 500.
 */
export const errorHandlers = fp(async (app) => {
  app.addHook('preHandler', async (request) => refuseNonFiniteQuery(request));
  app.setErrorHandler((error: FastifyError | AppError | ValidationError, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.status(400).send({
        message: 'fail',
        errors: { value: error.value, msg: error.msg, param: error.param, location: error.location },
      });
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', error.retryAfterSeconds);
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
        // A route may take more than JSON's limit (a picture upload): name the limit that applied.
        const limit = request.routeOptions.bodyLimit ?? bodyLimitBytes;
        message =
          limit >= 1024 * 1024
            ? `Request body is too large (limit ${limit / (1024 * 1024)} MB)`
            : `Request body is too large (limit ${limit / 1024} KB)`;
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
});
