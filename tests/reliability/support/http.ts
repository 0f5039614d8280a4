// A small JSON client for the reliability runs: the contract's `token` header, a timeout, and network
// failures reported as such (status 0) so a killed server is told apart from an answer.

export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** Set when no answer came back (connection refused or reset, timeout). */
  networkError?: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.token = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { status: 0, body: null as T, networkError: cause?.code ?? (err as Error).name ?? String(err) };
  }
}
