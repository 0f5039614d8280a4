// The checkout module's face: card checkout's routes (the session API, the hosted test payment page, the
// provider webhook), the payment provider interface server/app.ts takes for tests, and the provider the
// configuration names (server/app.ts gives it to the orders module too, which refunds through it).
export type { PaymentProvider } from './providers/provider';
export { providerFromConfig } from './providers/select-provider';
export { createTestProvider, type TestProvider, type TestRefund } from './providers/test-provider';
export { checkoutRoutes } from './routes';
