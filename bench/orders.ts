// The back office's orders at 100,000 orders (issue 28): the orders list (GET /orders: each filter, each sort, a deep
// page, the keyword by e-mail, phone and order number), the dashboard (GET /dashboard) and the customers list
// (GET /customers), as one staff member asking one call after another (what a person at the screen waits for),
// `callsPerRound` calls a round, 3 rounds on a fresh server; then the CSV export (GET /orders/export.csv) of 10,000
// and of all 100,000 orders: its time, its bytes, and the server process's resident memory while it streams.
// Goal: p95 ≤ 300 ms for every call on PostgreSQL at 100,000 orders; the export's memory does not grow with its rows.
//
// The orders are written by SQL (generate_series), not through the API: 100,000 orders over ~400 days (a growing
// shop: about 12% of them in the last 30 days), 1–4 lines each, their status changes in order_events, ~1% of the
// card orders refunded, from ~20,000 customers.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/orders.ts
//   (BENCH_ORDERS=10000 for fewer orders; BENCH_DRIVERS=pglite,postgres for both databases; BENCH_ORDERS_CALLS=20)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  api,
  createAdmin,
  freshTarget,
  machine,
  median,
  runSql,
  seed,
  startServer,
  targets,
  writeResult,
  type Target,
  staffRounds,
} from './lib';

const size = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = Number(process.env.BENCH_ORDERS_CUSTOMERS ?? Math.max(100, Math.round(size / 5)));
const port = Number(process.env.BENCH_PORT || 3841);
const rounds = 3;
const callsPerRound = Number(process.env.BENCH_ORDERS_CALLS ?? 20);
const goalMs = 300;
const admin = { email: 'bench.admin@example.com', password: 'Bench#Admin2026' };

const firstNames = [
  'mona',
  'ahmed',
  'sara',
  'omar',
  'laila',
  'youssef',
  'nour',
  'karim',
  'hana',
  'tarek',
  'dina',
  'mostafa',
  'yasmin',
  'khaled',
  'salma',
  'amr',
  'rana',
  'hassan',
  'mariam',
  'ali',
  'farida',
  'mahmoud',
  'aya',
  'ibrahim',
  'reem',
  'sherif',
  'heba',
  'adel',
  'noha',
  'walid',
  'ranya',
  'samir',
  'dalia',
  'hesham',
  'ghada',
  'fady',
  'lobna',
  'ziad',
  'shaimaa',
  'nabil',
];
const cities = [
  'Cairo',
  'Giza',
  'Alexandria',
  'Mansoura',
  'Tanta',
  'Asyut',
  'Luxor',
  'Aswan',
  'Suez',
  'Ismailia',
];

interface Scenario {
  name: string;
  path: string;
}

interface ScenarioFigure {
  name: string;
  path: string;
  /** The 1-minute load average when the scenario started. */
  load: number;
  /** Per round: the median and the 95th percentile of its calls, in ms. */
  p50: number[];
  p95: number[];
  results: number;
}

export interface ExportFigure {
  name: string;
  rows: number;
  bytes: number;
  ms: number;
  firstByteMs: number;
  /** The server process's resident set (kB) just before the export, its peak while streaming (50 ms samples, and
   * VmHWM after resetting it), and after. */
  rssBeforeKB: number;
  rssPeakKB: number;
  hwmKB: number;
  rssAfterKB: number;
  samples: number;
  load: number;
}

export interface OrdersRun {
  driver: 'pglite' | 'postgres';
  size: number;
  customers: number;
  refunds: number;
  lastThirtyDays: number;
  seedMs: number;
  load: string;
  scenarios: ScenarioFigure[];
  exports: ExportFigure[];
}

const h = (label: string, expr: string) => `abs(hashtext('${label}' || ${expr}))`;

