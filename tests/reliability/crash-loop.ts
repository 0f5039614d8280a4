// Crash safety: the real server process under load from several clients is killed with SIGKILL at
// random moments and restarted; after every restart each acknowledged write must be there and nothing
// may be half-done. Runs on a PGlite data folder and, when TEST_DATABASE_URL is set, on a fresh
// PostgreSQL database. Ends with a SIGTERM while requests are in flight: all of them must be answered.
//
//   npx tsx tests/reliability/crash-loop.ts            (CRASH_KILLS=20 per database, CRASH_SEED=<n>)
import { rmSync } from 'node:fs';
import { cartSummary } from '@/lib/rules/cart-summary';
import { maxOpenUnpaidOrders, tooManyOpenOrders } from '@/server/modules/orders/limits';
import { call, type Answer } from './support/http';
import { dropPgDatabase, freshPgDatabase, startServer, type RunningServer } from './support/server-process';
import { mulberry32, type Rng } from './support/rng';

interface CartLine {
  count: number;
  price: number;
}
type CartState = Map<string, CartLine>;

interface KnownOrder {
  id: number;
  totalOrderPrice: number;
  lines: Map<string, number>;
}

/** Something sent whose answer never came: after the restart it must be all-or-nothing. */
type Pending =
  | { kind: 'signup' }
  | { kind: 'add'; productId: string; before: CartState }
  | { kind: 'set'; productId: string; count: number; before: CartState }
  | { kind: 'remove'; productId: string; before: CartState }
  | { kind: 'order'; before: CartState };

interface Shopper {
  email: string;
  password: string;
  token?: string;
  userId?: string;
  exists: boolean;
  cart: CartState;
  cartId?: string;
  orders: Map<number, KnownOrder>;
  pending?: Pending;
  /** Acknowledged writes not yet checked after a restart. */
  unverifiedAcks: number;
  needsSignin: boolean;
}

interface Product {
  _id: string;
  title: string;
  quantity: number;
  sold: number;
  price: number;
}

export interface CrashStats {
  database: string;
  kills: number;
  writesAcknowledged: number;
  writesFound: number;
  /** Writes whose answer was lost to a kill; each was found either whole or not at all. */
  writesInDoubt: number;
  serverErrors: number;
  failures: string[];
  gracefulInFlight: number;
  gracefulAnswered: number;
  /** Of those, answered after the SIGTERM was sent (so they really were in flight). */
  gracefulAfterTerm: number;
}

const password = 'Reliab1e!pass';
const address = { details: '12 Nile Street, flat 4', phone: '01012345678', city: 'Cairo' };

function cloneCart(cart: CartState): CartState {
  return new Map([...cart].map(([k, v]) => [k, { ...v }]));
}

function cartKey(cart: CartState): string {
  return [...cart]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, l]) => `${id}x${l.count}@${l.price}`)
    .join(',');
}

interface CartEnvelope {
  numOfCartItems: number;
  cartId: string;
  data: {
    products: Array<{ count: number; price: number; product: string | { _id: string } }>;
    totalCartPrice: number;
  };
}

function cartFromEnvelope(env: CartEnvelope, failures: string[], who: string): CartState {
  const cart: CartState = new Map();
  for (const line of env.data.products) {
    const id = typeof line.product === 'string' ? line.product : line.product._id;
    if (cart.has(id)) failures.push(`${who}: product ${id} appears on two cart lines`);
    cart.set(id, { count: line.count, price: line.price });
  }
  const total = env.data.products.reduce((s, l) => s + l.count * l.price, 0);
  if (env.numOfCartItems !== env.data.products.length)
    failures.push(`${who}: numOfCartItems ${env.numOfCartItems} ≠ ${env.data.products.length} lines`);
  if (env.data.totalCartPrice !== total)
    failures.push(`${who}: totalCartPrice ${env.data.totalCartPrice} ≠ Σ lines ${total}`);
  return cart;
}

class CrashRun {
  readonly stats: CrashStats;
  private readonly shoppers: Shopper[] = [];
  private products: Product[] = [];
  /** quantity + sold per product at the start: an invariant for as long as only orders move stock. */
  private readonly stockTotal = new Map<string, number>();
  private readonly initialSold = new Map<string, number>();
  private server?: RunningServer;
  private running = false;
  private emailCounter = 0;

