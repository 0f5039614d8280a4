'use client';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@/lib/router/react';
import { notify } from '@/components/ui/notify';
import { useSignIn, type Credentials } from '@/lib/api/auth';
import type { LoginValues } from '@/lib/rules/account-schemas';
import {
  forgetRegisteredEmail,
  forgetSessionEnded,
  registeredEmail,
  sessionHasEnded,
  takeReturnPath,
} from '@/lib/session/return-after-login';
import { useSession } from '@/lib/session/session-store';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { ErrorDialog, preloadErrorDialog } from './lazy-error-dialog';
import { errorMessage } from '@/components/ui/error-message';
import { FormField } from './form-field';
import type { GoogleIdentity } from './google-identity';
import { GoogleSignIn, type GoogleSignInProps } from './google-sign-in';
import { lazyResolver, preloadValidation } from './lazy-resolver';
import styles from './account-form.module.scss';
import own from './login-screen.module.scss';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { t as translate, useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-account';

const loginResolver = lazyResolver<LoginValues>('login');

// Shown only after a Google account was chosen, so its code comes with Google's button, not with the screen.
const GoogleLoginForm = lazy(() => import('./google-login-form'));

/** 'Login Now': e-mail and password, or Google followed by the password-only completion form. */
export function LoginScreen() {
  const t = useT();
  useDocumentTitle(t('account.loginDoc'));
  const { setToken } = useSession();
  const navigate = useNavigate();
  const [identity, setIdentity] = useState<GoogleIdentity | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const signIn = useSignIn();
  const pending = useRef(false);
  // Sent here because the server refused the token: say so, rather than let the login screen look like a
  // logout nobody asked for.
  const [sessionEnded] = useState(sessionHasEnded);
  // Sent here by a registration: its e-mail is already in the form.
  const [email] = useState(registeredEmail);
  useEffect(() => {
    forgetSessionEnded();
    forgetRegisteredEmail();
  }, []);

  async function signInWith(credentials: Credentials) {
    // One request at a time, whatever the button's disabled state says.
    if (pending.current) return;
    pending.current = true;
    setLoading(true);
    try {
      const { token } = await signIn.trigger(credentials);
      setToken(token);
      notify('success', translate('account.welcome'), { autoClose: 2000, position: 'top-center' });
      // Back to the screen the guest asked for or the session ended on, else /home as the spec says.
      navigate(takeReturnPath());
    } catch (err) {
      // Said in the 'Oops!' dialog (spec section 8), not logged: a mistyped password is normal use.
      setLoading(false);
      setFailure(errorMessage(err));
    } finally {
      pending.current = false;
    }
  }

  return (
    <div className={styles.page} onFocus={preloadErrorDialog}>
      {sessionEnded ? (
        <p className={own.notice} role="status">
          {t('account.sessionEnded')}
        </p>
      ) : null}
      {identity ? (
        <Suspense fallback={null}>
          <GoogleLoginForm
            identity={identity}
            busy={loading}
            onSubmit={signInWith}
            onBack={() => setIdentity(null)}
          />
        </Suspense>
      ) : (
        <PlainLoginForm
          email={email}
          busy={loading}
          onSubmit={signInWith}
          onIdentity={setIdentity}
          onUnreadable={setFailure}
        />
      )}
      {loading ? <BusyOverlay label={t('account.signingIn')} /> : null}
      <ErrorDialog message={failure} onClose={() => setFailure(null)} />
    </div>
  );
}

interface PlainLoginFormProps {
  email: string;
  busy: boolean;
  onSubmit: (values: Credentials) => Promise<void>;
  onIdentity: GoogleSignInProps['onIdentity'];
  onUnreadable: GoogleSignInProps['onUnreadable'];
}

function PlainLoginForm({ email, busy, onSubmit, onIdentity, onUnreadable }: PlainLoginFormProps) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: loginResolver, mode: 'onTouched', defaultValues: { email } });

  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title" className={styles.title}>
        {t('account.loginNow')}
      </h1>
      <form className={styles.form} noValidate onFocus={preloadValidation} onSubmit={handleSubmit(onSubmit)}>
        <FormField
          label={t('account.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          label={t('account.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy || isSubmitting}>
            {t('account.login')}
          </button>
          <Link to="/forgotpass" className={styles.link}>
            {t('account.forgot')}
          </Link>
        </div>
      </form>
      <div className={styles.provider}>
        <GoogleSignIn text="signin_with" onIdentity={onIdentity} onUnreadable={onUnreadable} />
      </div>
      <p className={styles.aside}>
        {t('account.newHere')}
        <Link to="/register">{t('account.registerNow')}</Link>
      </p>
    </section>
  );
}
