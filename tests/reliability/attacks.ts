// Attacks against the real server process, on PGlite and (with TEST_DATABASE_URL) on
// PostgreSQL: each is tried many times and "held" only if no try got through.
//   1. a burst of 60 concurrent reset-code guesses with the right code last (with and without the e-mail);
//   2. the cart grown while the payment is being made (add-to-cart racing the card form post);
//   3. 100 connections sending their body one byte at a time;
//   4. uncached catalogue reads (limit=1000, a new price bound each time) at 10 a second from five addresses
//      while a shopper reads the cached first page: its p95 must stay under 200 ms.
//   5. stock held hostage: 30 accounts from one address sending 100-unit cash orders at once, one account
//      "paying" 6 × 100 units on the hosted test page, one order for all of a small-stock product;
//   6. a stolen token guessing the password through changeMyPassword (16 at once, 60 in all, then the right one);
//   7. a stranger's 200 wrong sign-ins and 50 reset calls against one account, then the owner signs in and resets.
// Run alone with `npx tsx tests/reliability/attacks.ts`, or as part of `npm run test:reliability`.
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call } from './support/http';
import { dropPgDatabase, freshPgDatabase, startServer, type RunningServer } from './support/server-process';

export interface AttackResult {
  name: string;
  tries: number;
  /** Tries that got through (0 means the defence held). */
  breaches: number;
  detail: string;
}

export interface AttackStats {
  results: AttackResult[];
  serverErrors: number;
}

const password = 'secret123';
const testCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardName: 'A Tester' };
const requestTimeoutMs = 2_000;

