'use client';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@/lib/router/react';
import { notify } from '@/components/ui/notify';
import { useSignUp, type Registration } from '@/lib/api/auth';
import type { ProviderRegisterValues, RegisterValues } from '@/lib/rules/account-schemas';
import { pendingReturnPath, rememberRegisteredEmail, takeReturnPath } from '@/lib/session/return-after-login';
import { useSession } from '@/lib/session/session-store';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { ClapIcon } from './clap-icon';
import { ErrorDialog, preloadErrorDialog } from './lazy-error-dialog';
import { errorMessage } from '@/components/ui/error-message';
import { FormField } from './form-field';
import { GoogleCompletionHeader } from './google-completion-header';
import type { GoogleIdentity } from './google-identity';
import { GoogleSignIn, type GoogleSignInProps } from './google-sign-in';
import { lazyResolver, preloadValidation } from './lazy-resolver';
import styles from './account-form.module.scss';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { t as translate, useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-account';

const registerResolver = lazyResolver<RegisterValues>('register');
const providerRegisterResolver = lazyResolver<ProviderRegisterValues>('providerRegister');

/** Spec section 9: the redirect after a plain registration. */
export const registerRedirectMs = 3000;

export const registeredMessage = 'Your account is ready. Please log in.';

/** 'Register Now': the five fields, or Google followed by the completion form that signs up and in. */
export function RegisterScreen() {
  const t = useT();
  useDocumentTitle(t('account.registerDoc'));
  const { setToken } = useSession();
  const navigate = useNavigate();
  const [identity, setIdentity] = useState<GoogleIdentity | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const signUp = useSignUp();
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  /** Plain registration: no overlay, and the token is NOT stored (spec section 4). */
  async function registerPlain(values: RegisterValues): Promise<boolean> {
    if (redirect.current) return false;
    try {
      await signUp.trigger(values);
      rememberRegisteredEmail(values.email);
      notify('success', translate('account.registered'), {
        icon: <ClapIcon />,
        autoClose: registerRedirectMs,
        position: 'top-center',
      });
      // /home is protected, so without a token the guard shows /login: the shopper logs in next. A guest who
      // came from a link goes there instead, through the same guard: it stays the screen to return to.
      redirect.current = setTimeout(() => navigate(pendingReturnPath() ?? '/home'), registerRedirectMs);
      return true;
    } catch (err) {
      // Said in the 'Oops!' dialog (spec section 8), not logged: an e-mail already registered is normal use.
      setFailure(errorMessage(err));
      return false;
    }
  }

  /**
   * Google completion: signs up with given_name as the name, stores the token, goes home at once (or to the
   * screen a guest asked for).
   */
  async function registerWithGoogle(values: ProviderRegisterValues) {
    if (!identity) return;
    const registration: Registration = { name: identity.givenName, email: identity.email, ...values };
    setLoading(true);
    try {
      const { token } = await signUp.trigger(registration);
      setToken(token);
      navigate(takeReturnPath());
    } catch (err) {
      setLoading(false);
      setFailure(errorMessage(err));
    }
  }

  return (
    <div className={styles.page} onFocus={preloadErrorDialog}>
      {identity ? (
        <GoogleRegisterForm
          identity={identity}
          busy={loading}
          onSubmit={registerWithGoogle}
          onBack={() => setIdentity(null)}
        />
      ) : (
        <PlainRegisterForm onSubmit={registerPlain} onIdentity={setIdentity} onUnreadable={setFailure} />
      )}
      {loading ? <BusyOverlay label={t('account.signingIn')} /> : null}
      <ErrorDialog message={failure} onClose={() => setFailure(null)} />
    </div>
  );
}

interface PlainRegisterFormProps {
  /** Resolves true once registered. */
  onSubmit: (values: RegisterValues) => Promise<boolean>;
  onIdentity: GoogleSignInProps['onIdentity'];
  onUnreadable: GoogleSignInProps['onUnreadable'];
}

function PlainRegisterForm({ onSubmit, onIdentity, onUnreadable }: PlainRegisterFormProps) {
  const t = useT();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ resolver: registerResolver, mode: 'onTouched' });

  return (
    <section className={styles.card} aria-labelledby="register-title">
      <h1 id="register-title" className={styles.title}>
        {t('account.registerNow')}
      </h1>
      <form
        className={styles.form}
        noValidate
        onFocus={preloadValidation}
        onSubmit={handleSubmit(async (values) => {
          if (await onSubmit(values)) setDone(true);
        })}
      >
        <FormField
          label={t('account.yourName')}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label={t('account.yourEmail')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          label={t('account.yourPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormField
          label={t('account.rePassword')}
          type="password"
          autoComplete="new-password"
          error={errors.rePassword?.message}
          {...register('rePassword')}
        />
        <FormField
          label={t('account.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className={styles.actions}>
          {/* Disabled while the call runs and after success, while the redirect is pending. */}
          <button type="submit" className={styles.primary} disabled={isSubmitting || done}>
            {t('account.register')}
          </button>
        </div>
      </form>
      <div className={styles.provider}>
        <GoogleSignIn text="signup_with" onIdentity={onIdentity} onUnreadable={onUnreadable} />
      </div>
      <p className={styles.aside}>
        {t('account.already')}
        <Link to="/login">{t('account.loginNow')}</Link>
      </p>
    </section>
  );
}

interface GoogleRegisterFormProps {
  identity: GoogleIdentity;
  busy: boolean;
  onSubmit: (values: ProviderRegisterValues) => Promise<void>;
  onBack: () => void;
}

function GoogleRegisterForm({ identity, busy, onSubmit, onBack }: GoogleRegisterFormProps) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProviderRegisterValues>({ resolver: providerRegisterResolver, mode: 'onTouched' });

  return (
    <section className={styles.card} aria-labelledby="google-register-title">
      <GoogleCompletionHeader titleId="google-register-title" identity={identity} />
      <form className={styles.form} noValidate onFocus={preloadValidation} onSubmit={handleSubmit(onSubmit)}>
        <FormField label={t('account.yourEmail')} type="email" value={identity.email} readOnly />
        <FormField
          label={t('account.yourPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormField
          label={t('account.rePassword')}
          type="password"
          autoComplete="new-password"
          error={errors.rePassword?.message}
          {...register('rePassword')}
        />
        <FormField
          label={t('account.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy || isSubmitting}>
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
