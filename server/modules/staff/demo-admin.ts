// Development only (never with NODE_ENV=production): `npm start` makes a demo admin so the back office can be
// tried at once. Its password is generated once and kept in DATA_DIR, as the JWT secret is.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { accountWithEmail, makeAdmin } from './accounts';

export const demoAdminEmail = 'admin@freshcart.test';

function demoPassword(dataDir: string): string {
  const file = path.join(dataDir, 'admin-password');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 6) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  // 16 characters: within the shop's password rule (6 to 20).
  const password = randomBytes(12).toString('base64url');
  writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

/** The demo admin, made on the first start of a database; later starts leave the account as staff left it. */
export async function ensureDemoAdmin(
  db: Db,
  dataDir: string,
): Promise<{ email: string; password: string; passwordFile: string; created: boolean }> {
  const password = demoPassword(dataDir);
  const created = !(await accountWithEmail(db, demoAdminEmail));
  if (created) {
    await makeAdmin(
      db,
      { id: null, email: 'npm start (development demo admin)' },
      { email: demoAdminEmail, password, name: 'Demo Admin' },
    );
  }
  return { email: demoAdminEmail, password, passwordFile: path.join(dataDir, 'admin-password'), created };
}
