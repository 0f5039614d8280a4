import type { CreateSessionInput, CreatedSession, PaymentProvider } from '../provider';

// The default provider when no keys are set: sessions point at our own hosted page, so the whole card flow works
// with no network and no third party, the way a provider's test mode does.
export function createTestProvider(options: { publicUrl: string }): PaymentProvider {
  const base = options.publicUrl.replace(/\/+$/, '');
  return {
    name: 'test',
    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      return { providerSessionId: null, url: `${base}/pay/${encodeURIComponent(input.sessionId)}` };
    },
  };
}
