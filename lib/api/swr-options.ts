import { unstable_serialize, useSWRConfig, type Middleware, type SWRConfiguration } from 'swr';
import { ApiError } from './client';

/**
 * A failed read worth asking again: not a 4xx (an unknown product, a bad id: asking again will not change it), nor a
 * request cancelled for a newer query (useProductPages).
 */
export function worthRetrying(error: unknown): boolean {
  if (error === undefined || error === null) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return (error as { name?: unknown }).name !== 'AbortError';
}

/**
 * A screen whose read failed reads again by itself when the shopper comes back to the tab (focus, the tab shown
 * again) and when the browser is back online: SWR's own switches, with focus on only while the read has failed, so
 * a screen that loaded is not read again each time the window is focused.
 */
const retryWhenBack: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const { cache } = useSWRConfig();
  const failed = worthRetrying(
    (cache.get(unstable_serialize(key)) as { error?: unknown } | undefined)?.error,
  );
  // revalidateOnReconnect is SWR's default (on): back online, every read is asked again.
  const swr = useSWRNext(key, fetcher, { ...config, revalidateOnFocus: failed });
  // Read here, so that a failure draws the hook again and the focus switch above follows it.
  void swr.error;
  return swr;
};

/*
 * Options every catalogue hook passes to useSWR. Given per hook rather than through an app-wide
 * <SWRConfig>, so SWR's code loads with the first screen that fetches, not with the shell.
 */
export const swrOptions: SWRConfiguration = {
  use: [retryWhenBack],
  // Network and 5xx errors are retried a few times; after that, coming back to the tab or online tries again.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (!worthRetrying(error)) return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
};
