'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { googleClientId } from '@/lib/api/config';
import { whenIdle } from '@/components/ui/when-idle';
import type { GoogleIdentity } from './google-identity';
import styles from './account-form.module.scss';

export interface GoogleSignInProps {
  text: 'signin_with' | 'signup_with';
  /** The shopper chose a Google account: its e-mail and given name. */
  onIdentity: (identity: GoogleIdentity) => void;
  /** Google answered with a credential that cannot be read: the message to show. */
  onUnreadable: (message: string) => void;
}

const GoogleButton = lazy(() => import('./google-button'));

/**
 * The spec's Google sign-in button. Without a configured client id there is none. Its code (Google's
 * React wrapper and the token decoder) is not part of the sign-in screens' first paint: it is fetched
 * once the page is idle (Google's own script, which draws the button, loads after it in any case).
 */
export function GoogleSignIn(props: GoogleSignInProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => (googleClientId ? whenIdle(() => setWanted(true), 1500) : undefined), []);
  if (!googleClientId) return null;
  // The button's place is held meanwhile, so nothing below it moves when it arrives.
  const slot = <div className={styles.providerSlot} aria-hidden="true" />;
  if (!wanted) return slot;
  return (
    <Suspense fallback={slot}>
      <GoogleButton {...props} />
    </Suspense>
  );
}
