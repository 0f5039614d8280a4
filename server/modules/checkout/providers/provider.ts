// One interface for every payment provider: the checkout route asks it for a hosted page, and
// (for providers that call us back) the webhook route asks it to verify and read the callback.

export interface SessionLine {
  title: string;
  count: number;
  /** Unit price in whole Egyptian pounds, as the catalogue stores prices. */
  unitPrice: number;
}

export interface CreateSessionInput {
  /** Our checkout_sessions id; providers echo it back so a callback finds the row. */
  sessionId: string;
  lines: SessionLine[];
  /** Cart summary figures in whole pounds (lib/rules/cart-summary): total = original + tax − savings. */
  tax: number;
  savings: number;
  total: number;
  currency: 'egp';
  successUrl: string;
  cancelUrl: string;
  /** Our own return address (fulfils, then sends the shopper on to successUrl); for off-site providers. */
  returnUrl: string;
  customerEmail?: string;
  expiresAt: Date;
}

export interface CreatedSession {
  /** The provider's own id for the session (null for the test provider, whose id is ours). */
  providerSessionId: string | null;
  /** Where the shopper's window goes to pay. */
  url: string;
}

/** A verified callback that says a session was paid. */
export interface PaidEvent {
  eventId: string;
  type: string;
  /** Present for checkout.session.completed with payment_status "paid". */
  paid: {
    providerSessionId: string;
    clientReferenceId: string | null;
    paidAt: Date;
    /** What the provider charged, in minor units, and in which currency. */
    amountTotal: number | null;
    currency: string | null;
  } | null;
}

export class WebhookVerificationError extends Error {}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createSession(input: CreateSessionInput): Promise<CreatedSession>;
  /**
   * Verifies a provider callback over the exact bytes received and returns what it says.
   * Throws WebhookVerificationError for a missing, forged or stale signature.
   * Absent for providers that never call back (the test provider fulfils on its own page).
   */
  readWebhook?(rawBody: Buffer, signatureHeader: string | undefined): PaidEvent;
  /**
   * Asks the provider whether a session has been paid. Used when the shopper's browser comes back
   * from the provider's page, so the order exists even if the webhook is late (both paths fulfil
   * through the same idempotent function).
   */
  retrieveSession?(providerSessionId: string): Promise<{
    paid: boolean;
    paidAt: Date | null;
    amountTotal: number | null;
    currency: string | null;
  }>;
  /**
   * Gives back `amount` (minor units, piastres for EGP: pounds × 100) of what a paid session took, or all of it
   * when `amount` is absent; returns the provider's refund id. The same idempotency key makes one refund however
   * often it is sent. `providerSessionId` is the provider's id for the session (ours for the test provider, which
   * has none of its own). Throws with the provider's reason when it refuses.
   */
  refund?(providerSessionId: string, idempotencyKey: string, amount?: number): Promise<string>;
}