/** The SQL that writes `n` orders from `c` customers (run after the catalogue is seeded). */
function seedSql(n: number, c: number): string[] {
  const names = `array[${firstNames.map((f) => `'${f}'`).join(',')}]`;
  const cityList = `array[${cities.map((x) => `'${x}'`).join(',')}]`;
  const phone = (k: string) =>
    `'01' || (array['0','1','2','5'])[1 + (${k}) % 4] || lpad((${h('phone', k)} % 100000000)::text, 8, '0')`;
  return [
    `CREATE TEMP TABLE bp (k int PRIMARY KEY, id text, price int);
     INSERT INTO bp SELECT (row_number() OVER (ORDER BY id))::int - 1, id, price FROM products;
     INSERT INTO users (id, name, email, phone, password_hash, role, created_at, updated_at)
     SELECT substr(md5('customer' || c), 1, 24),
            initcap((${names})[1 + c % 40]) || ' ' || c,
            (${names})[1 + c % 40] || '.' || c || '@example.com',
            ${phone('c')},
            'bench-no-password', 'user',
            now() - interval '420 days' * (1 - c::float8 / ${c}),
            now() - interval '420 days' * (1 - c::float8 / ${c})
     FROM generate_series(1, ${c}) c;
     CREATE TEMP TABLE bo AS
     SELECT i, substr(md5('order' || i), 1, 24) AS id,
            1 + ${h('u', 'i')} % ${c} AS c,
            now() - interval '400 days' * power((${h('t', 'i')} % 1000000) / 1000000.0, 1.25) AS created_at,
            CASE WHEN ${h('m', 'i')} % 10 < 6 THEN 'card' ELSE 'cash' END AS method,
            1 + ${h('n', 'i')} % 4 AS nlines,
            ${h('s', 'i')} % 100 AS roll
     FROM generate_series(1, ${n}) i;
     CREATE TEMP TABLE bo2 AS
     SELECT b.*,
            CASE
              WHEN age > 14 THEN CASE WHEN roll < 90 THEN 'delivered' WHEN roll < 98 THEN 'cancelled' ELSE 'shipped' END
              WHEN age > 3 THEN CASE WHEN roll < 45 THEN 'delivered' WHEN roll < 85 THEN 'shipped'
                                     WHEN roll < 95 THEN 'processing' ELSE 'cancelled' END
              ELSE CASE WHEN roll < 30 THEN 'placed'
                        WHEN roll < 60 THEN CASE WHEN method = 'card' THEN 'paid' ELSE 'processing' END
                        WHEN roll < 85 THEN 'processing' WHEN roll < 95 THEN 'shipped' ELSE 'cancelled' END
            END AS status,
            (SELECT sum(p.price * (1 + ${h('q', "b.i || ':' || j")} % 3))
               FROM generate_series(1, b.nlines) j
               JOIN bp p ON p.k = ${h('p', "b.i || ':' || j")} % (SELECT count(*) FROM bp)) AS subtotal,
            now() - b.created_at AS span
     FROM (SELECT bo.*, extract(epoch FROM now() - created_at) / 86400 AS age FROM bo) b;
     INSERT INTO orders (id, number, user_id, source_cart_id, shipping_details, shipping_phone, shipping_city,
                         tax_price, shipping_price, discount_price, total_order_price, payment_method_type,
                         is_paid, paid_at, is_delivered, delivered_at, payment_provider, status, shipped_at, carrier,
                         tracking_reference, cancelled_at, language, client_address, shipping_phone_key,
                         shipping_address_key, created_at, updated_at)
     SELECT o.id, row_number() OVER (ORDER BY o.created_at, o.id), substr(md5('customer' || o.c), 1, 24),
            substr(md5('cart' || o.i), 1, 24),
            (${h('st', 'o.c')} % 200) || ' Street ' || (${h('sn', 'o.c')} % 90) || ', flat ' || (o.c % 30),
            ${phone('o.c')}, (${cityList})[1 + o.c % 10],
            0, CASE WHEN o.subtotal >= 1000 THEN 0 ELSE 50 END, 0,
            o.subtotal + CASE WHEN o.subtotal >= 1000 THEN 0 ELSE 50 END,
            o.method,
            (o.method = 'card' AND o.status IN ('paid', 'processing', 'shipped', 'delivered')) OR o.status = 'delivered',
            CASE WHEN o.method = 'card' AND o.status IN ('paid', 'processing', 'shipped', 'delivered')
                   THEN o.created_at + least(interval '2 minutes', o.span / 10)
                 WHEN o.status = 'delivered' THEN o.created_at + least(interval '3 days', o.span * 2 / 3) END,
            o.status = 'delivered',
            CASE WHEN o.status = 'delivered' THEN o.created_at + least(interval '3 days', o.span * 2 / 3) END,
            CASE WHEN o.method = 'card' THEN 'stripe' END,
            o.status,
            CASE WHEN o.status IN ('shipped', 'delivered') THEN o.created_at + least(interval '1 day', o.span / 3) END,
            CASE WHEN o.status IN ('shipped', 'delivered') THEN 'Aramex' END,
            CASE WHEN o.status IN ('shipped', 'delivered') THEN 'AX' || lpad(o.i::text, 9, '0') END,
            CASE WHEN o.status = 'cancelled' THEN o.created_at + least(interval '2 hours', o.span / 2) END,
            CASE WHEN o.i % 5 = 0 THEN 'ar' ELSE 'en' END,
            '10.' || (o.c % 250) || '.' || (o.c / 250 % 250) || '.1',
            ${phone('o.c')},
            (${h('st', 'o.c')} % 200) || ' street ' || (${h('sn', 'o.c')} % 90) || ', flat ' || (o.c % 30) || '|' || lower((${cityList})[1 + o.c % 10]),
            o.created_at, o.created_at
     FROM bo2 o;
     SELECT setval('orders_number_seq', ${n});
     INSERT INTO order_items (id, order_id, product_id, count, price)
     SELECT substr(md5('line' || o.i || ':' || j), 1, 24), o.id, p.id, 1 + ${h('q', "o.i || ':' || j")} % 3, p.price
     FROM bo2 o CROSS JOIN LATERAL generate_series(1, o.nlines) j
     JOIN bp p ON p.k = ${h('p', "o.i || ':' || j")} % (SELECT count(*) FROM bp);`,
    // Each order's status changes, as the states allow them.
    `INSERT INTO order_events (order_id, from_status, to_status, at)
     SELECT id, NULL, 'placed', created_at FROM orders;
     INSERT INTO order_events (order_id, from_status, to_status, at)
     SELECT id, 'placed', 'paid', paid_at FROM orders
     WHERE payment_method_type = 'card' AND status IN ('paid', 'processing', 'shipped', 'delivered');
     INSERT INTO order_events (order_id, from_status, to_status, at)
     SELECT id, CASE WHEN payment_method_type = 'card' THEN 'paid' ELSE 'placed' END, 'processing',
            created_at + least(interval '3 hours', (now() - created_at) / 4)
     FROM orders WHERE status IN ('processing', 'shipped', 'delivered');
     INSERT INTO order_events (order_id, from_status, to_status, at)
     SELECT id, 'processing', 'shipped', shipped_at FROM orders WHERE status IN ('shipped', 'delivered');
     INSERT INTO order_events (order_id, from_status, to_status, at)
     SELECT id, 'shipped', 'delivered', delivered_at FROM orders WHERE status = 'delivered';
     INSERT INTO order_events (order_id, from_status, to_status, at)
     SELECT id, 'placed', 'cancelled', cancelled_at FROM orders WHERE status = 'cancelled';
     INSERT INTO order_refunds (id, order_id, amount, status, provider, provider_refund_id, created_at, completed_at)
     SELECT substr(md5('refund' || id), 1, 24), id,
            greatest(1, total_order_price * (10 + ${h('ra', 'id')} % 91) / 100), 'succeeded', 'stripe',
            're_bench_' || number, least(now(), delivered_at + interval '2 days'),
            least(now(), delivered_at + interval '2 days')
     FROM orders
     WHERE status = 'delivered' AND payment_method_type = 'card' AND ${h('r', 'id')} % 100 < 2;
     INSERT INTO order_events (order_id, from_status, to_status, at, refund_id, note)
     SELECT r.order_id, 'delivered', 'delivered', r.completed_at, r.id, 'Refund'
     FROM order_refunds r;`,
  ];
}

