// The account forms' validation code: yup, its react-hook-form resolver and the spec's schemas (section 5).
// Fetched when the shopper first focuses a form (see lazy-resolver.ts), not with the screen, so the
// Login first screen stays within its byte budget.
import { yupResolver } from '@hookform/resolvers/yup';
import { loginSchema, providerRegisterSchema, registerSchema } from '@/lib/rules/account-schemas';

export const resolvers = {
  login: yupResolver(loginSchema),
  register: yupResolver(registerSchema),
  providerRegister: yupResolver(providerRegisterSchema),
};
