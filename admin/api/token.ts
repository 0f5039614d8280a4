import { STAFF_IDENTITY_KEY, STAFF_TOKEN_KEY } from '../config';

export interface StaffIdentity {
  name: string;
  email: string;
  role: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  const token = storage()?.getItem(STAFF_TOKEN_KEY);
  return token && token.trim() ? token : null;
}

export function readIdentity(): StaffIdentity | null {
  try {
    const raw = storage()?.getItem(STAFF_IDENTITY_KEY);
    return raw ? (JSON.parse(raw) as StaffIdentity) : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, identity: StaffIdentity): void {
  storage()?.setItem(STAFF_TOKEN_KEY, token);
  storage()?.setItem(STAFF_IDENTITY_KEY, JSON.stringify(identity));
}

export function clearSession(): void {
  storage()?.removeItem(STAFF_TOKEN_KEY);
  storage()?.removeItem(STAFF_IDENTITY_KEY);
}
