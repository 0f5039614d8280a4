'use client';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useState } from 'react';
import { googleClientId } from '@/lib/api/config';
import { useShownLang } from '@/lib/i18n/i18n';
import { decodeGoogleCredential, GoogleCredentialError } from './google-identity';
import type { GoogleSignInProps } from './google-sign-in';

/**
 * Google's button, with its own provider so Google's script is loaded only on the screens that
 * show the button. When Google's script cannot load (offline, blocked), its empty slot is removed
 * instead of leaving a gap. The credential it returns is decoded here (jwt-decode travels with the
 * button, not with the screen): the identity, or the message of a credential that cannot be read.
 */
export default function GoogleButton({ onIdentity, onUnreadable, text }: GoogleSignInProps) {
  const [unavailable, setUnavailable] = useState(false);
  // Google's button speaks the page's language (English as before: no hl parameter).
  const lang = useShownLang();
  if (!googleClientId || unavailable) return null;
  const onCredential = (credential: string) => {
    try {
      onIdentity(decodeGoogleCredential(credential));
    } catch (err) {
      if (!(err instanceof GoogleCredentialError)) throw err;
      console.error(err);
      onUnreadable(err.message);
    }
  };
  return (
    <GoogleOAuthProvider
      clientId={googleClientId}
      locale={lang === 'en' ? undefined : lang}
      onScriptLoadError={() => {
        console.warn("Google's sign-in script could not be loaded");
        setUnavailable(true);
      }}
    >
      <GoogleLogin
        text={text}
        shape="rectangular"
        onSuccess={(response) => {
          if (response.credential) onCredential(response.credential);
          else console.log('Login Failed');
        }}
        // Spec section 8: a widget failure is only logged; the shopper sees nothing.
        onError={() => console.log('Login Failed')}
      />
    </GoogleOAuthProvider>
  );
}
