// Why the last cart call failed, in the server's own words, for the screens that show it (not part of the
// first screen: the cart store only keeps the failure).
import { ApiError } from '@/lib/api/client';
import { localiseServerMessage } from '@/lib/i18n/server-messages';
import { lastCartFailure } from './cart-queue';

/**
 * The server's reason for the last failed cart call ("Only 3 of … in stock"), when it gave one, in the
 * shopper's language when it is a message the storefront knows.
 */
export function cartFailureReason(): string | null {
  const failure = lastCartFailure();
  if (!(failure instanceof ApiError)) return null;
  // A server that could not be reached or broke (5xx) has no reason worth showing a shopper, and a 401
  // is the session ending (the login screen says so).
  if (failure.status === 0 || failure.status >= 500 || failure.status === 401) return null;
  return localiseServerMessage(failure.message);
}
