// `npm run admin -- create EMAIL [--name NAME] [--phone PHONE] [--reset-password]`: makes a new admin, or
// promotes the account with this e-mail (its password kept unless --reset-password). The password comes from
// ADMIN_PASSWORD, or is typed at a hidden prompt. `npm run admin -- demote EMAIL` makes an admin or staff member a
// shopper again; `npm run admin -- list` shows the staff. Same configuration as the server (DATABASE_URL or the
// PGlite folder in DATA_DIR); every change is in the audit log.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { loadConfig } from '../server/config';
import { openShopDatabase } from '../server/db/client';
import { commandLine } from '../server/modules/audit';
import {
  AccountRuleError,
  accountWithEmail,
  demoteAccount,
  makeAdmin,
  staffAccounts,
} from '../server/modules/staff';

const usage = `Usage:
  npm run admin -- create EMAIL [--name NAME] [--phone PHONE] [--reset-password]
      a new admin (password from ADMIN_PASSWORD, or typed), or the account with this e-mail promoted to admin
  npm run admin -- demote EMAIL
      an admin or staff member becomes a shopper again
  npm run admin -- list
      the staff and admin accounts`;

function option(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return args[i]!.includes('=') ? args[i]!.slice(name.length + 1) : args[i + 1];
}

/** A line typed without echo (or read from a pipe). */
async function hiddenLine(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  try {
    process.stdout.write(prompt);
    muted = true;
    const line = await rl.question('');
    return line;
  } finally {
    muted = false;
    if (process.stdin.isTTY) process.stdout.write('\n');
    rl.close();
  }
}

async function password(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const first = await hiddenLine('Password for the admin account: ');
  if (process.stdin.isTTY && (await hiddenLine('The same password again: ')) !== first) {
    throw new AccountRuleError('The two passwords differ');
  }
  return first;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const email = args.find((a, i) => !a.startsWith('--') && !(i > 0 && /^--(name|phone)$/.test(args[i - 1]!)));
  if (!command || !['create', 'demote', 'list'].includes(command) || (command !== 'list' && !email)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openShopDatabase(config);
  try {
    await database.migrate();
    const db = database.db;
    if (command === 'list') {
      for (const a of await staffAccounts(db)) console.log(`${a.role.padEnd(5)}  ${a.email}  (${a.name})`);
      return 0;
    }
    if (command === 'demote') {
      const done = await demoteAccount(db, commandLine, email!);
      console.log(done ? `${email} is a shopper now.` : `${email} has no staff powers (or no account).`);
      return done ? 0 : 1;
    }
    const resetPassword = args.includes('--reset-password');
    const existing = await accountWithEmail(db, email!);
    const outcome = await makeAdmin(db, commandLine, {
      email: email!,
      name: option(args, '--name'),
      phone: option(args, '--phone'),
      resetPassword,
      ...(!existing || resetPassword ? { password: await password() } : {}),
    });
    const said = {
      created: `Created the admin account ${email}.`,
      promoted: `${email} is an admin now (password unchanged${resetPassword ? '' : '; --reset-password sets a new one'}).`,
      'already admin': `${email} was an admin already${resetPassword ? '; its password is changed' : ''}.`,
    }[outcome];
    console.log(`${said} Sign in with POST /api/v1/auth/signin; staff sessions last 8 hours.`);
    return 0;
  } catch (err) {
    if (err instanceof AccountRuleError) {
      console.error(`Refused: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