async function signUp(base: string, n: number): Promise<{ token: string; email: string }> {
  const email = `attack-${Date.now().toString(36)}-${n}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await call<{ token: string }>(base, 'POST', '/auth/signup', {
    body: { name: 'Attack Tester', email, password, rePassword: password, phone: '01012345678' },
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, email };
}

async function mailedCode(base: string, email: string): Promise<string> {
  const asked = await call(base, 'POST', '/auth/forgotPasswords', { body: { email } });
  if (asked.status !== 200) throw new Error(`forgotPasswords: ${asked.status}`);
  const box = await call<{ data: { text: string }[] }>(
    base,
    'GET',
    `/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  const code = /reset code is: (\d+)/.exec(box.body.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no reset code in the outbox');
  return code;
}

async function guessBurst(
  base: string,
  runs: number,
  count: (status: number) => void,
): Promise<AttackResult> {
  let breaches = 0;
  let tries = 0;
  for (let run = 0; run < runs; run++) {
    const s = await signUp(base, run);
    for (const withEmail of [true, false]) {
      const code = await mailedCode(base, s.email);
      const wrong = (n: number) => String((Number(code) + n) % 10 ** code.length).padStart(code.length, '0');
      const guesses = Array.from({ length: 60 }, (_, i) => (i === 59 ? code : wrong(i + 1)));
      const answers = await Promise.all(
        guesses.map((resetCode) =>
          call(base, 'POST', '/auth/verifyResetCode', {
            body: withEmail ? { resetCode, email: s.email } : { resetCode },
          }),
        ),
      );
      answers.forEach((a) => count(a.status));
      tries++;
      if (answers.some((a) => a.status === 200)) breaches++;
    }
  }
  return {
    name: 'reset-code burst (60 concurrent guesses, right code last)',
    tries,
    breaches,
    detail: `${breaches} of ${tries} bursts verified`,
  };
}

async function cartGrowsDuringPayment(
  base: string,
  rounds: number,
  count: (status: number) => void,
): Promise<AttackResult> {
  const list = await call<{ data: { _id: string }[] }>(base, 'GET', '/products?limit=40');
  const ids = list.body.data.map((p) => p._id);
  let wrong = 0;
  let paid = 0;
  for (let round = 0; round < rounds; round++) {
    const s = await signUp(base, 1000 + round);
    const cheap = ids[round % ids.length]!;
    const dear = ids[(round + 7) % ids.length]!;
    const added = await call<{ cartId: string }>(base, 'POST', '/cart', {
      token: s.token,
      body: { productId: cheap },
    });
    const opened = await call<{ session: { id: string; amount_total: number } }>(
      base,
      'POST',
      `/orders/checkout-session/${added.body.cartId}?url=${encodeURIComponent(`${base}/#`)}`,
      {
        token: s.token,
        body: { shippingAddress: { details: 'Street 1', phone: '01012345678', city: 'Cairo' } },
      },
    );
    if (opened.status !== 200)
      throw new Error(`checkout-session: ${opened.status} ${JSON.stringify(opened.body)}`);
    const { id, amount_total } = opened.body.session;
    const page = await (await fetch(`${base}/pay/${id}`)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const form = new URLSearchParams({ ...testCard, csrf });
    const pay = fetch(`${base}/pay/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: form.toString(),
      redirect: 'manual',
    }).then((r) => count(r.status));
    const grow = Array.from({ length: 6 }, () =>
      call(base, 'POST', '/cart', { token: s.token, body: { productId: dear } }).then((a) => count(a.status)),
    );
    await Promise.all([pay, ...grow]);
    const me = JSON.parse(Buffer.from(s.token.split('.')[1] ?? '', 'base64url').toString()) as { id: string };
    const orders = await call<Array<{ totalOrderPrice: number; isPaid: boolean }>>(
      base,
      'GET',
      `/orders/user/${me.id}`,
      {
        token: s.token,
      },
    );
    for (const o of orders.body) {
      if (!o.isPaid) continue;
      paid++;
      if (Math.round(o.totalOrderPrice * 100) !== amount_total) wrong++;
    }
  }
  return {
    name: 'cart grows while the card payment is made',
    tries: rounds,
    breaches: wrong,
    detail: `${wrong} of ${paid} paid orders differ from the amount paid (${rounds} rounds)`,
  };
}

/** What unpaid cash and test-paid orders may hold (docs/security.md). */
async function stockHoarding(base: string, count: (status: number) => void): Promise<AttackResult> {
  const perAddress = 300;
  const list = await call<{ data: { _id: string; quantity: number }[] }>(base, 'GET', '/products?limit=200');
  const roomy = list.body.data.filter((p) => p.quantity >= 200).map((p) => p._id);
  const smallest = [...list.body.data].sort((a, b) => a.quantity - b.quantity)[0];
  if (roomy.length < 10 || !smallest || smallest.quantity > 50)
    throw new Error('stock hoarding: the seeded catalogue has not the products this attack needs');
  // Each attacker is another client behind the trusted proxy (TRUST_PROXY=127.0.0.1), with its own phone
  // and shipping address, so only the cap under attack is shared.
  const as = (ip: string) => ({ 'x-forwarded-for': ip });
  const shipping = (n: number) => ({
    details: `${n} Hoard Street`,
    phone: `0101${String(n).padStart(7, '0')}`,
    city: 'Cairo',
  });
  const fill = async (token: string, lines: [string, number][]) => {
    let cartId = '';
    for (const [productId, units] of lines) {
      const added = await call<{ cartId: string }>(base, 'POST', '/cart', { token, body: { productId } });
      count(added.status);
      cartId = added.body.cartId;
      count((await call(base, 'PUT', `/cart/${productId}`, { token, body: { count: units } })).status);
    }
    return cartId;
  };
  const hundred = (n: number): [string, number][] =>
    Array.from({ length: 10 }, (_, j) => [roomy[(n * 10 + j) % roomy.length]!, 10]);

  // 30 accounts (one address's sign-up budget) order 100 units each, all at once.
  const flooders = await Promise.all(Array.from({ length: 30 }, (_, i) => signUp(base, 2000 + i)));
  const carts = await Promise.all(flooders.map((s, i) => fill(s.token, hundred(i))));
  const flood = await Promise.all(
    flooders.map((s, i) =>
      call(base, 'POST', `/orders/${carts[i]}`, {
        token: s.token,
        headers: as('203.0.113.25'),
        body: { shippingAddress: shipping(2000 + i) },
      }),
    ),
  );
  flood.forEach((a) => count(a.status));
  const flooded = flood.filter((a) => a.status === 201).length * 100;

  // One account "pays" 6 × 100 units on the hosted test page.
  const payer = await signUp(base, 3000);
  let paidUnits = 0;
  for (let n = 0; n < 6; n++) {
    const cartId = await fill(payer.token, hundred(40 + n));
    const opened = await call<{ session: { id: string } }>(
      base,
      'POST',
      `/orders/checkout-session/${cartId}?url=${encodeURIComponent(`${base}/#`)}`,
      { token: payer.token, headers: as('203.0.113.26'), body: { shippingAddress: shipping(3000 + n) } },
    );
    count(opened.status);
    if (opened.status !== 200) {
      await call(base, 'DELETE', '/cart', { token: payer.token });
      continue;
    }
    const { id } = opened.body.session;
    const page = await (await fetch(`${base}/pay/${id}`)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const paid = await fetch(`${base}/pay/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ ...testCard, csrf }).toString(),
      redirect: 'manual',
    });
    count(paid.status);
    if (paid.status === 303) paidUnits += 100;
  }

  // One order for the whole stock of the smallest product.
  const taker = await signUp(base, 3100);
  const cartId = await fill(taker.token, [[smallest._id, smallest.quantity]]);
  const took = await call(base, 'POST', `/orders/${cartId}`, {
    token: taker.token,
    headers: as('203.0.113.27'),
    body: { shippingAddress: shipping(3100) },
  });
  count(took.status);

  const breaches = [flooded > perAddress, paidUnits > perAddress, took.status === 201].filter(Boolean).length;
  return {
    name: 'stock held by unpaid and test-paid orders',
    tries: 3,
    breaches,
    detail:
      `30 accounts from one address held ${flooded} of 3,000 units (cap ${perAddress}); ` +
      `one account test-paid ${paidUnits} of 600 units; ` +
      `one order for all ${smallest.quantity} units of a product: ${took.status === 201 ? 'placed' : 'refused'}`,
  };
}

