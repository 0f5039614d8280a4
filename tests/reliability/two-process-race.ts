// Concurrency on PostgreSQL: two server processes (two ports) on one fresh database, hammered at once.
// Every scenario ends with exact counts, and no request may get a 5xx.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx tests/reliability/two-process-race.ts
import { rmSync } from 'node:fs';
import pg from 'pg';
import { cartSummary } from '@/lib/rules/cart-summary';
import { call, type Answer } from './support/http';
import { dropPgDatabase, freshPgDatabase, startServer, type RunningServer } from './support/server-process';

export interface RaceStats {
  scenarios: number;
  requests: number;
  serverErrors: number;
  failures: string[];
}

const address = { details: '3 Tahrir Square', phone: '01112345678', city: 'Giza' };
const password = 'Race!pass1';

interface Shopper {
  token: string;
  userId: string;
}

interface Product {
  _id: string;
  title: string;
  quantity: number;
  sold: number;
  price: number;
}

class Race {
  readonly stats: RaceStats = { scenarios: 0, requests: 0, serverErrors: 0, failures: [] };
  private n = 0;

  constructor(
    private readonly servers: [RunningServer, RunningServer],
    private readonly sql: pg.Client,
  ) {}

  /** Alternates between the two processes, so every race spans both. */
  private base(i: number): string {
    return this.servers[i % 2]!.url;
  }

  private check(ok: boolean, message: string) {
    if (!ok) this.stats.failures.push(message);
  }

