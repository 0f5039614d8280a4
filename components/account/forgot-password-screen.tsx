'use client';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/lib/router/react';
import { useRequestResetCode, useVerifyResetCode } from '@/lib/api/auth';
import { messages } from '@/lib/rules/messages';
import { errorMessage } from '@/components/ui/error-message';
import { FormField } from './form-field';
import styles from './account-form.module.scss';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useT } from '@/lib/i18n/i18n';
import { localiseServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/compiled/en-account';

/** What /changePass reads from the router state to prefill 'Your Email'. */
export interface ResetState {
  email?: string;
  /** The single-use token the server answered for the verified code; sent with the new password. */
  resetToken?: string;
}

/** Two steps: the e-mail that receives a code, then the code; a verified code leads to /changePass. */
export function ForgotPasswordScreen() {
  const t = useT();
  useDocumentTitle(t('account.forgotDoc'));
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'code'>('email');
  // One form library for every form (react-hook-form); these two need no schema, so no resolver is fetched.
  const emailForm = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const codeForm = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const requestResetCode = useRequestResetCode();
  const verifyResetCode = useVerifyResetCode();

  async function sendCode(values: { email: string }) {
    // One request at a time: a second submit can arrive before the button is drawn disabled.
    if (busy.current) return;
    const trimmed = values.email.trim();
    // Spec section 5: the e-mail is submitted only when, trimmed, it is not empty.
    if (!trimmed) {
      setProblem(messages.emailRequired);
      return;
    }
    busy.current = true;
    setPending(true);
    setProblem(null);
    try {
      const answer = await requestResetCode.trigger(trimmed);
      setEmail(trimmed);
      setNotice(answer.message ?? null);
      setStep('code');
    } catch (err) {
      console.error(err);
      setProblem(errorMessage(err));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  async function verify(values: { code: string }) {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setProblem(null);
    try {
      const answer = await verifyResetCode.trigger({ code: values.code.trim(), email });
      navigate('/changePass', { state: { email, resetToken: answer.resetToken } satisfies ResetState });
    } catch (err) {
      console.error(err);
      setProblem(errorMessage(err));
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <div className={styles.page}>
      {step === 'email' ? (
        <section className={styles.card} aria-labelledby="forgot-title">
          <h1 id="forgot-title" className={styles.title}>
            {t('account.forgotTitle')}
          </h1>
          <form className={styles.form} noValidate onSubmit={emailForm.handleSubmit(sendCode)}>
            <FormField
              label={t('account.yourEmailLower')}
              type="email"
              autoComplete="email"
              error={problem ?? undefined}
              {...emailForm.register('email')}
            />
            <div className={styles.actions}>
              <button type="submit" className={styles.primary} disabled={pending}>
                {t('account.confirm')}
              </button>
            </div>
          </form>
        </section>
      ) : (
        // Not a labelled region: its name would also match the 'Your verify code' label.
        <section className={styles.card}>
          <h1 id="verify-title" className={styles.title}>
            {t('account.verifyTitle')}
          </h1>
          {notice ? (
            <p className={styles.subtitle} role="status">
              {localiseServerMessage(notice)}
            </p>
          ) : null}
          <form className={styles.form} noValidate onSubmit={codeForm.handleSubmit(verify)}>
            <FormField
              label={t('account.verifyCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              error={problem ?? undefined}
              {...codeForm.register('code')}
            />
            <div className={styles.actions}>
              <button type="submit" className={styles.primary} disabled={pending}>
                {t('account.verify')}
              </button>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
