import { apiHost } from './config';
import { contentLang } from '@/lib/i18n/i18n';
import { takeEarlyResponse } from './early';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener | null = null;

/** The session registers here so that a 401 on an authenticated call logs the shopper out once. */
export function setUnauthorizedHandler(listener: UnauthorizedListener | null): void {
  onUnauthorized = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The session token, sent in the header named "token" (the contract's custom header). */
  token?: string | null;
  signal?: AbortSignal;
  /**
   * The language of the answer's catalogue texts (and of the reset mail and payment page the call starts);
   * the page's language when not given. Sent as Accept-Language, a CORS-safelisted header.
   */
  lang?: 'en' | 'ar';
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: { msg?: unknown } };
    if (b.errors && typeof b.errors.msg === 'string') return b.errors.msg;
    if (typeof b.message === 'string' && b.message !== 'fail') return b.message;
  }
  return fallback;
}

/** The one API client: JSON in and out, the token header, typed errors, 401 handled once. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.token = options.token;
  // Always said, English too: a browser whose own first language is Arabic would otherwise get Arabic names.
  const lang = options.lang ?? contentLang();
  headers['Accept-Language'] = lang;

  const method = options.method ?? 'GET';
  // The first screen's reads were sent by the page's head script already: take that answer.
  const early = method === 'GET' ? takeEarlyResponse(path, options.token ?? null, lang) : undefined;
  let response: Response;
  try {
    response = await (early
      ? abortable(early, options.signal)
      : fetch(`${apiHost}/api/v1${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // The contract's English, as a server message would be; screens show it in the shopper's language.
    throw new ApiError(0, 'Cannot reach the shop right now. Check your connection and try again.', null);
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && options.token && onUnauthorized) onUnauthorized();
    throw new ApiError(response.status, messageOf(body, `Request failed (${response.status})`), body);
  }
  return body as T;
}

/** A POST nobody waits for: it outlives the page (keepalive), and its answer or failure is ignored. */
export function sendAndForget(path: string, token: string): void {
  fetch(`${apiHost}/api/v1${path}`, { method: 'POST', headers: { token }, keepalive: true }).catch(() => {});
}

/** An answer already on its way, given up as fetch would be when the caller cancels (a newer search). */
function abortable(response: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return response;
  const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(aborted()), { once: true });
    response.then(resolve, reject);
  });
}