  private async send<T>(
    i: number,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<Answer<T>> {
    const res = await call<T>(this.base(i), method, path, { token, body });
    this.stats.requests++;
    if (res.status === 0 || res.status >= 500) {
      this.stats.serverErrors++;
      this.stats.failures.push(
        `${method} ${path}: ${res.status || res.networkError} ${JSON.stringify(res.body).slice(0, 200)}`,
      );
    }
    return res;
  }

  private async shopper(): Promise<Shopper> {
    const email = `race-${Date.now().toString(36)}-${++this.n}@example.com`;
    const res = await this.send<{ token: string }>(this.n, 'POST', '/auth/signup', undefined, {
      name: 'Race Tester',
      email,
      password,
      rePassword: password,
      phone: '01012345678',
    });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
    return {
      token: res.body.token,
      userId: JSON.parse(Buffer.from(res.body.token.split('.')[1] ?? '', 'base64url').toString()).id,
    };
  }

  private async products(): Promise<Product[]> {
    const res = await this.send<{ data: Product[] }>(
      0,
      'GET',
      '/products?limit=1000&fields=title,quantity,sold,price',
    );
    return res.body.data;
  }

  private async stockOf(id: string) {
    const { rows } = await this.sql.query<{ quantity: number; sold: number }>(
      'select quantity, sold from products where id = $1',
      [id],
    );
    return rows[0]!;
  }

  private async ordersOf(s: Shopper) {
    const res = await this.send<
      Array<{
        id: number;
        totalOrderPrice: number;
        paymentMethodType: string;
        isPaid: boolean;
        cartItems: Array<{ count: number; price: number; product: { _id: string } }>;
      }>
    >(0, 'GET', `/orders/user/${s.userId}`, s.token);
    return Array.isArray(res.body) ? res.body : [];
  }

  async run() {
    const all = await this.products();
    const byStock = [...all].sort((a, b) => b.quantity - a.quantity);
    await this.concurrentAdds(byStock[0]!, byStock[1]!, byStock[2]!);
    await this.lastUnits(byStock[3]!);
    await this.doubleOrder(byStock[4]!);
    await this.cartEditedDuringOrder(byStock[5]!, byStock[6]!);
    await this.paymentFulfilmentRace(byStock[7]!);
  }

  /** 40 adds of one product and 2×10 of two others, from both processes at once: counts 40, 10, 10. */
  private async concurrentAdds(p: Product, q: Product, r: Product) {
    this.stats.scenarios++;
    const s = await this.shopper();
    const jobs: Array<Promise<Answer>> = [];
    for (let i = 0; i < 40; i++) jobs.push(this.send(i, 'POST', '/cart', s.token, { productId: p._id }));
    for (let i = 0; i < 10; i++) jobs.push(this.send(i, 'POST', '/cart', s.token, { productId: q._id }));
    for (let i = 0; i < 10; i++) jobs.push(this.send(i + 1, 'POST', '/cart', s.token, { productId: r._id }));
    const answers = await Promise.all(jobs);
    this.check(
      answers.every((a) => a.status === 200),
      `concurrent adds: statuses ${[...new Set(answers.map((a) => a.status))].join(',')}`,
    );
    const cart = await this.send<{
      numOfCartItems: number;
      data: { products: Array<{ count: number; product: { _id: string } }> };
    }>(1, 'GET', '/cart', s.token);
    const counts = new Map(cart.body.data.products.map((l) => [l.product._id, l.count]));
    this.check(
      cart.body.numOfCartItems === 3,
      `concurrent adds: ${cart.body.numOfCartItems} lines, expected 3`,
    );
    this.check(
      counts.get(p._id) === 40 && counts.get(q._id) === 10 && counts.get(r._id) === 10,
      `concurrent adds: counts ${JSON.stringify([...counts])}`,
    );
  }

  /** Stock 3, ten shoppers with one unit each order at once: exactly 3 orders, stock 0, sold +3. */
  private async lastUnits(p: Product) {
    this.stats.scenarios++;
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => this.shopper()));
    const cartIds: string[] = [];
    for (const [i, s] of shoppers.entries()) {
      const res = await this.send<{ cartId: string }>(i, 'POST', '/cart', s.token, { productId: p._id });
      cartIds.push(res.body.cartId);
    }
    await this.sql.query('update products set quantity = 3 where id = $1', [p._id]);
    const before = await this.stockOf(p._id);
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        this.send(i, 'POST', `/orders/${cartIds[i]}`, s.token, { shippingAddress: address }),
      ),
    );
    const created = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter(
      (a) => a.status === 400 && /Insufficient stock/.test(JSON.stringify(a.body)),
    ).length;
    const after = await this.stockOf(p._id);
    this.check(
      created === 3 && refused === 7,
      `last units: ${created} orders, ${refused} refused (statuses ${answers.map((a) => a.status).join(',')})`,
    );
    this.check(
      after.quantity === 0 && after.sold === before.sold + 3,
      `last units: stock ${after.quantity}, sold +${after.sold - before.sold}`,
    );
    // The refused shoppers keep their carts.
    let kept = 0;
    for (const [i, s] of shoppers.entries()) {
      if (answers[i]!.status !== 400) continue;
      const cart = await this.send<{ numOfCartItems: number }>(i, 'GET', '/cart', s.token);
      if (cart.status === 200 && cart.body.numOfCartItems === 1) kept++;
    }
    this.check(kept === 7, `last units: ${kept} of 7 refused shoppers still have their cart`);
  }

  /** The same cash order sent 6 times to both processes at once: one order, stock taken once. */
  private async doubleOrder(p: Product) {
    this.stats.scenarios++;
    const s = await this.shopper();
    await this.send(0, 'POST', '/cart', s.token, { productId: p._id });
    const added = await this.send<{ cartId: string }>(1, 'POST', '/cart', s.token, { productId: p._id });
    const before = await this.stockOf(p._id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        this.send<{ data: { id: number } }>(i, 'POST', `/orders/${added.body.cartId}`, s.token, {
          shippingAddress: address,
        }),
      ),
    );
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.data.id));
    const orders = await this.ordersOf(s);
    const after = await this.stockOf(p._id);
    this.check(orders.length === 1, `double order: ${orders.length} orders`);
    this.check(
      ids.size === 1,
      `double order: answers name ${ids.size} different orders (statuses ${answers.map((a) => a.status).join(',')})`,
    );
    this.check(
      before.quantity - after.quantity === 2,
      `double order: stock went down by ${before.quantity - after.quantity}, expected 2`,
    );
  }

  /** An order placed while the cart is being added to: every add ends up in the order or in the new cart. */
  private async cartEditedDuringOrder(p: Product, q: Product) {
    this.stats.scenarios++;
    const s = await this.shopper();
    const first = await this.send<{ cartId: string }>(0, 'POST', '/cart', s.token, { productId: p._id });
    await this.send(1, 'PUT', `/cart/${p._id}`, s.token, { count: 2 });
    const before = { p: await this.stockOf(p._id), q: await this.stockOf(q._id) };
    const adds: Array<Promise<Answer>> = [];
    const order = this.send<{ data: { id: number } }>(0, 'POST', `/orders/${first.body.cartId}`, s.token, {
      shippingAddress: address,
    });
    for (let i = 0; i < 6; i++)
      adds.push(this.send(i + 1, 'POST', '/cart', s.token, { productId: i % 2 ? q._id : p._id }));
    const [placed, ...added] = await Promise.all([order, ...adds]);
    this.check(placed!.status === 201, `edit during order: order answered ${placed!.status}`);
    this.check(
      added.every((a) => a.status === 200),
      `edit during order: adds answered ${added.map((a) => a.status).join(',')}`,
    );
    const orders = await this.ordersOf(s);
    const cart = await this.send<{ data: { products: Array<{ count: number; product: { _id: string } }> } }>(
      1,
      'GET',
      '/cart',
      s.token,
    );
    const inOrder = new Map((orders[0]?.cartItems ?? []).map((l) => [l.product._id, l.count]));
    const inCart = new Map(
      cart.status === 200 ? cart.body.data.products.map((l) => [l.product._id, l.count]) : [],
    );
    const totalP = (inOrder.get(p._id) ?? 0) + (inCart.get(p._id) ?? 0);
    const totalQ = (inOrder.get(q._id) ?? 0) + (inCart.get(q._id) ?? 0);
    this.check(orders.length === 1, `edit during order: ${orders.length} orders`);
    this.check(
      totalP === 5 && totalQ === 3,
      `edit during order: p ${totalP} (expected 2+3), q ${totalQ} (expected 3); order ${JSON.stringify([...inOrder])}, cart ${JSON.stringify([...inCart])}`,
    );
    const o = orders[0];
    if (o) {
      const sum = o.cartItems.reduce((t, l) => t + l.count * l.price, 0);
      this.check(
        o.totalOrderPrice === cartSummary(sum).total,
        `edit during order: order total ${o.totalOrderPrice} ≠ summary of its lines ${cartSummary(sum).total}`,
      );
    }
    const after = { p: await this.stockOf(p._id), q: await this.stockOf(q._id) };
    this.check(
      before.p.quantity - after.p.quantity === (inOrder.get(p._id) ?? 0) &&
        before.q.quantity - after.q.quantity === (inOrder.get(q._id) ?? 0),
      `edit during order: stock taken does not match the order lines`,
    );
  }

  /** One checkout session paid 8 times at once through both processes: one paid card order. */
  private async paymentFulfilmentRace(p: Product) {
    this.stats.scenarios++;
    const s = await this.shopper();
    const added = await this.send<{ cartId: string }>(0, 'POST', '/cart', s.token, { productId: p._id });
    const session = await this.send<{ session: { id: string; url: string } }>(
      1,
      'POST',
      `/orders/checkout-session/${added.body.cartId}?url=${encodeURIComponent('http://localhost:3000/ecommerceweb/#')}`,
      s.token,
      { shippingAddress: address },
    );
    if (session.status !== 200) {
      this.stats.failures.push(
        `payment race: checkout session ${session.status} ${JSON.stringify(session.body)}`,
      );
      return;
    }
    const id = session.body.session.id;
    const page = await fetch(`${this.base(0)}/pay/${id}`).then((r) => r.text());
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
    this.check(Boolean(csrf), 'payment race: no form token on the payment page');
    const before = await this.stockOf(p._id);
    const form = new URLSearchParams({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
      cardName: 'Race Tester',
      csrf: csrf ?? '',
    });
    const posts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${this.base(i)}/pay/${id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          redirect: 'manual',
        }).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    this.stats.requests += posts.length;
    const bad = posts.filter((st) => st === 0 || st >= 500);
    this.stats.serverErrors += bad.length;
    this.check(
      posts.every((st) => st === 303),
      `payment race: answers ${posts.join(',')}`,
    );
    const orders = await this.ordersOf(s);
    const after = await this.stockOf(p._id);
    this.check(
      orders.length === 1 && orders[0]?.paymentMethodType === 'card' && orders[0]?.isPaid === true,
      `payment race: ${orders.length} orders`,
    );
    this.check(
      before.quantity - after.quantity === 1,
      `payment race: stock went down by ${before.quantity - after.quantity}`,
    );
    const cart = await this.send(0, 'GET', '/cart', s.token);
    this.check(cart.status === 404, `payment race: cart not consumed (${cart.status})`);
  }
}