  constructor(
    private readonly label: string,
    private readonly port: number,
    private readonly dataDir: string,
    private readonly databaseUrl: string | undefined,
    private readonly rng: Rng,
  ) {
    this.stats = {
      database: label,
      kills: 0,
      writesAcknowledged: 0,
      writesFound: 0,
      writesInDoubt: 0,
      serverErrors: 0,
      failures: [],
      gracefulInFlight: 0,
      gracefulAnswered: 0,
      gracefulAfterTerm: 0,
    };
  }

  private get base(): string {
    if (!this.server) throw new Error('server not running');
    return this.server.url;
  }

  private fail(message: string) {
    if (this.stats.failures.length < 50) this.stats.failures.push(`[${this.label}] ${message}`);
  }

  private note(answer: Answer, what: string) {
    if (answer.status >= 500) {
      this.stats.serverErrors++;
      this.fail(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
  }

  private async start(env?: Record<string, string>) {
    this.server = await startServer({
      label: `crash-${this.label}`,
      port: this.port,
      dataDir: this.dataDir,
      databaseUrl: this.databaseUrl,
      env,
    });
  }

  private async loadProducts(): Promise<Product[]> {
    const res = await call<{ data: Product[] }>(
      this.base,
      'GET',
      '/products?limit=1000&fields=title,quantity,sold,price',
    );
    if (res.status !== 200) throw new Error(`products: ${res.status}`);
    return res.body.data;
  }

  async run(kills: number): Promise<CrashStats> {
    await this.start();
    this.products = await this.loadProducts();
    for (const p of this.products) {
      this.stockTotal.set(p._id, p.quantity + p.sold);
      this.initialSold.set(p._id, p.sold);
    }
    // Orders draw from a handful of products, so some run short and the "never below zero" path is used too.
    this.products = this.products.slice(0, 8);
    // A pool of accounts made before the first kill, so every load window has carts and orders to work on.
    for (let i = 0; i < 12; i++) await this.step(this.newShopper());
    for (let round = 1; round <= kills; round++) {
      await this.load(300 + this.rng() * 2700);
      await this.killNow();
      // The last restart logs requests, so the SIGTERM test can tell when its requests have arrived.
      await this.start(round === kills ? { LOG_LEVEL: 'info' } : undefined);
      await this.verify(`after kill ${round}`);
    }
    await this.gracefulShutdown();
    await this.start();
    await this.verify('after SIGTERM');
    this.server?.proc.kill('SIGTERM');
    await this.server?.exited;
    return this.stats;
  }

  /** Clients drive traffic until the deadline; the kill happens while they are still sending. */
  private async load(ms: number) {
    this.running = true;
    const workers = Array.from({ length: 6 }, () => this.worker());
    await new Promise((r) => setTimeout(r, ms));
    this.running = false;
    // Requests still in flight are cut off by the kill that follows; workers stop at their next step.
    void Promise.all(workers);
    this.inFlight = workers;
  }

  private inFlight: Array<Promise<void>> = [];

  private async killNow() {
    const server = this.server;
    if (!server) return;
    server.proc.kill('SIGKILL');
    await server.exited;
    this.stats.kills++;
    await Promise.all(this.inFlight);
    this.inFlight = [];
    this.server = undefined;
  }

  private pickShopper(): Shopper | undefined {
    const ready = this.shoppers.filter((s) => s.exists && !s.pending && !busy.has(s));
    if (ready.length < 12 || this.rng() < 0.1) return this.newShopper();
    return ready[Math.floor(this.rng() * ready.length)];
  }

  private newShopper(): Shopper {
    const s: Shopper = {
      email: `crash-${this.label}-${Date.now().toString(36)}-${++this.emailCounter}@example.com`,
      password,
      exists: false,
      cart: new Map(),
      orders: new Map(),
      unverifiedAcks: 0,
      needsSignin: false,
    };
    this.shoppers.push(s);
    return s;
  }

  private async worker() {
    while (this.running) {
      const s = this.pickShopper();
      if (!s) continue;
      busy.add(s);
      try {
        const alive = await this.step(s);
        if (!alive) return;
      } finally {
        busy.delete(s);
      }
    }
  }

  /** One action for one shopper; false once the server stopped answering. */
  private async step(s: Shopper): Promise<boolean> {
    if (!s.token) {
      s.pending = { kind: 'signup' };
      const res = await call<{ token: string }>(this.base, 'POST', '/auth/signup', {
        body: {
          name: 'Crash Tester',
          email: s.email,
          password: s.password,
          rePassword: s.password,
          phone: '01012345678',
        },
      });
      if (res.status === 0) return false;
      this.note(res, 'signup');
      s.pending = undefined;
      if (res.status !== 201) {
        this.fail(`signup ${s.email}: ${res.status} ${JSON.stringify(res.body)}`);
        return true;
      }
      s.token = res.body.token;
      s.userId = JSON.parse(Buffer.from(s.token.split('.')[1] ?? '', 'base64url').toString()).id;
      s.exists = true;
      s.needsSignin = true;
      this.ack(s);
      return true;
    }
    const r = this.rng();
    const product = this.products[Math.floor(this.rng() * this.products.length)]!;
    if (r < 0.45 || s.cart.size === 0) {
      s.pending = { kind: 'add', productId: product._id, before: cloneCart(s.cart) };
      const res = await call<CartEnvelope>(this.base, 'POST', '/cart', {
        token: s.token,
        body: { productId: product._id },
      });
      if (res.status === 0) return false;
      this.note(res, 'add to cart');
      s.pending = undefined;
      if (res.status === 200) {
        s.cart = cartFromEnvelope(res.body, this.stats.failures, s.email);
        s.cartId = res.body.cartId;
        this.ack(s);
      } else if (res.status !== 400) this.fail(`add to cart: ${res.status} ${JSON.stringify(res.body)}`);
      return true;
    }
    const lineIds = [...s.cart.keys()];
    const lineId = lineIds[Math.floor(this.rng() * lineIds.length)]!;
    if (r < 0.62) {
      const count = 1 + Math.floor(this.rng() * 3);
      s.pending = { kind: 'set', productId: lineId, count, before: cloneCart(s.cart) };
      const res = await call<CartEnvelope>(this.base, 'PUT', `/cart/${lineId}`, {
        token: s.token,
        body: { count },
      });
      if (res.status === 0) return false;
      this.note(res, 'set count');
      s.pending = undefined;
      if (res.status === 200) {
        s.cart = cartFromEnvelope(res.body, this.stats.failures, s.email);
        this.ack(s);
      } else if (res.status !== 400) this.fail(`set count: ${res.status} ${JSON.stringify(res.body)}`);
      return true;
    }
    if (r < 0.7) {
      s.pending = { kind: 'remove', productId: lineId, before: cloneCart(s.cart) };
      const res = await call<CartEnvelope>(this.base, 'DELETE', `/cart/${lineId}`, { token: s.token });
      if (res.status === 0) return false;
      this.note(res, 'remove line');
      s.pending = undefined;
      if (res.status === 200) {
        s.cart = cartFromEnvelope(res.body, this.stats.failures, s.email);
        this.ack(s);
      } else this.fail(`remove line: ${res.status} ${JSON.stringify(res.body)}`);
      return true;
    }
    // Every order here is an unpaid cash order: a shopper with the most allowed must be refused.
    const atLimit = s.orders.size >= maxOpenUnpaidOrders;
    s.pending = { kind: 'order', before: cloneCart(s.cart) };
    const res = await call<{
      data: { id: number; totalOrderPrice: number; cartItems: Array<{ product: string; count: number }> };
    }>(this.base, 'POST', `/orders/${s.cartId}`, { token: s.token, body: { shippingAddress: address } });
    if (res.status === 0) return false;
    this.note(res, 'cash order');
    s.pending = undefined;
    if (res.status === 201) {
      if (atLimit) this.fail(`order accepted with ${s.orders.size} unpaid orders open`);
      const lines = new Map(res.body.data.cartItems.map((l) => [l.product, l.count]));
      s.orders.set(res.body.data.id, {
        id: res.body.data.id,
        totalOrderPrice: res.body.data.totalOrderPrice,
        lines,
      });
      const expected = cartSummary([...s.cart.values()].reduce((sum, l) => sum + l.count * l.price, 0)).total;
      if (res.body.data.totalOrderPrice !== expected)
        this.fail(`order total ${res.body.data.totalOrderPrice} ≠ cart summary ${expected}`);
      s.cart = new Map();
      s.cartId = undefined;
      this.ack(s);
    } else if (res.status !== 400) this.fail(`order: ${res.status} ${JSON.stringify(res.body)}`);
    else if (atLimit && (res.body as unknown as { message?: string }).message === tooManyOpenOrders)
      return true;
    else if (!/Insufficient stock/.test(JSON.stringify(res.body)))
      this.fail(`order refused: ${JSON.stringify(res.body)}`);
    return true;
  }

  private ack(s: Shopper) {
    this.stats.writesAcknowledged++;
    s.unverifiedAcks++;
  }

  private async fetchCart(s: Shopper): Promise<{ cart: CartState; cartId?: string } | undefined> {
    const res = await call<CartEnvelope>(this.base, 'GET', '/cart', { token: s.token });
    if (res.status === 404) return { cart: new Map() };
    if (res.status !== 200) {
      this.fail(`${s.email}: GET /cart ${res.status} ${JSON.stringify(res.body)}`);
      return undefined;
    }
    return { cart: cartFromEnvelope(res.body, this.stats.failures, s.email), cartId: res.body.cartId };
  }

  private async fetchOrders(s: Shopper) {
    const res = await call<
      Array<{
        id: number;
        totalOrderPrice: number;
        taxPrice: number;
        cartItems: Array<{ count: number; price: number; product: { _id: string } | string }>;
      }>
    >(this.base, 'GET', `/orders/user/${s.userId}`, { token: s.token });
    if (res.status !== 200 || !Array.isArray(res.body)) {
      this.fail(`${s.email}: GET orders ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return undefined;
    }
    return res.body;
  }

  /** After a restart: every acknowledged write is there; every write in doubt happened whole or not at all. */
  private async verify(when: string) {
    const soldByOrders = new Map<string, number>();
    const failuresBefore = this.stats.failures.length;
    for (const s of this.shoppers) {
      if (s.pending?.kind === 'signup') {
        // Answer lost: either the account exists with this password or it does not exist at all.
        const res = await call<{ token: string }>(this.base, 'POST', '/auth/signin', {
          body: { email: s.email, password: s.password },
        });
        this.stats.writesInDoubt++;
        s.pending = undefined;
        if (res.status === 200) {
          s.token = res.body.token;
          s.userId = JSON.parse(Buffer.from(s.token.split('.')[1] ?? '', 'base64url').toString()).id;
          s.exists = true;
        } else if (res.status === 401) {
          s.exists = false;
          s.email = `${s.email}.retry`;
        } else this.fail(`${when}: signin of in-doubt signup ${s.email}: ${res.status}`);
      }
      if (!s.exists || !s.token) continue;
      if (s.needsSignin) {
        const res = await call(this.base, 'POST', '/auth/signin', {
          body: { email: s.email, password: s.password },
        });
        if (res.status !== 200)
          this.fail(`${when}: acknowledged signup ${s.email} cannot sign in: ${res.status}`);
        s.needsSignin = false;
      }
      const found = await this.fetchCart(s);
      const orders = await this.fetchOrders(s);
      if (!found || !orders) continue;
      const shopperFailures = this.stats.failures.length;

      const known = [...s.orders.keys()];
      const listed = new Map(orders.map((o) => [o.id, o]));
      for (const id of known)
        if (!listed.has(id)) this.fail(`${when}: acknowledged order ${id} of ${s.email} is missing`);
      const extra = orders.filter((o) => !s.orders.has(o.id));

      const p = s.pending;
      if (p) {
        this.stats.writesInDoubt++;
        const before = cartKey(p.before);
        const now = cartKey(found.cart);
        if (p.kind === 'order') {
          if (extra.length === 1 && found.cart.size === 0) {
            const o = extra[0]!;
            const lines = new Map(
              o.cartItems.map((l) => [typeof l.product === 'string' ? l.product : l.product._id, l.count]),
            );
            const expectLines = new Map([...p.before].map(([id, l]) => [id, l.count]));
            if (JSON.stringify([...lines].sort()) !== JSON.stringify([...expectLines].sort()))
              this.fail(`${when}: in-doubt order ${o.id} lines differ from the cart`);
            s.orders.set(o.id, { id: o.id, totalOrderPrice: o.totalOrderPrice, lines });
          } else if (extra.length === 0 && now === before) {
            // not placed: cart intact
          } else
            this.fail(
              `${when}: in-doubt order of ${s.email} is half-done: ${extra.length} new orders, cart ${now} (before ${before})`,
            );
        } else {
          const after = cloneCart(p.before);
          if (p.kind === 'add') {
            const line = after.get(p.productId);
            if (line) line.count++;
          } else if (p.kind === 'set') {
            const line = after.get(p.productId);
            if (line) line.count = p.count;
          } else after.delete(p.productId);
          const afterKey = cartKey(after);
          // A new line's price is the product's price, which the client may not know: compare counts only then.
          const sameIgnoringNewPrice =
            p.kind === 'add' &&
            !p.before.has(p.productId) &&
            found.cart.get(p.productId)?.count === 1 &&
            cartKey(new Map([...found.cart].filter(([id]) => id !== p.productId))) === before;
          if (now !== before && now !== afterKey && !sameIgnoringNewPrice) {
            this.fail(
              `${when}: in-doubt ${p.kind} on ${s.email} left ${now}; expected ${before} or ${afterKey}`,
            );
          }
          if (extra.length > 0) this.fail(`${when}: ${s.email} has orders nobody placed`);
        }
        s.cart = found.cart;
        if (found.cartId) s.cartId = found.cartId;
        s.pending = undefined;
      } else {
        if (extra.length > 0) this.fail(`${when}: ${s.email} has ${extra.length} orders nobody placed`);
        if (cartKey(found.cart) !== cartKey(s.cart))
          this.fail(`${when}: cart of ${s.email} is ${cartKey(found.cart)}; acknowledged ${cartKey(s.cart)}`);
        s.cart = found.cart;
        if (found.cartId) s.cartId = found.cartId;
      }

      for (const o of orders) {
        const total = o.cartItems.reduce((sum, l) => sum + l.count * l.price, 0);
        const summary = cartSummary(total);
        if (o.totalOrderPrice !== summary.total || o.taxPrice !== summary.tax)
          this.fail(
            `${when}: order ${o.id} totals ${o.totalOrderPrice}/${o.taxPrice} ≠ Σ lines ${summary.total}/${summary.tax}`,
          );
        const known = s.orders.get(o.id);
        if (known && known.totalOrderPrice !== o.totalOrderPrice)
          this.fail(`${when}: order ${o.id} total changed`);
        for (const l of o.cartItems) {
          const id = typeof l.product === 'string' ? l.product : l.product._id;
          soldByOrders.set(id, (soldByOrders.get(id) ?? 0) + l.count);
        }
      }
      if (this.stats.failures.length === shopperFailures) this.stats.writesFound += s.unverifiedAcks;
      s.unverifiedAcks = 0;
    }
    // Stock: nothing sold without an order, no order without its stock taken.
    for (const p of await this.loadProducts()) {
      const total = this.stockTotal.get(p._id);
      if (total !== undefined && p.quantity + p.sold !== total)
        this.fail(`${when}: ${p.title}: quantity ${p.quantity} + sold ${p.sold} ≠ ${total}`);
      if (p.quantity < 0) this.fail(`${when}: ${p.title} has negative stock`);
      const sold = p.sold - (this.initialSold.get(p._id) ?? 0);
      if (sold !== (soldByOrders.get(p._id) ?? 0))
        this.fail(
          `${when}: ${p.title}: sold went up by ${sold} but orders hold ${soldByOrders.get(p._id) ?? 0}`,
        );
    }
    if (this.stats.failures.length > failuresBefore)
      console.log(this.stats.failures.slice(failuresBefore).join('\n'));
  }

  /** SIGTERM with requests in flight: each one is answered, then the process exits 0. */
  private async gracefulShutdown() {
    const server = this.server;
    if (!server) return;
    const sends: Array<Promise<Answer>> = [];
    for (let i = 0; i < 8; i++) {
      const s = this.newShopper();
      s.pending = { kind: 'signup' };
      sends.push(
        call(server.url, 'POST', '/auth/signup', {
          body: {
            name: 'Grace Tester',
            email: s.email,
            password: s.password,
            rePassword: s.password,
            phone: '01012345678',
          },
        }).then((res) => {
          if (res.status === 201) {
            s.pending = undefined;
            s.token = (res.body as { token: string }).token;
            s.userId = JSON.parse(Buffer.from(s.token.split('.')[1] ?? '', 'base64url').toString()).id;
            s.exists = true;
            s.needsSignin = true;
            this.ack(s);
          }
          return res;
        }),
      );
    }
    // Shoppers who may still order (each may have a few unpaid cash orders open).
    const ready = this.shoppers
      .filter(
        (s) =>
          s.exists &&
          s.token &&
          !s.pending &&
          s.cart.size > 0 &&
          s.cartId &&
          s.orders.size < maxOpenUnpaidOrders,
      )
      .slice(0, 4);
    for (const s of ready) {
      s.pending = { kind: 'order', before: cloneCart(s.cart) };
      sends.push(
        call<{
          data: { id: number; totalOrderPrice: number; cartItems: Array<{ product: string; count: number }> };
        }>(server.url, 'POST', `/orders/${s.cartId}`, {
          token: s.token,
          body: { shippingAddress: address },
        }).then((res) => {
          if (res.status === 201) {
            s.pending = undefined;
            s.orders.set(res.body.data.id, {
              id: res.body.data.id,
              totalOrderPrice: res.body.data.totalOrderPrice,
              lines: new Map(res.body.data.cartItems.map((l) => [l.product, l.count])),
            });
            s.cart = new Map();
            s.cartId = undefined;
            this.ack(s);
          } else if (res.status === 400) s.pending = undefined;
          return res;
        }),
      );
    }
    // SIGTERM as soon as the server has logged every request as arrived (argon2 keeps signups busy a while).
    let arrived = 0;
    const allArrived = new Promise<void>((resolve) => {
      server.onOutput((text) => {
        arrived += text.split('"msg":"incoming request"').length - 1;
        if (arrived >= sends.length) resolve();
      });
    });
    await Promise.race([allArrived, new Promise((r) => setTimeout(r, 10_000))]);
    const termAt = Date.now();
    server.proc.kill('SIGTERM');
    const answeredAt: number[] = [];
    const answers = await Promise.all(sends.map((p) => p.then((a) => (answeredAt.push(Date.now()), a))));
    this.stats.gracefulAfterTerm = answeredAt.filter((t) => t >= termAt).length;
    const code = await server.exited;
    this.server = undefined;
    this.stats.gracefulInFlight = answers.length;
    this.stats.gracefulAnswered = answers.filter((a) => a.status > 0 && a.status < 500).length;
    for (const a of answers)
      if (a.status === 0 || a.status >= 500)
        this.fail(`SIGTERM: an in-flight request got ${a.status || a.networkError}`);
    // The signups are valid: each must have been carried out, not merely answered.
    const signups = answers.slice(0, 8).filter((a) => a.status === 201).length;
    if (signups !== 8)
      this.fail(
        `SIGTERM: ${signups} of 8 in-flight signups succeeded (${answers
          .slice(0, 8)
          .map((a) => a.status)
          .join(',')})`,
      );
    if (code !== 0) this.fail(`SIGTERM: exit code ${code}`);
    if (arrived < sends.length)
      this.fail(`SIGTERM: only ${arrived} of ${sends.length} requests were seen arriving`);
  }
}

const busy = new Set<Shopper>();

export async function crashLoop(
  options: { kills?: number; seed?: number; log?: (line: string) => void } = {},
): Promise<CrashStats[]> {
  const kills = options.kills ?? Number(process.env.CRASH_KILLS ?? 20);
  const seed = options.seed ?? Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
  const log = options.log ?? console.log;
  log(`crash loop: ${kills} kills per database, seed ${seed}`);
  const results: CrashStats[] = [];
  const pgliteDir = '/tmp/reliability-crash-pglite';
  rmSync(pgliteDir, { recursive: true, force: true });
  const t0 = Date.now();
  results.push(await new CrashRun('pglite', 3600, pgliteDir, undefined, mulberry32(seed)).run(kills));
  log(`  pglite done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const t1 = Date.now();
    const url = await freshPgDatabase(baseUrl, 'reliability_crash');
    const dir = '/tmp/reliability-crash-pg';
    rmSync(dir, { recursive: true, force: true });
    results.push(await new CrashRun('postgres', 3601, dir, url, mulberry32(seed + 1)).run(kills));
    await dropPgDatabase(baseUrl, 'reliability_crash');
    log(`  postgres done in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
  } else log('  TEST_DATABASE_URL not set: PostgreSQL part skipped');
  return results;
}

export function printCrashStats(stats: CrashStats[], log: (line: string) => void = console.log) {
  for (const s of stats) {
    log(
      `  ${s.database}: ${s.kills} SIGKILLs, writes acknowledged ${s.writesAcknowledged}, writes found ${s.writesFound}, ` +
        `in doubt (all-or-nothing checked) ${s.writesInDoubt}, 5xx ${s.serverErrors}, ` +
        `SIGTERM in-flight answered ${s.gracefulAnswered}/${s.gracefulInFlight} (${s.gracefulAfterTerm} after the signal), failures ${s.failures.length}`,
    );
    for (const f of s.failures.slice(0, 20)) log(`    ✗ ${f}`);
  }
}

if (require.main === module) {
  crashLoop()
    .then((stats) => {
      printCrashStats(stats);
      process.exit(stats.every((s) => s.failures.length === 0) ? 0 : 1);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
