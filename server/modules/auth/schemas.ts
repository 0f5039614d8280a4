// JSON schemas for the auth calls. Field rules and messages come from lib/rules (yup) so the server
// answers with the storefront's texts; these schemas only fix the shape (strings, no extras).
const str = { type: 'string', maxLength: 500 } as const;

export const signupBody = {
  type: 'object',
  properties: { name: str, email: str, password: str, rePassword: str, phone: str },
} as const;

export const signinBody = { type: 'object', properties: { email: str, password: str } } as const;
export const forgotBody = { type: 'object', properties: { email: str } } as const;
export const verifyCodeBody = {
  type: 'object',
  properties: { resetCode: { type: 'string', maxLength: 50 }, email: str },
} as const;
export const resetBody = {
  type: 'object',
  properties: { email: str, newPassword: str, resetToken: { type: 'string', maxLength: 100 } },
} as const;

const userJson = {
  type: 'object',
  properties: { name: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
} as const;

export const authResponse = {
  type: 'object',
  properties: { message: { type: 'string' }, user: userJson, token: { type: 'string' } },
} as const;

export const userResponse = {
  type: 'object',
  properties: { message: { type: 'string' }, user: userJson },
} as const;

export const verifyTokenResponse = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    decoded: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        iat: { type: 'number' },
        exp: { type: 'number' },
      },
    },
  },
} as const;

export const statusMessageResponse = {
  type: 'object',
  properties: { statusMsg: { type: 'string' }, message: { type: 'string' } },
} as const;
