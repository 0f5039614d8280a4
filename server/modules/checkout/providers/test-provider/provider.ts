import { randomBytes } from 'node:crypto';
import type { CreateSessionInput, CreatedSession, PaymentProvider } from '../provider';

/** A refund the hosted test provider made (what a provider's dashboard would list). */
export interface TestRefund {
  id: string;
  /** Our checkout session's id: the test provider's sessions have no id of their own. */
  sessionId: string;
  /** Minor units (piastres); null for "everything". */
  amount: number | null;
  idempotencyKey: string;
}

export interface TestProvider extends PaymentProvider {
  /** The refunds made, oldest first (one per idempotency key, as a real provider keeps them). */
  readonly refunds: readonly TestRefund[];
}

// The default provider when no keys are set: sessions point at our own hosted page, so the whole card flow works
// with no network and no third party, the way a provider's test mode does. Refunds are kept in this process (the
// test page takes no money, so there is none to give back: the record is what a provider's dashboard would show).
export function createTestProvider(options: { publicUrl: string }): TestProvider {
  const base = options.publicUrl.replace(/\/+$/, '');
  const refunds: TestRefund[] = [];
  return {
    name: 'test',
    refunds,
    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      return { providerSessionId: null, url: `${base}/pay/${encodeURIComponent(input.sessionId)}` };
    },
    async refund(sessionId: string, idempotencyKey: string, amount?: number) {
      const again = refunds.find((r) => r.idempotencyKey === idempotencyKey);
      if (again) return again.id;
      const refund = {
        id: `tre_${randomBytes(12).toString('hex')}`,
        sessionId,
        amount: amount ?? null,
        idempotencyKey,
      };
      refunds.push(refund);
      return refund.id;
    },
  };
}
