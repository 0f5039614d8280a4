// `npm run admin`, spawned as an operator runs it: create (password from ADMIN_PASSWORD or typed), promote an
// existing shopper, refuse what the shop's rules refuse, list, demote; and the accounts it makes sign in.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';
import { json, signUp } from '../helpers/test-app';
import { signIn } from '../helpers/staff';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
const jwtSecret = randomBytes(32).toString('hex');

function admin(args: string[], env: Record<string, string> = {}, stdin?: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          ADMIN_PASSWORD: '',
          ...env,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.stdin.end(stdin ?? '');
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** The app on the CLI's database, for as long as `body` runs. */
async function withApp(
  body: (
    app: Awaited<ReturnType<typeof buildApp>>,
    db: Awaited<ReturnType<typeof openDatabase>>,
  ) => Promise<void>,
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://shop.test',
    STOREFRONT_DIR: path.join(dataDir, 'none'),
  });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const app = await buildApp({ config, database, authLimits: { perMinute: 10_000 } });
  try {
    await body(app, database);
  } finally {
    await app.close();
    await database.close();
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin', { timeout: 240_000 }, () => {
  it('creates, promotes, lists and demotes admins by the shop’s rules', async () => {
    const short = await admin(['create', 'amal@freshcart.test'], { ADMIN_PASSWORD: '123' });
    expect(short.code, short.out).toBe(1);
    expect(short.out).toContain('Refused: password: Password must be 6 charachters or more');

    const badPhone = await admin(['create', 'amal@freshcart.test', '--phone', '12'], {
      ADMIN_PASSWORD: 'goodpass1',
    });
    expect(badPhone.code, badPhone.out).toBe(1);
    expect(badPhone.out).toContain('Refused: phone:');

    const created = await admin(['create', 'Amal@FreshCart.test', '--name', 'Amal Admin'], {
      ADMIN_PASSWORD: 'goodpass1',
    });
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain('Created the admin account');

    // A password typed (here piped: no terminal) when ADMIN_PASSWORD is not set.
    const typed = await admin(['create', 'karim@freshcart.test'], {}, 'typedpass1\n');
    expect(typed.code, typed.out).toBe(0);

    let shopperEmail = '';
    await withApp(async (app) => {
      const token = await signIn(app, 'amal@freshcart.test', 'goodpass1');
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({ role: 'admin', name: 'Amal Admin' });
      expect(claims.exp! - claims.iat!).toBe(8 * 60 * 60);
      expect(decodeJwt(await signIn(app, 'karim@freshcart.test', 'typedpass1')).role).toBe('admin');
      shopperEmail = (await signUp(app, { password: 'shopper1' })).email;
    });

    // Promotion keeps the shopper's password and asks for none.
    const promoted = await admin(['create', shopperEmail]);
    expect(promoted.code, promoted.out).toBe(0);
    expect(promoted.out).toContain('is an admin now (password unchanged');

    const list = await admin(['list']);
    expect(list.out).toMatch(/admin\s+amal@freshcart\.test/);
    expect(list.out).toContain(shopperEmail);

    const demoted = await admin(['demote', 'karim@freshcart.test']);
    expect(demoted.code, demoted.out).toBe(0);

    await withApp(async (app, database) => {
      const token = await signIn(app, shopperEmail, 'shopper1');
      expect(decodeJwt(token).role).toBe('admin');
      const karim = await signIn(app, 'karim@freshcart.test', 'typedpass1');
      expect(json(await app.inject({ url: '/api/v1/audit-log', headers: { token: karim } })).message).toBe(
        'You are not allowed to perform this action',
      );
      const rows = await database.db.select().from(auditLog);
      expect(rows.map((r) => [r.action, r.actorId, r.actorEmail])).toEqual(
        expect.arrayContaining([
          ['account.create', null, 'command line (npm run admin)'],
          ['account.role', null, 'command line (npm run admin)'],
        ]),
      );
    });

    const usage = await admin(['promote']);
    expect(usage.code).toBe(2);
  });
});
