// The auth module's face: all that other modules and server/app.ts may use of it (eslint.config.mjs holds them
// to this file). Everything else in auth/ is the module's own business.
export { retryIn } from './attempt-counters';
export { actorOf, authPlugin, notAllowed, requireUser, staffSignInAgain } from './authenticate';
export { hashPassword } from './passwords';
export { emailTakenByOther, findUserById, updateUser } from './repository';
export { authRoutes } from './routes';
export {
  accountExists,
  checkCurrentPassword,
  defaultAuthLimits,
  normaliseEmail,
  publicUser,
  validate,
  type AccountLimits,
  type AuthLimits,
} from './service';
export {
  isStaffRole,
  passwordChangeStamp,
  staffTokenLifetimeSeconds,
  TokenService,
  type DecodedToken,
} from './tokens';
