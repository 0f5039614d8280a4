// The dev module's face: the outbox routes, registered by server/app.ts outside production.
export { outboxRoutes } from './outbox-routes';
