'use client';
import { useForm } from 'react-hook-form';
import type { Credentials } from '@/lib/api/auth';
import { useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-account';
import { FormField } from './form-field';
import { GoogleCompletionHeader } from './google-completion-header';
import type { GoogleIdentity } from './google-identity';
import styles from './account-form.module.scss';

interface GoogleLoginFormProps {
  identity: GoogleIdentity;
  busy: boolean;
  onSubmit: (values: Credentials) => Promise<void>;
  onBack: () => void;
}

/** Spec section 5: the login completion form applies no validation; the server answers for it. */
export default function GoogleLoginForm({ identity, busy, onSubmit, onBack }: GoogleLoginFormProps) {
  const t = useT();
  const { register, handleSubmit, formState } = useForm<{ password: string }>({
    defaultValues: { password: '' },
  });

  return (
    <section className={styles.card} aria-labelledby="google-login-title">
      <GoogleCompletionHeader titleId="google-login-title" identity={identity} />
      <form
        className={styles.form}
        noValidate
        onSubmit={handleSubmit(({ password }) => onSubmit({ email: identity.email, password }))}
      >
        <FormField label={t('account.yourEmail')} type="email" value={identity.email} readOnly />
        <FormField
          label={t('account.yourPassword')}
          type="password"
          autoComplete="current-password"
          {...register('password')}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy || formState.isSubmitting}>
            {t('account.login')}
          </button>
          <button type="button" className={styles.secondary} onClick={onBack}>
            {t('account.back')}
          </button>
        </div>
      </form>
    </section>
  );
}
