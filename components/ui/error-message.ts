import { ApiError } from '@/lib/api/client';

/** What a failed call tells the shopper: the server's message, or a plain sentence when there is none. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError && err.message) return err.message;
  return 'Something went wrong. Please try again.';
}
