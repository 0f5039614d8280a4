'use client';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { googleClientId } from '@/lib/api/config';

interface GoogleSignInProps {
  onCredential: (credential: string) => void;
  text: 'signin_with' | 'signup_with';
}

/**
 * Google's button, with its own provider so Google's script is loaded only on the screens that
 * show the button. Without a configured client id there is no button at all.
 */
export function GoogleSignIn({ onCredential, text }: GoogleSignInProps) {
  if (!googleClientId) return null;
  return (
    <GoogleOAuthProvider clientId={googleClientId}>
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