function slowBody(port: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => socket.destroy(), 30_000);
    socket.on('connect', () => {
      socket.write(
        'POST /api/v1/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      );
      timer = setInterval(() => socket.writable && socket.write('a'), 500);
    });
    socket.on('data', (c) => (answer += c.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - t0, answer });
    });
  });
}

async function slowBodies(server: RunningServer, port: number): Promise<AttackResult> {
  const clients = Array.from({ length: 100 }, () => slowBody(port));
  // The server keeps answering others meanwhile.
  await new Promise((r) => setTimeout(r, 500));
  const health = await call(server.url, 'GET', '/health', { timeoutMs: 5_000 });
  const results = await Promise.all(clients);
  const held = results.filter((r) => r.closedAfterMs > requestTimeoutMs + 5_000).length;
  const not408 = results.filter((r) => !r.answer.startsWith('HTTP/1.1 408')).length;
  return {
    name: 'slow bodies (100 connections, one byte every 0.5 s)',
    tries: results.length,
    breaches: held + (health.status === 200 ? 0 : 1),
    detail:
      `${held} connections held past ${(requestTimeoutMs + 5_000) / 1000} s, ${not408} closed without a 408, ` +
      `/health during the run: ${health.status}, slowest closed after ${Math.max(...results.map((r) => r.closedAfterMs))} ms`,
  };
}

async function uncachedFlood(
  base: string,
  seconds: number,
  count: (status: number) => void,
): Promise<AttackResult> {
  const cached = '/products?page=1&limit=24';
  await call(base, 'GET', cached);
  const statuses: Record<number, number> = {};
  const flood: Array<Promise<void>> = [];
  let n = 0;
  const timer = setInterval(() => {
    const i = n++;
    const keyword = i % 2 ? '&keyword=gitar' : '';
    flood.push(
      call(base, 'GET', `/products?limit=1000${keyword}&price[lte]=${100_000 + i}`, {
        headers: { 'x-forwarded-for': `198.51.100.${(i % 5) + 1}` },
      }).then((r) => {
        count(r.status);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }),
    );
  }, 100);
  const latencies: number[] = [];
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const t0 = performance.now();
    const r = await call(base, 'GET', cached, { timeoutMs: 10_000 });
    latencies.push(performance.now() - t0);
    count(r.status);
    if (r.status !== 200) failed++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  clearInterval(timer);
  await Promise.all(flood);
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1] ?? 0;
  return {
    name: `uncached catalogue reads, 10 a second from 5 addresses for ${seconds} s`,
    tries: latencies.length,
    breaches: failed + (p95 < 200 ? 0 : latencies.filter((ms) => ms >= 200).length),
    detail:
      `cached list p95 ${p95.toFixed(0)} ms over ${latencies.length} reads (${failed} not 200); ` +
      `flood answers ${JSON.stringify(statuses)}`,
  };
}

/**
 * A stolen token guesses the password through changeMyPassword: 16 wrong checks at once, 44 more one by one, then
 * the right one. Held when only 10 are ever checked (the rest 429) and the right password is refused too.
 */
async function stolenTokenGuessing(base: string, count: (status: number) => void): Promise<AttackResult> {
  const victim = await signUp(base, 9_001);
  const guess = (i: number, currentPassword: string) =>
    call(base, 'PUT', '/users/changeMyPassword', {
      token: victim.token,
      body: { currentPassword, password: 'taken0ver', rePassword: 'taken0ver' },
      headers: { 'x-forwarded-for': `203.0.113.${(i % 50) + 1}` },
    });
  const statuses: number[] = [];
  const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => guess(i, `wrong-${i}`)));
  statuses.push(...burst.map((a) => a.status));
  for (let i = 16; i < 60; i++) statuses.push((await guess(i, `wrong-${i}`)).status);
  const right = await guess(60, password);
  for (const s of [...statuses, right.status]) count(s);
  const checked = statuses.filter((s) => s === 401).length;
  return {
    name: 'stolen token guessing the password (16 at once, 60 in all, then the right one)',
    tries: 61,
    breaches: Math.max(0, checked - 10) + (right.status === 200 ? 1 : 0),
    detail: `${checked} checked, ${statuses.filter((s) => s === 429).length} × 429; the right password answered ${right.status}`,
  };
}

