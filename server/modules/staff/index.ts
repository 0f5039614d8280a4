// The staff module's face: staff accounts and their roles (admins only). The hooks that guard every staff call
// (app.requireStaff, app.requireAdmin) are the auth module's.
export { staffRoutes } from './routes';
export {
  AccountRuleError,
  accountWithEmail,
  demoteAccount,
  makeAdmin,
  staffAccounts,
  type AdminOutcome,
  type NewAdmin,
} from './accounts';
export { demoAdminEmail, ensureDemoAdmin } from './demo-admin';
