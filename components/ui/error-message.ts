import { ApiError } from '@/lib/api/client';
import { t } from '@/lib/i18n/i18n';
import { localiseServerMessage } from '@/lib/i18n/server-messages';

/**
 * What a failed call tells the shopper: the server's message (in the shopper's language when the storefront
 * knows it, else as sent), or a plain sentence when there is none.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError && err.message) return localiseServerMessage(err.message);
  return t('ui.somethingWrong');
}
