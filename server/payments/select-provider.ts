import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { createTestProvider } from './test-provider';

/**
 * Stripe when its secret key is set, otherwise the hosted test page. A key without a webhook
 * secret is refused at start-up: Stripe sessions would be paid and never turn into orders.
 * STRIPE_API_URL (optional) sends the SDK's API calls elsewhere: stripe-mock, or the tests' stand-in.
 * The Stripe SDK (about 0.2 s to load) is imported only when it is used.
 */
export async function providerFromConfig(
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PaymentProvider> {
  if (!config.stripeSecretKey) return createTestProvider({ publicUrl: config.publicUrl });
  if (!config.stripeWebhookSecret) {
    throw new Error(
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (orders are fulfilled from the webhook)',
    );
  }
  const apiUrl = env.STRIPE_API_URL?.trim();
  let api: URL | undefined;
  if (apiUrl) {
    try {
      api = new URL(apiUrl);
    } catch {
      throw new Error(`STRIPE_API_URL must be an absolute http(s) URL, got "${apiUrl}"`);
    }
    if (api.protocol !== 'http:' && api.protocol !== 'https:') {
      throw new Error(`STRIPE_API_URL must be an absolute http(s) URL, got "${apiUrl}"`);
    }
  }
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
