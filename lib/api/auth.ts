// Account calls of spec section 7 (no token on any of them).
import { apiRequest } from './client';
import type { AuthResponse } from './types';

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

export function signIn(credentials: Credentials): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/auth/signin', { method: 'POST', body: credentials });
}

export function signUp(registration: Registration): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/auth/signup', { method: 'POST', body: registration });
}

export interface StatusMessage {
  statusMsg?: string;
  status?: string;
  message?: string;
}

/** Asks the server to e-mail a 6-digit reset code. */
export function requestResetCode(email: string): Promise<StatusMessage> {
  return apiRequest<StatusMessage>('/auth/forgotPasswords', { method: 'POST', body: { email } });
}

/** Resolves when the code is valid; the body is not used (spec section 7). */
export function verifyResetCode(resetCode: string): Promise<StatusMessage> {
  return apiRequest<StatusMessage>('/auth/verifyResetCode', { method: 'POST', body: { resetCode } });
}

export function resetPassword(email: string, newPassword: string): Promise<{ token: string }> {
  return apiRequest<{ token: string }>('/auth/resetPassword', {
    method: 'PUT',
    body: { email, newPassword },
  });
}
