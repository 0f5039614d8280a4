import type { SWRConfiguration } from 'swr';
import { ApiError } from './client';

/*
 * Options every catalogue hook passes to useSWR. Given per hook rather than through an app-wide
 * <SWRConfig>, so SWR's code loads with the first screen that fetches, not with the shell.
 */
export const swrOptions: SWRConfiguration = {
  revalidateOnFocus: false,
  // A 4xx (unknown product, bad id) will not change by asking again; network and 5xx errors are retried.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    // A request cancelled for a newer query (useProductPages) is not a failure to retry.
    if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
};