export async function twoProcessRace(
  log: (line: string) => void = console.log,
): Promise<RaceStats | undefined> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    log('two-process race: TEST_DATABASE_URL not set, skipped (it needs PostgreSQL)');
    return undefined;
  }
  const dbName = 'reliability_race';
  const url = await freshPgDatabase(baseUrl, dbName);
  const dir = '/tmp/reliability-race';
  rmSync(dir, { recursive: true, force: true });
  // The first process migrates and seeds; the second starts on the ready database (as a rolling deploy would).
  const a = await startServer({ label: 'race-a', port: 3700, dataDir: `${dir}/a`, databaseUrl: url });
  const b = await startServer({ label: 'race-b', port: 3701, dataDir: `${dir}/b`, databaseUrl: url });
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const race = new Race([a, b], sql);
  try {
    await race.run();
  } finally {
    await sql.end();
    a.proc.kill('SIGTERM');
    b.proc.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);
    await dropPgDatabase(baseUrl, dbName);
  }
  return race.stats;
}

if (require.main === module) {
  twoProcessRace()
    .then((stats) => {
      if (stats) {
        console.log(
          `two-process race: ${stats.scenarios} scenarios, ${stats.requests} requests, 5xx ${stats.serverErrors}, failures ${stats.failures.length}`,
        );
        for (const f of stats.failures) console.log(`  ✗ ${f}`);
      }
      process.exit(stats && stats.failures.length > 0 ? 1 : 0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
