'use client';
import { useState, type FormEvent } from 'react';
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
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const requestResetCode = useRequestResetCode();
  const verifyResetCode = useVerifyResetCode();

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const trimmed = email.trim();
    // Spec section 5: the e-mail is submitted only when, trimmed, it is not empty.
    if (!trimmed) {
      setProblem(messages.emailRequired);
      return;
    }
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
      setPending(false);
    }
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      const answer = await verifyResetCode.trigger({ code: code.trim(), email });
      navigate('/changePass', { state: { email, resetToken: answer.resetToken } satisfies ResetState });
    } catch (err) {
      console.error(err);
      setProblem(errorMessage(err));
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
          <form className={styles.form} noValidate onSubmit={sendCode}>
            <FormField
              label={t('account.yourEmailLower')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={problem ?? undefined}
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
          <form className={styles.form} noValidate onSubmit={verify}>
            <FormField
              label={t('account.verifyCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={problem ?? undefined}
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
