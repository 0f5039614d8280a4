import { describe, expect, it } from 'vitest';
import {
  decodeGoogleCredential,
  GoogleCredentialError,
  malformedCredentialMessage,
} from '@/components/account/google-identity';
import { googleCredential } from '../account-helpers';

describe('decodeGoogleCredential', () => {
  it('reads email and given_name from a signed-looking credential', () => {
    expect(decodeGoogleCredential(googleCredential({ email: 'a@b.co', given_name: 'Amr' }))).toEqual({
      email: 'a@b.co',
      givenName: 'Amr',
    });
  });

  it('decodes non-ASCII names (base64url of UTF-8)', () => {
    expect(decodeGoogleCredential(googleCredential({ email: 'a@b.co', given_name: 'منى' })).givenName).toBe(
      'منى',
    );
  });

  it('falls back to the name, then the e-mail, when given_name is missing', () => {
    expect(decodeGoogleCredential(googleCredential({ email: 'a@b.co', name: 'Amr Diab' })).givenName).toBe(
      'Amr Diab',
    );
    expect(decodeGoogleCredential(googleCredential({ email: 'amr@b.co' })).givenName).toBe('amr');
  });

  it.each(['', 'not-a-jwt', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.sig'])(
    'rejects %j with a clear error',
    (bad) => {
      expect(() => decodeGoogleCredential(bad)).toThrow(GoogleCredentialError);
      expect(() => decodeGoogleCredential(bad)).toThrow(malformedCredentialMessage);
    },
  );
});
