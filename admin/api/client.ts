// The back office's one HTTP client: the contract's `token` header on every call, JSON in and out, and the
// contract's two refusal envelopes turned into react-admin's HttpError (the message for a notification, and
// for a validation failure the field's message under `body.errors`, which react-admin's forms show on the field).
import { HttpError } from 'react-admin';
import type { Failure, ValidationFailure } from '@/lib/contract/common';
import { apiBase } from '../config';
import { readToken } from './token';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A body sent as it is (a CSV file), with its content type, instead of `body` as JSON. */
  raw?: { data: Blob | string; type: string };
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

/** The call made, its refusal turned into an HttpError; the answer's body left unread. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const token = options.token === undefined ? readToken() : options.token;
  const headers: Record<string, string> = { Accept: accept };
  if (options.raw) headers['Content-Type'] = options.raw.type;
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.token = token;
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.raw
        ? options.raw.data
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new HttpError('freshcart.error.network', 0, { envelope: null } satisfies ErrorBody);
  }
  if (!response.ok) throw httpErrorOf(response.status, await bodyOf(response));
  return response;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await bodyOf(await send(path, options, 'application/json'))) as T;
}

/** A file the server answers (the CSV export), as a Blob. */
export async function download(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options, 'text/csv')).blob();
}

/** A CSV the server makes, saved as `<name>-<today>.csv` (the name the server gives it too). */
export async function saveCsv(path: string, name: string): Promise<void> {
  const blob = await download(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
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
