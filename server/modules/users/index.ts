// The users module's face: its routes, registered by server/app.ts. No other module uses it.
export { userRoutes } from './routes';
