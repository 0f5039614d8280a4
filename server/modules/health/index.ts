// The health module's face: its routes, registered by server/app.ts. No other module uses it.
export { healthRoutes } from './routes';
