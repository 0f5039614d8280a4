import * as yup from 'yup';
import { limits, messages } from './messages';
import { egyptianPhonePattern } from './phone';

// A pragmatic address check: something@something.tld, no spaces. yup's own email() is
// looser on the server side than browsers are, so both sides use this one.
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Control characters (CR, LF, NUL, …), line and paragraph separators, and the invisible marks that
 * override or isolate the text's direction: a name is shown in mail and on pages, where these would
 * forge lines or reverse what follows. Joiners (ZWJ/ZWNJ) stay: some scripts' names need them.
 */
export const forbiddenInNames = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

const password = yup
  .string()
  .required(messages.passwordRequired)
  .min(limits.passwordMin, messages.passwordMin)
  .max(limits.passwordMax, messages.passwordMax);

const rePassword = yup
  .string()
  .required(messages.rePasswordRequired)
  // A test rather than oneOf(): yup checks oneOf before required, which would hide 'Please confirm your password'.
  .test('match', messages.rePasswordMatch, function (value) {
    return value === this.parent.password;
  });

const phone = yup
  .string()
  .required(messages.phoneRequired)
  .matches(egyptianPhonePattern, messages.phoneEgyptian);

export const loginSchema = yup.object({
  email: yup.string().required(messages.emailRequired).matches(emailPattern, messages.emailInvalid),
  password: yup.string().required(messages.passwordRequired),
});

export const registerSchema = yup.object({
  // Trimmed first: a name of spaces only is no name ('Name is required'), and "  Al " is too short.
  name: yup
    .string()
    .trim()
    .required(messages.nameRequired)
    .min(limits.nameMin, messages.nameMin)
    .max(limits.nameMax, messages.nameMax)
    .test('characters', messages.nameCharacters, (v) => v === undefined || !forbiddenInNames.test(v)),
  email: yup.string().required(messages.emailRequired).matches(emailPattern, messages.emailInvalid),
  password,
  rePassword,
  phone,
});

// The identity-provider registration completion form: same password, rePassword and phone rules.
export const providerRegisterSchema = yup.object({ password, rePassword, phone });

export type LoginValues = yup.InferType<typeof loginSchema>;
export type RegisterValues = yup.InferType<typeof registerSchema>;
export type ProviderRegisterValues = yup.InferType<typeof providerRegisterSchema>;

export interface FieldError {
  param: string;
  msg: string;
  value: unknown;
}

/** Validates in field order and returns the first failing field, as the API's error envelope wants. */
export function firstError(
  schema: yup.ObjectSchema<yup.AnyObject>,
  value: Record<string, unknown>,
): FieldError | null {
  const fields = Object.keys(schema.fields);
  for (const field of fields) {
    try {
      schema.validateSyncAt(field, value);
    } catch (err) {
      if (err instanceof yup.ValidationError) return { param: field, msg: err.message, value: value[field] };
      throw err;
    }
  }
  return null;
}
