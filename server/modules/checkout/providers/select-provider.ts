import type { Config } from '../../../config';
import type { PaymentProvider } from './provider';
import { createTestProvider } from './test-provider';

/**
 * Stripe when its secret key is set, otherwise the hosted test page. A key without a webhook
 * secret is refused at start-up: Stripe sessions would be paid and never turn into orders.
 * STRIPE_API_URL (optional) sends the SDK's API calls elsewhere: stripe-mock, or the tests' stand-in.
 * The Stripe SDK (about 0.2 s to load) is imported only when it is used.
 */
export async function providerFromConfig(config: Config): Promise<PaymentProvider> {
  if (!config.stripeSecretKey) return createTestProvider({ publicUrl: config.publicUrl });
  if (!config.stripeWebhookSecret) {
    throw new Error(
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (orders are fulfilled from the webhook)',
    );
  }
  const api = config.stripeApiUrl;
  const { createStripeProvider } = await import('./stripe-provider');
  return createStripeProvider({
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
    ...(api
      ? {
          apiHost: api.hostname,
          apiPort: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
          apiProtocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}
