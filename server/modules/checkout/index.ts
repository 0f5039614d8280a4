// The checkout module's face: card checkout's routes (the session API, the hosted test payment page, the
// provider webhook) and the payment provider interface server/app.ts takes for tests.
export type { PaymentProvider } from './providers/provider';
export { checkoutRoutes } from './routes';