export async function ordersSeed(target: Target): Promise<number> {
  const t0 = performance.now();
  for (const sql of seedSql(size, customers)) await runSql(target, sql);
  // What autovacuum does to a table that has been written: the planner's statistics and the visibility map
  // (index-only scans). Alone: VACUUM cannot run in a transaction block.
  await runSql(target, 'VACUUM ANALYZE');
  return performance.now() - t0;
}

/** The server process itself: the newest descendant of scripts/start.mjs (the group's leader). */
function serverPid(root: number): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const children = [...parentOf].filter(([, p]) => p === root).map(([c]) => c);
  if (children.length !== 1)
    throw new Error(`expected one server process under ${root}, found ${children.length}`);
  return children[0]!;
}

function statusKB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? NaN);
}

async function exportFigure(
  base: string,
  pid: number,
  token: string,
  name: string,
  query: string,
): Promise<ExportFigure> {
  await new Promise((r) => setTimeout(r, 1000));
  const rssBeforeKB = statusKB(pid, 'VmRSS');
  // Resets VmHWM to the present RSS (Linux, our own process): the peak read afterwards is this export's.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const load = os.loadavg()[0]!;
  let peak = rssBeforeKB;
  let samples = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, statusKB(pid, 'VmRSS'));
    samples++;
  }, 50);
  const t0 = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let newlines = 0;
  try {
    const res = await fetch(`${base}/api/v1/orders/export.csv${query ? `?${query}` : ''}`, {
      headers: { token },
    });
    if (!res.ok || !res.body) throw new Error(`export → ${res.status}: ${await res.text()}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!firstByteMs) firstByteMs = performance.now() - t0;
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) newlines++;
    }
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t0;
  const hwmKB = statusKB(pid, 'VmHWM');
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfterKB = statusKB(pid, 'VmRSS');
  return {
    name,
    // The header row is one line; no address in the seed holds a line break.
    rows: newlines - 1,
    bytes,
    ms: Math.round(ms),
    firstByteMs: Math.round(firstByteMs),
    rssBeforeKB,
    rssPeakKB: Math.max(peak, hwmKB),
    hwmKB,
    rssAfterKB,
    samples,
    load,
  };
}

interface Facts {
  userId: string;
  email: string;
  phone: string;
  number: number;
  last30: string;
  yearAgoFrom: string;
  yearAgoTo: string;
  /** created_at of the order 10,000 from the newest: the export of the last 10,000. */
  tenThousandFrom: string;
  refunds: number;
  lastThirtyDays: number;
}

async function facts(target: Target): Promise<Facts> {
  const [row] = await runSql<Record<string, string | number>>(
    target,
    `SELECT (SELECT id FROM users WHERE role = 'user' ORDER BY id LIMIT 1 OFFSET 7) AS "userId",
            (SELECT email FROM users WHERE id = substr(md5('customer' || ${Math.min(1234, customers)}), 1, 24)) AS email,
            (SELECT phone FROM users WHERE id = substr(md5('customer' || ${Math.min(1234, customers)}), 1, 24)) AS phone,
            (SELECT number FROM orders ORDER BY number LIMIT 1 OFFSET ${Math.floor(size / 2)}) AS number,
            to_char(now() - interval '29 days', 'YYYY-MM-DD') AS last30,
            to_char(now() - interval '365 days', 'YYYY-MM-DD') AS "yearAgoFrom",
            to_char(now() - interval '335 days', 'YYYY-MM-DD') AS "yearAgoTo",
            (SELECT to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') FROM orders
              ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${Math.min(size, 10_000) - 1}) AS "tenThousandFrom",
            (SELECT count(*)::int FROM order_refunds) AS refunds,
            (SELECT count(*)::int FROM orders WHERE created_at >= now() - interval '30 days') AS "lastThirtyDays"`,
  );
  return row as unknown as Facts;
}

function scenarios(f: Facts): Scenario[] {
  const list = (q: string) => `/orders?page=1&limit=25&lang=en&${q}`;
  const today = new Date().toISOString().slice(0, 10);
  const prefix = f.email.slice(0, f.email.indexOf('@'));
  return [
    { name: 'orders: first page (newest)', path: list('sort=-createdAt') },
    { name: 'orders: status placed', path: list('sort=-createdAt&status=placed') },
    { name: 'orders: status delivered', path: list('sort=-createdAt&status=delivered') },
    { name: 'orders: payment cash', path: list('sort=-createdAt&paymentMethodType=cash') },
    { name: 'orders: not paid', path: list('sort=-createdAt&isPaid=false') },
    {
      name: 'orders: last 30 days',
      path: list(`sort=-createdAt&createdAt[gte]=${f.last30}&createdAt[lte]=${today}`),
    },
    {
      name: 'orders: a month a year ago',
      path: list(`sort=-createdAt&createdAt[gte]=${f.yearAgoFrom}&createdAt[lte]=${f.yearAgoTo}`),
    },
    { name: 'orders: one customer', path: list(`sort=-createdAt&user=${f.userId}`) },
    { name: 'orders: total ≥ 5,000', path: list('sort=-createdAt&totalOrderPrice[gte]=5000') },
    {
      name: 'orders: total 100–500',
      path: list('sort=-createdAt&totalOrderPrice[gte]=100&totalOrderPrice[lte]=500'),
    },
    {
      name: 'orders: status shipped, card, last 30 days',
      path: list(`sort=-createdAt&status=shipped&paymentMethodType=card&createdAt[gte]=${f.last30}`),
    },
    { name: 'orders: oldest first', path: list('sort=createdAt') },
    { name: 'orders: total, highest first', path: list('sort=-totalOrderPrice') },
    { name: 'orders: total, lowest first', path: list('sort=totalOrderPrice') },
    {
      name: 'orders: page 2,000 of 50 (offset 99,950)',
      path: '/orders?page=2000&limit=50&lang=en&sort=-createdAt',
    },
    {
      name: `orders: keyword e-mail "${prefix}" (one customer)`,
      path: list(`sort=-createdAt&keyword=${prefix}`),
    },
    { name: 'orders: keyword e-mail "mona" (500 customers)', path: list('sort=-createdAt&keyword=mona') },
    {
      name: `orders: keyword phone "${f.phone.slice(0, 7)}"`,
      path: list(`sort=-createdAt&keyword=${f.phone.slice(0, 7)}`),
    },
    {
      name: 'orders: keyword phone "0101" (500 customers and more)',
      path: list('sort=-createdAt&keyword=0101'),
    },
    {
      name: `orders: keyword order number "#${f.number}"`,
      path: list(`sort=-createdAt&keyword=%23${f.number}`),
    },
    { name: 'dashboard', path: '/dashboard' },
    { name: 'customers: first page', path: '/customers?page=1&limit=25' },
    { name: 'customers: page 700 (offset 17,475)', path: '/customers?page=700&limit=25' },
    { name: 'customers: keyword "mona"', path: '/customers?page=1&limit=25&keyword=mona' },
  ];
}

async function runOn(driver: 'pglite' | 'postgres'): Promise<OrdersRun> {
  const target = await freshTarget(driver, `orders-${driver}`);
  try {
    console.log(
      `▶ ${driver}: seeding the catalogue, ${customers} customers and ${size.toLocaleString('en')} orders`,
    );
    await seed(target);
    const seedMs = await ordersSeed(target);
    console.log(`  orders seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const f = await facts(target);
    createAdmin(target, admin);
    const server = await startServer(port, target);
    try {
      const load = machine().load;
      const { token } = await api<{ token: string }>(server.url, 'POST', '/auth/signin', admin);
      const figures: ScenarioFigure[] = [];
      for (const s of scenarios(f)) {
        const figure: ScenarioFigure = {
          name: s.name,
          path: s.path,
          load: Math.round(os.loadavg()[0]! * 100) / 100,
          ...(await staffRounds(server.url, s.path, token, rounds, callsPerRound)),
        };
        console.log(
          `  ${s.name}: p50 ${median(figure.p50)} ms, p95 ${median(figure.p95)} ms (${Math.min(...figure.p95)}–${Math.max(...figure.p95)}), ${figure.results} results, load ${figure.load}`,
        );
        figures.push(figure);
      }
      const pid = serverPid(server.child.pid!);
      const exports: ExportFigure[] = [];
      for (const [name, query] of [
        ['the newest 10,000', `createdAt[gte]=${encodeURIComponent(f.tenThousandFrom)}`],
        [`all ${size.toLocaleString('en')}`, ''],
      ] as const) {
        const e = await exportFigure(server.url, pid, token, name, query);
        console.log(
          `  export ${name}: ${e.rows} rows, ${(e.bytes / 1e6).toFixed(1)} MB in ${(e.ms / 1000).toFixed(2)} s; RSS ${Math.round(e.rssBeforeKB / 1024)} MB before, peak ${Math.round(e.rssPeakKB / 1024)} MB (+${Math.round((e.rssPeakKB - e.rssBeforeKB) / 1024)} MB), ${Math.round(e.rssAfterKB / 1024)} MB after; load ${e.load.toFixed(2)}`,
        );
        exports.push(e);
      }
      return {
        driver,
        size,
        customers,
        refunds: f.refunds,
        lastThirtyDays: f.lastThirtyDays,
        seedMs,
        load,
        scenarios: figures,
        exports,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

export async function benchOrders(area = process.env.BENCH_ORDERS_AREA ?? 'orders'): Promise<OrdersRun[]> {
  console.log(`▶ back office orders, dashboard, customers, export (load average ${machine().load})`);
  const runs: OrdersRun[] = [];
  const wanted = targets();
  for (const driver of process.env.BENCH_DRIVERS ? wanted : wanted.filter((d) => d === 'postgres'))
    runs.push(await runOn(driver));
  writeResult(area, { rounds, callsPerRound, goalMs, runs });
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  benchOrders().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
