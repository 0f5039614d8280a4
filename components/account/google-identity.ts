// The identity inside a Google ID token (a JWT), decoded on the client as spec section 3 says.
import { InvalidTokenError, jwtDecode } from 'jwt-decode';

export interface GoogleIdentity {
  email: string;
  /** Used as the registration name by the register completion form. */
  givenName: string;
}

interface GoogleClaims {
  email?: unknown;
  given_name?: unknown;
  name?: unknown;
}

export const malformedCredentialMessage =
  'Your Google sign-in could not be read. Please try again or use your e-mail.';

export class GoogleCredentialError extends Error {
  constructor(cause?: unknown) {
    super(malformedCredentialMessage, { cause });
    this.name = 'GoogleCredentialError';
  }
}

/**
 * Reads email and given_name from the credential. jwt-decode only decodes (the server is what
 * would verify a signature); a credential that is not a JWT, or one without an e-mail, throws a
 * GoogleCredentialError whose message the screens show instead of crashing.
 */
export function decodeGoogleCredential(credential: string): GoogleIdentity {
  let claims: GoogleClaims;
  try {
    claims = jwtDecode<GoogleClaims>(credential);
  } catch (err) {
    if (err instanceof InvalidTokenError) throw new GoogleCredentialError(err);
    throw err;
  }
  if (!claims || typeof claims.email !== 'string' || !claims.email) throw new GoogleCredentialError();
  const email = claims.email;
  // Some Google accounts carry no given_name; fall back to the full name, then the e-mail's local part.
  const givenName =
    typeof claims.given_name === 'string' && claims.given_name.trim()
      ? claims.given_name.trim()
      : typeof claims.name === 'string' && claims.name.trim()
        ? claims.name.trim()
        : (email.split('@')[0] ?? email);
  return { email, givenName };
}
