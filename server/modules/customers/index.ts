// The customers module's face: the back office's customers list (GET /customers, staff).
export { customerRoutes } from './routes';
