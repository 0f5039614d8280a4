// Staff accounts for the staff suites: a shopper signed up through the API, given a role in the database, and
// signed in again (a staff token is signed for the role the account has at sign-in).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { users } from '@/server/db/schema';
import type { Database } from '@/server/db/client';
import { json, signUp, type Shopper } from './test-app';

export async function setRole(database: Database, id: string, role: 'user' | 'staff' | 'admin') {
  await database.db.update(users).set({ role }).where(eq(users.id, id));
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`signin failed: ${res.statusCode} ${res.body}`);
  return json(res).token as string;
}

/** A new account with this role, signed in after the role was set. */
export async function staffMember(
  app: FastifyInstance,
  database: Database,
  role: 'staff' | 'admin',
): Promise<Shopper> {
  const account = await signUp(app, { name: `Test ${role}` });
  await setRole(database, account.id, role);
  return { ...account, token: await signIn(app, account.email, account.password) };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  token: string | undefined,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}
