'use client';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from '@/lib/router/react';
import { notify } from '@/components/ui/notify';
import { useResetPassword } from '@/lib/api/auth';
import { errorMessage } from '@/components/ui/error-message';
import type { ResetState } from './forgot-password-screen';
import { FormField } from './form-field';
import styles from './account-form.module.scss';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { t as translate, useT } from '@/lib/i18n/i18n';
import { localiseServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/compiled/en-account';

/** Spec section 9: the 'Success to update Password' toast is shown after 2 s and lasts 2000 ms. */
export const passwordToastDelayMs = 2000;

export function ChangePasswordScreen() {
  const t = useT();
  useDocumentTitle(t('account.changeDoc'));
  const navigate = useNavigate();
  const location = useLocation();
  const resetToken = (location.state as ResetState | null)?.resetToken;
  // One form library for every form (react-hook-form); the server checks this one, so no schema is fetched.
  const { register, handleSubmit } = useForm<{ email: string; newPassword: string }>({
    defaultValues: { email: (location.state as ResetState | null)?.email ?? '', newPassword: '' },
  });
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const busy = useRef(false);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function save({ email, newPassword }: { email: string; newPassword: string }) {
    // One request at a time: a second submit can arrive before the button is drawn disabled.
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setProblem(null);
    try {
      await resetPassword.trigger({ email: email.trim(), newPassword, resetToken });
      // Both count from the success: the toast appears 2 s later (the toast library loads meanwhile) as the
      // shopper is sent to /login. The button stays disabled until then.
      notify('success', translate('account.passwordUpdated'), {
        delay: passwordToastDelayMs,
        autoClose: 2000,
        position: 'top-center',
      });
      timer.current = setTimeout(() => navigate('/login'), passwordToastDelayMs);
    } catch (err) {
      console.error(err);
      setProblem(errorMessage(err));
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="change-title">
        <h1 id="change-title" className={styles.title}>
          {t('account.resetTitle')}
        </h1>
        <form className={styles.form} noValidate onSubmit={handleSubmit(save)}>
          <FormField
            label={t('account.yourEmail')}
            type="email"
            autoComplete="email"
            {...register('email')}
          />
          <FormField
            label={t('account.newPassword')}
            type="password"
            autoComplete="new-password"
            {...register('newPassword')}
          />
          {problem ? (
            <p className={styles.error} role="alert">
              {localiseServerMessage(problem)}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={pending}>
              {t('account.save')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
