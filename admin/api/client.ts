// The back office's one HTTP client: the contract's `token` header on every call, JSON in and out, and the
// contract's two refusal envelopes turned into react-admin's HttpError (the message for a notification, and
// for a validation failure the field's message under `body.errors`, which react-admin's forms show on the field).
import { HttpError } from 'react-admin';
import type { Failure, ValidationFailure } from '@/lib/contract/common';
import { apiBase } from '../config';
import { readToken } from './token';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a file (a Blob) is sent as its own bytes with its own type. */
  body?: unknown;
  /** Overrides the stored staff token (sign-in has none yet, logout sends the one it ends). */
  token?: string | null;
  signal?: AbortSignal;
}

/** What react-admin's forms read from HttpError.body: field → message, and the whole envelope. */
export interface ErrorBody {
  errors?: Record<string, string>;
  envelope: unknown;
}

function isValidationFailure(body: unknown): body is ValidationFailure {
  const errors = (body as ValidationFailure | null)?.errors;
  return (
    (body as ValidationFailure | null)?.message === 'fail' &&
    typeof errors === 'object' &&
    errors !== null &&
    typeof errors.msg === 'string'
  );
}

function isFailure(body: unknown): body is Failure {
  return typeof (body as Failure | null)?.message === 'string' && 'statusMsg' in (body as object);
}

/** The HttpError for a refused call: the server's own words, else a generic one with the status. */
export function httpErrorOf(status: number, body: unknown): HttpError {
  if (isValidationFailure(body)) {
    const { msg, param } = body.errors;
    const errorBody: ErrorBody = { errors: { [param]: msg }, envelope: body };
    return new HttpError(msg, status, errorBody);
  }
  const message = isFailure(body) ? body.message : `The server answered ${status}`;
  return new HttpError(message, status, { envelope: body } satisfies ErrorBody);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token === undefined ? readToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const file = options.body instanceof Blob ? options.body : null;
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.token = token;
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new HttpError('freshcart.error.network', 0, { envelope: null } satisfies ErrorBody);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  if (!response.ok) throw httpErrorOf(response.status, body);
  return body as T;
}

/** A query string from pairs; arrays repeat their key (`category[in]=a&category[in]=b`), empties are left out. */
export function queryString(params: Record<string, string | number | readonly string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
