// Answers the page's head script asked for while the storefront's code was still downloading
// (lib/session/boot-script.ts): the first screen's reads, started from the hash route as soon as the HTML
// was parsed. The API client takes each one once, in place of sending the same request again.

import { earlyRequestsGlobal } from './early-global';

/** One request the head script started: the token it sent (or null), when, and the fetch itself. */
export interface EarlyRequest {
  token: string | null;
  /** The language it asked in (Accept-Language); 'en' when the head script named none. */
  lang?: string;
  /** performance.now() when the request was sent. */
  at: number;
  response: Promise<Response>;
}

export { earlyRequestsGlobal };

/**
 * An answer older than this is not taken: it was meant for the first screen, and a read this late (the
 * shopper has been on the page a while) should see the data as it is now.
 */
export const earlyRequestMaxAgeMs = 30_000;

type EarlyStore = Partial<Record<string, EarlyRequest>>;

function store(): EarlyStore | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, EarlyStore | undefined>)[earlyRequestsGlobal];
}

/**
 * The head script's request for this GET path, if it sent one with the same token, in the same language and
 * not too long ago.
 * Each is taken once: a later read of the same path (a refresh, another visit) goes to the network.
 */
export function takeEarlyResponse(
  path: string,
  token: string | null,
  lang: string = 'en',
): Promise<Response> | undefined {
  const requests = store();
  const request = requests?.[path];
  if (!requests || !request) return undefined;
  delete requests[path];
  if (request.token !== token) return undefined;
  if ((request.lang ?? 'en') !== lang) return undefined;
  if (performance.now() - request.at > earlyRequestMaxAgeMs) return undefined;
  return request.response;
}
