// Accounts: sign-up, sign-in, password reset, the caller's token and profile. Request bodies fix only the shape
// (strings of bounded length); the field rules and their messages are lib/rules/account-schemas.ts, applied by the
// server and the storefront alike, so a refusal reads the same on both sides.
import { Type, type Static } from 'typebox';

const text = Type.Optional(Type.String({ maxLength: 500 }));

export const SignupBody = Type.Object({
  name: text,
  email: text,
  password: text,
  rePassword: text,
  phone: text,
});
export type SignupBody = Static<typeof SignupBody>;
export const SigninBody = Type.Object({ email: text, password: text });
export type SigninBody = Static<typeof SigninBody>;
export const ForgotPasswordBody = Type.Object({ email: text });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;
export const VerifyResetCodeBody = Type.Object({
  resetCode: Type.Optional(Type.String({ maxLength: 50 })),
  email: text,
});
export type VerifyResetCodeBody = Static<typeof VerifyResetCodeBody>;
export const ResetPasswordBody = Type.Object({
  email: text,
  newPassword: text,
  resetToken: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
export const ChangePasswordBody = Type.Object({ currentPassword: text, password: text, rePassword: text });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
export const UpdateMeBody = Type.Object({ name: text, email: text, phone: text, currentPassword: text });
export type UpdateMeBody = Static<typeof UpdateMeBody>;

export const PublicUser = Type.Object({ name: Type.String(), email: Type.String(), role: Type.String() });
export type PublicUser = Static<typeof PublicUser>;

/** Sign-up, sign-in, a password change: the account and a fresh token. */
export const AuthAnswer = Type.Object({ message: Type.String(), user: PublicUser, token: Type.String() });
export type AuthAnswer = Static<typeof AuthAnswer>;

/** A profile update: a token only when the e-mail changed (every other session then ends). */
export const UpdateMeAnswer = Type.Object({
  message: Type.String(),
  user: PublicUser,
  token: Type.Optional(Type.String()),
});
export type UpdateMeAnswer = Static<typeof UpdateMeAnswer>;

export const VerifyTokenAnswer = Type.Object({
  message: Type.String(),
  decoded: Type.Object({
    id: Type.String(),
    name: Type.String(),
    role: Type.String(),
    iat: Type.Number(),
    exp: Type.Number(),
  }),
});
export type VerifyTokenAnswer = Static<typeof VerifyTokenAnswer>;

export const ResetCodeSent = Type.Object({ statusMsg: Type.String(), message: Type.String() });
export type ResetCodeSent = Static<typeof ResetCodeSent>;

/** The code was right: `resetToken` lets this client (only) set the new password. */
export const ResetCodeVerified = Type.Object({ status: Type.String(), resetToken: Type.String() });
export type ResetCodeVerified = Static<typeof ResetCodeVerified>;

export const PasswordReset = Type.Object({ token: Type.String() });
export type PasswordReset = Static<typeof PasswordReset>;

/** POST /auth/logout (ours, not the public host's): the token sent is ended on the server. */
export const LoggedOut = Type.Object({ message: Type.String() });
export type LoggedOut = Static<typeof LoggedOut>;

/** The JWT's claims as the storefront decodes them (jwt-decode). */
export interface TokenClaims {
  id: string;
  name: string;
  role: string;
  iat: number;
  exp: number;
}
