// The staff module's face: staff accounts and their roles (admins only). The hooks that guard every staff call
// (app.requireStaff, app.requireAdmin) are the auth module's.
export { staffRoutes } from './routes';