/**
 * A stranger spends everything a stranger can on one account: 200 wrong sign-ins from 20 addresses and 50 reset
 * calls (codes asked, wrong codes, resets without a code). Held when the owner's browser (which signed in before)
 * still signs in, and the owner still resets the password with the mailed code.
 */
async function ownerLockout(base: string, count: (status: number) => void): Promise<AttackResult> {
  const owner = await signUp(base, 9_002);
  const ownerIp = { 'x-forwarded-for': '192.0.2.10' };
  const first = await fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ownerIp },
    body: JSON.stringify({ email: owner.email, password }),
  });
  await first.text();
  const device = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
  const stranger = (i: number) => ({ 'x-forwarded-for': `198.18.${i % 20}.7` });
  for (let i = 0; i < 200; i++) {
    const r = await call(base, 'POST', '/auth/signin', {
      body: { email: owner.email, password: `guess-${i}` },
      headers: stranger(i),
    });
    count(r.status);
  }
  for (let i = 0; i < 50; i++) {
    const r =
      i % 3 === 0
        ? await call(base, 'POST', '/auth/forgotPasswords', {
            body: { email: owner.email },
            headers: stranger(i),
          })
        : i % 3 === 1
          ? await call(base, 'POST', '/auth/verifyResetCode', {
              body: { email: owner.email, resetCode: String(1_000_000_000 + i) },
              headers: stranger(i),
            })
          : await call(base, 'PUT', '/auth/resetPassword', {
              body: { email: owner.email, newPassword: 'hijacked1' },
              headers: stranger(i),
            });
    count(r.status);
  }
  const mine = { ...ownerIp, cookie: device };
  const signin = await call(base, 'POST', '/auth/signin', {
    body: { email: owner.email, password },
    headers: mine,
  });
  const code = await mailedCode(base, owner.email);
  const verified = await call<{ resetToken: string }>(base, 'POST', '/auth/verifyResetCode', {
    body: { email: owner.email, resetCode: code },
    headers: mine,
  });
  const reset = await call(base, 'PUT', '/auth/resetPassword', {
    body: { email: owner.email, newPassword: 'mine12345', resetToken: verified.body.resetToken },
    headers: mine,
  });
  for (const s of [signin.status, verified.status, reset.status]) count(s);
  return {
    name: "a stranger's 200 sign-ins and 50 reset calls, then the owner",
    tries: 2,
    breaches: (signin.status === 200 ? 0 : 1) + (reset.status === 200 ? 0 : 1),
    detail: `device cookie ${device ? 'kept' : 'missing'}; owner's sign-in ${signin.status}, verify ${verified.status}, reset ${reset.status}`,
  };
}

export async function attacks(): Promise<AttackStats> {
  const results: AttackResult[] = [];
  let serverErrors = 0;
  const count = (status: number) => {
    if (status >= 500) serverErrors++;
  };
  const databases: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  for (const [i, kind] of databases.entries()) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'reliability-attacks-'));
    const dbName = `reliability_attacks_${process.pid}`;
    const databaseUrl =
      kind === 'postgres' ? await freshPgDatabase(process.env.TEST_DATABASE_URL!, dbName) : undefined;
    const port = 3760 + i;
    const server = await startServer({
      label: `attacks-${kind}`,
      port,
      dataDir,
      databaseUrl,
      // The checkout returns to the shop's own origin: the address the attacks call.
      // TRUST_PROXY: the flood and the stock hoarding come from several client addresses through a local proxy
      // (their X-Forwarded-For); the uncached-read budget is on.
      env: {
        REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        TRUST_PROXY: '127.0.0.1',
        CATALOGUE_UNCACHED_PER_MINUTE: '60',
      },
    });
    try {
      for (const r of [
        await guessBurst(server.url, 10, count),
        await cartGrowsDuringPayment(server.url, 25, count),
        await slowBodies(server, port),
        await uncachedFlood(server.url, 20, count),
        await stockHoarding(server.url, count),
        await stolenTokenGuessing(server.url, count),
        await ownerLockout(server.url, count),
      ]) {
        results.push({ ...r, name: `${r.name} on ${kind}` });
      }
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
      if (databaseUrl) await dropPgDatabase(process.env.TEST_DATABASE_URL!, dbName);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { results, serverErrors };
}

export function printAttackStats(stats: AttackStats): void {
  for (const r of stats.results) console.log(`  ${r.breaches === 0 ? '✓' : '✗'} ${r.name}: ${r.detail}`);
}

if (require.main === module) {
  attacks()
    .then((stats) => {
      printAttackStats(stats);
      const held = stats.results.filter((r) => r.breaches === 0).length;
      console.log(`attacks tried / held: ${stats.results.length} / ${held}, 5xx ${stats.serverErrors}`);
      process.exit(held === stats.results.length && stats.serverErrors === 0 ? 0 : 1);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
