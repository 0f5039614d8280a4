import type { GoogleIdentity } from './google-identity';
import styles from './account-form.module.scss';
import { useT } from '@/lib/i18n/i18n';

/** The completion forms' title, exactly as the spec names it, with whose account this is. */
export function GoogleCompletionHeader({ titleId, identity }: { titleId: string; identity: GoogleIdentity }) {
  const t = useT();
  return (
    <>
      <h1 id={titleId} className={styles.title}>
        {t('account.googleTitle')}
      </h1>
      <p className={styles.subtitle}>Signed in to Google as {identity.givenName}.</p>
    </>
  );
}
