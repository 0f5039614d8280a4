// Account calls of spec section 7 (no token on any of them).
import { apiRequest } from './client';
import type { AuthAnswer } from '@/lib/contract/auth';

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

export interface StatusMessage {
  statusMsg?: string;
  status?: string;
  message?: string;
}

/** Asks the server to e-mail a reset code. */
export function requestResetCode(email: string): Promise<StatusMessage> {
  return apiRequest<StatusMessage>('/auth/forgotPasswords', { method: 'POST', body: { email } });
}

/**
 * Resolves when the code is valid. The spec's call sends the code alone; this storefront also sends the
 * e-mail it asked the code for, so guesses count against that account only, and keeps the single-use
 * reset token the server answers for the reset itself (docs/security.md).
 */
export function verifyResetCode(
  resetCode: string,
  email?: string,
): Promise<StatusMessage & { resetToken?: string }> {
  return apiRequest<StatusMessage & { resetToken?: string }>('/auth/verifyResetCode', {
    method: 'POST',
    body: email ? { resetCode, email } : { resetCode },
  });
}

export function resetPassword(
  email: string,
  newPassword: string,
  resetToken?: string,
): Promise<{ token: string }> {
  return apiRequest<{ token: string }>('/auth/resetPassword', {
    method: 'PUT',
    body: resetToken ? { email, newPassword, resetToken } : { email, newPassword },
  });
}
