// Account calls of spec section 7 (no token on any of them).
import { apiRequest, sendAndForget } from './client';
import { useMutation } from './use-mutation';
import type { AuthAnswer, PasswordReset, ResetCodeSent, ResetCodeVerified } from '@/lib/contract/auth';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  rePassword: string;
  phone: string;
}

export function signIn(credentials: Credentials): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/auth/signin', { method: 'POST', body: credentials });
}

export function signUp(registration: Registration): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('/auth/signup', { method: 'POST', body: registration });
}

/** Asks the server to e-mail a reset code. */
export function requestResetCode(email: string): Promise<ResetCodeSent> {
  return apiRequest<ResetCodeSent>('/auth/forgotPasswords', { method: 'POST', body: { email } });
}

/**
 * Resolves when the code is valid. The spec's call sends the code alone; this storefront also sends the
 * e-mail it asked the code for, so guesses count against that account only, and keeps the single-use
 * reset token the server answers for the reset itself (docs/security.md).
 */
export function verifyResetCode(resetCode: string, email?: string): Promise<Partial<ResetCodeVerified>> {
  // Partial: the public host answers {status} without a reset token.
  return apiRequest<Partial<ResetCodeVerified>>('/auth/verifyResetCode', {
    method: 'POST',
    body: email ? { resetCode, email } : { resetCode },
  });
}

export function resetPassword(
  email: string,
  newPassword: string,
  resetToken?: string,
): Promise<PasswordReset> {
  return apiRequest<PasswordReset>('/auth/resetPassword', {
    method: 'PUT',
    body: resetToken ? { email, newPassword, resetToken } : { email, newPassword },
  });
}

/**
 * Ends the token on our server (POST /auth/logout, which the public host lacks) beside the spec's local
 * Logout: nothing waits for it, it outlives the page (keepalive), and a failure changes nothing on screen.
 */
export function endSessionOnServer(token: string): void {
  sendAndForget('/auth/logout', token);
}

// The account screens' writes. None changes cached data: the session store takes the token they answer.
export const useSignIn = () => useMutation(signIn);
export const useSignUp = () => useMutation(signUp);
export const useRequestResetCode = () => useMutation(requestResetCode);
export const useVerifyResetCode = () =>
  useMutation(({ code, email }: { code: string; email?: string }) => verifyResetCode(code, email));
export const useResetPassword = () =>
  useMutation(
    ({ email, newPassword, resetToken }: { email: string; newPassword: string; resetToken?: string }) =>
      resetPassword(email, newPassword, resetToken),
  );
