import { asset } from '@/components/ui/asset';
import { t } from '@/lib/i18n/i18n';
import { openUrl } from '@/components/ui/open-url';
import '@/lib/i18n/compiled/en-share';

/**
 * The footer's 'Share App Link': the shop sends no such mail, so the shopper's own e-mail app gets a draft
 * addressed as typed, holding the link to the shop. Fetched on the first use, not with every page.
 * Returns the link put in the draft.
 */
export function shareAppLink(email: string): string {
  const link = new URL(asset('/'), window.location.origin).href;
  const query = new URLSearchParams({
    subject: t('share.subject'),
    body: t('share.body', { link }),
  })
    .toString()
    .replace(/\+/g, '%20');
  openUrl(`mailto:${encodeURIComponent(email)}?${query}`);
  return link;
}
