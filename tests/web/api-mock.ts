// The one stand-in for the API in component tests: Mock Service Worker intercepts the storefront's real fetch
// at the network boundary (so the API client, its headers, aborts and error handling run as in a browser). Each
// test says what the API answers with `mockApi(on(...), ...)`; every request is recorded, and one nobody answers
// gets a 599 naming it, so a screen's unexpected call fails the test loudly.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export interface Call {
  method: string;
  /** The path after /api/v1, with its query. */
  path: string;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The contract's "token" header. */
  token: string | undefined;
  body: unknown;
  /** The request's abort signal (a search the shopper replaced is aborted). */
  signal: AbortSignal;
}

export type Answer = { status: number; body: unknown };
/** An answer, or undefined to let the next handler answer (also after a wait). */
export type Handler = (call: Call) => Answer | undefined | Promise<Answer | undefined>;

/** An answer of `status` with `body` as JSON; the type parameter checks a body against a contract type. */
export function reply<T = unknown>(status: number, body: T): Answer {
  return { status, body };
}

let handlers: Handler[] = [];
let calls: Call[] = [];

const server = setupServer(
  http.all(/\/api\/v1\//, async ({ request }) => {
    const url = new URL(request.url);
    const headers = Object.fromEntries(request.headers.entries());
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const call: Call = {
      method: request.method,
      path: `${url.pathname.replace(/^.*?\/api\/v1/, '')}${url.search}`,
      headers,
      token: headers.token,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      signal: request.signal,
    };
    calls.push(call);
    for (const handler of handlers) {
      const answer = await handler(call);
      if (answer) return HttpResponse.json(answer.body as never, { status: answer.status });
    }
    return HttpResponse.json({ message: `unexpected ${call.method} ${call.path}` }, { status: 599 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  handlers = [];
  calls = [];
});
afterAll(() => server.close());

/** What the API answers in this test: the first handler that answers a request wins. */
export function mockApi(...answers: Handler[]): { calls: Call[] } {
  handlers = answers;
  calls = [];
  return { calls };
}

/** A route matcher for mockApi: `path` is matched after /api/v1, with its query. */
export function on(
  method: string,
  path: string | RegExp,
  answer: (call: Call) => Answer | undefined | Promise<Answer | undefined>,
): Handler {
  return (call) =>
    call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path))
      ? answer(call)
      : undefined;
}

/** A promise the test settles by hand, to look at the screen while a request is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
