import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** PUBLIC_URL, or by default the address the server listens on (defaultPublicUrl). */
  publicUrl: string;
  /**
   * The origins that are the shop itself (checkout return addresses, CORS by default): PUBLIC_URL's; outside
   * production also every loopback name (localhost, 127.0.0.1, [::1]) of it and of the port listened on.
   */
  ownOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  corsOrigins: string[];
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  redisUrl: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** STRIPE_API_URL (optional): where the Stripe SDK sends its calls (stripe-mock, or the tests' stand-in). */
  stripeApiUrl: URL | undefined;
  /**
   * NEXT_PUBLIC_API_HOST: the API address the storefront was built to call (empty = its own origin). The server
   * allows it in the storefront's content security policy.
   */
  storefrontApiHost: string | undefined;
  shopName: string;
  /** SHOP_TIME_ZONE: the shop's calendar (an IANA zone, default Africa/Cairo): the dashboard's days and months. */
  shopTimeZone: string;
  /** Per-IP requests per minute on signin, signup, forgotPasswords and verifyResetCode. */
  authRateLimitPerMinute: number;
  /** Folder of the built storefront (Next export). */
  storefrontDir: string;
  /**
   * Which proxies' X-Forwarded-For is believed (TRUST_PROXY): none (the default: the socket's address
   * is the client), a hop count, or the proxies' addresses/CIDR ranges. Rate limits key on the result.
   */
  trustProxy: false | number | string[];
  /** ALLOW_TEST_PAYMENTS=1: production may run the hosted test payment page on purpose. */
  allowTestPayments: boolean;
  /** REQUEST_TIMEOUT_MS: the whole request (headers and body) must arrive within this (default 30 s). */
  requestTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this (default 5 s). */
  keepAliveTimeoutMs: number;
  /** Byte budget of the catalogue response cache in MB; 0 turns it off (the growth benchmark). */
  catalogueCacheMB: number;
  /**
   * CATALOGUE_UNCACHED_PER_MINUTE: catalogue reads the response cache cannot answer, per client address: a
   * bucket of this many, refilled at this many a minute (default 60); 0 turns the budget off.
   */
  catalogueUncachedPerMinute: number;
  /** CATALOGUE_QUERY_TIMEOUT_MS: PostgreSQL's statement_timeout for a catalogue read (default 2000 ms). */
  catalogueQueryTimeoutMs: number;
  /** HELD_UNITS_PER_ADDRESS: units that orders holding stock, placed from one client address, may hold (300). */
  heldUnitsPerAddress: number;
  /** HELD_STOCK_SHARE_PERCENT: share of a product's units for sale that orders holding stock may hold (25). */
  heldStockSharePercent: number;
  /**
   * RATE_LIMIT_ALLOW: client addresses or CIDR ranges exempt from the limits kept per client address (the routes'
   * per-address rate limits, the per-address sign-in and password-check counters, the uncached catalogue budget,
   * the stock held per address and per product). For a QA runner against staging; empty by default.
   */
  rateLimitAllow: string[];
}

export class ConfigError extends Error {}

const logLevels: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function blankToUndefined(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

function parseHttpUrl(name: string, raw: string | undefined): URL | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  return url;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`);
  return n;
}

function parsePositiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

function parsePercent(name: string, raw: string | undefined, fallback: number): number {
  const n = parsePositiveInt(name, raw, fallback);
  if (n > 100) throw new ConfigError(`${name} must be an integer from 1 to 100, got "${raw}"`);
  return n;
}

function parseCacheMB(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 16;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 4096)
    throw new ConfigError(`CATALOGUE_CACHE_MB must be an integer from 0 to 4096, got "${raw}"`);
  return n;
}

function parseNonNegativeInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new ConfigError(`${name} must be a whole number (0 or more), got "${raw}"`);
  return n;
}

function parseUrl(name: string, raw: string): string {
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
}

/**
 * The JWT secret: JWT_SECRET when set; otherwise one generated once and kept in the data folder,
 * so tokens survive a restart. Production refuses to guess: a lost data folder would log everyone out
 * and several processes would each invent their own.
 */
function resolveJwtSecret(raw: string | undefined, dataDir: string, nodeEnv: NodeEnv): string {
  if (raw) {
    if (raw.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    return raw;
  }
  if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The names a browser on the server's own machine may give it. */
const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** "Every interface": 0.0.0.0 or ::. */
function isUnspecified(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return h === '0.0.0.0' || h === '::';
}

/**
 * PUBLIC_URL's default: the address the server listens on, written as a browser opens it (an IPv6 address in
 * brackets). Every interface (0.0.0.0, ::) is opened as localhost, the one name that reaches it on this machine.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const h = host.replace(/^\[|\]$/g, '');
  if (isUnspecified(h)) return `http://localhost:${port}`;
  return isIP(h) === 6 ? `http://[${h}]:${port}` : `http://${h}:${port}`;
}

/** `origin` under each loopback name, same scheme and port. */
function loopbackAliases(origin: string): string[] {
  return loopbackNames.map((name) => {
    const url = new URL(origin);
    url.hostname = name;
    return url.origin;
  });
}

/**
 * The shop's own origins. PUBLIC_URL's; outside production, when it is a loopback address, the same under the
 * other loopback names too, and, when the server listens on loopback or every interface, each loopback name at
 * its port: a developer opens the shop as localhost or 127.0.0.1 alike, and only a browser on this machine
 * reaches either. Production trusts PUBLIC_URL's origin only.
 */
function ownOriginsOf(publicUrl: string, host: string, port: number, nodeEnv: NodeEnv): string[] {
  const origin = new URL(publicUrl).origin;
  const origins = new Set<string>([origin]);
  if (nodeEnv === 'production') return [...origins];
  if (isLoopback(new URL(origin).hostname)) for (const o of loopbackAliases(origin)) origins.add(o);
  if (port !== 0 && (isLoopback(host) || isUnspecified(host)))
    for (const o of loopbackAliases(`http://localhost:${port}`)) origins.add(o);
  return [...origins];
}

/**
 * The shop's own origins; outside production also the origins a storefront dev server may run on (Next picks
 * 3000, then 3001, ...). Production trusts no local port by default: anything on the server's machine or the
 * visitor's could otherwise call the API with the visitor's session and be a checkout's return address.
 */
function defaultCorsOrigins(ownOrigins: string[], nodeEnv: NodeEnv): string[] {
  const origins = new Set<string>(ownOrigins);
  if (nodeEnv === 'production') return [...origins];
  for (let port = 3000; port <= 3010; port++) {
    origins.add(`http://localhost:${port}`);
    origins.add(`http://127.0.0.1:${port}`);
  }
  return [...origins];
}

/** A comma-separated list of IPv4/IPv6 addresses or CIDR ranges; `explain` says what the list is for. */
/** An address or CIDR range (`10.0.0.1`, `10.0.0.0/8`, `2001:db8::/48`): its family and prefix, or null. */
function addressOrRange(entry: string): { family: 4 | 6; bits: number | null } | null {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family !== 4 && family !== 6) return null;
  if (extra !== undefined) return null;
  if (bits === undefined) return { family, bits: null };
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
    ? { family, bits: Number(bits) }
    : null;
}

function parseAddressList(
  name: string,
  raw: string | undefined,
  explain: (entry: string) => string,
): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    const parsed = addressOrRange(entry);
    if (!parsed) throw new ConfigError(`${name} ${explain(entry)}`);
    // A careless range would lift the per-address limits and stock holds for a whole network (0.0.0.0/0: everyone).
    const widest = parsed.family === 4 ? 16 : 48;
    if (parsed.bits !== null && parsed.bits < widest)
      throw new ConfigError(
        `${name} "${entry}" would exempt a whole network from the per-address limits: name the runner's address, ` +
          `or a range of /${widest} or narrower`,
      );
  }
  return list;
}

/** TRUST_PROXY: empty → none; a whole number → that many proxy hops; else a list of addresses or CIDRs. */
function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const v = raw?.trim();
  if (!v || v === '0' || v.toLowerCase() === 'false' || v.toLowerCase() === 'none') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY hop count must be from 0 to 10, got "${raw}"`);
    return hops;
  }
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!addressOrRange(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDR ranges, got "${entry}"` +
          (entry === 'true' ? ' (trusting every proxy lets any client choose its own address)' : ''),
      );
    }
  }
  return list;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const nodeEnvRaw = blankToUndefined(env.NODE_ENV) ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;
  const port = parsePort(env.PORT);
  // Loopback unless HOST says otherwise: a development server is not for the whole network.
  const host = blankToUndefined(env.HOST) ?? '127.0.0.1';
  // Where the server listens unless PUBLIC_URL says otherwise, so the address it prints is one that pays.
  const publicUrl = parseUrl('PUBLIC_URL', blankToUndefined(env.PUBLIC_URL) ?? defaultPublicUrl(host, port));
  const ownOrigins = ownOriginsOf(publicUrl, host, port, nodeEnv);
  const dataDir = path.resolve(blankToUndefined(env.DATA_DIR) ?? '.data');
  const logLevelRaw = blankToUndefined(env.LOG_LEVEL) ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!logLevels.includes(logLevelRaw as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevelRaw}"`);
  }
  const databaseUrl = blankToUndefined(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const smtpUrl = blankToUndefined(env.SMTP_URL);
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  const corsRaw = blankToUndefined(env.CORS_ORIGINS);
  const corsOrigins = corsRaw
    ? corsRaw
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        .map((o) => (o === '*' ? o : parseUrl('CORS_ORIGINS', o)))
    : defaultCorsOrigins(ownOrigins, nodeEnv);
  const shopName = blankToUndefined(env.SHOP_NAME) ?? 'FreshCart';
  const shopTimeZone = parseTimeZone(blankToUndefined(env.SHOP_TIME_ZONE) ?? 'Africa/Cairo');
  const stripeSecretKey = blankToUndefined(env.STRIPE_SECRET_KEY);
  const allowTestPaymentsRaw = blankToUndefined(env.ALLOW_TEST_PAYMENTS);
  if (allowTestPaymentsRaw && allowTestPaymentsRaw !== '1' && allowTestPaymentsRaw !== '0') {
    throw new ConfigError(`ALLOW_TEST_PAYMENTS must be 1 or 0, got "${allowTestPaymentsRaw}"`);
  }
  const allowTestPayments = allowTestPaymentsRaw === '1';
  const jwtSecret = resolveJwtSecret(blankToUndefined(env.JWT_SECRET), dataDir, nodeEnv);
  // The hosted test page marks orders paid with card 4242: never in production by accident.
  if (nodeEnv === 'production' && !stripeSecretKey && !allowTestPayments) {
    throw new ConfigError(
      'NODE_ENV=production needs a real payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET ' +
        '(or ALLOW_TEST_PAYMENTS=1 to run the test payment page, which takes no money, on purpose)',
    );
  }
  return {
    port,
    host,
    publicUrl,
    ownOrigins,
    dataDir,
    databaseUrl,
    jwtSecret,
    smtpUrl,
    mailFrom: blankToUndefined(env.MAIL_FROM) ?? `${shopName} <no-reply@${new URL(publicUrl).hostname}>`,
    corsOrigins,
    nodeEnv,
    logLevel: logLevelRaw as LogLevel,
    redisUrl: blankToUndefined(env.REDIS_URL),
    stripeSecretKey,
    stripeWebhookSecret: blankToUndefined(env.STRIPE_WEBHOOK_SECRET),
    stripeApiUrl: parseHttpUrl('STRIPE_API_URL', blankToUndefined(env.STRIPE_API_URL)),
    storefrontApiHost: blankToUndefined(env.NEXT_PUBLIC_API_HOST),
    shopName,
    shopTimeZone,
    authRateLimitPerMinute: parsePositiveInt(
      'AUTH_RATE_LIMIT_PER_MINUTE',
      env.AUTH_RATE_LIMIT_PER_MINUTE,
      20,
    ),
    storefrontDir: path.resolve(blankToUndefined(env.STOREFRONT_DIR) ?? 'out'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowTestPayments,
    requestTimeoutMs: parsePositiveInt('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000),
    keepAliveTimeoutMs: parsePositiveInt('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
    catalogueCacheMB: parseCacheMB(env.CATALOGUE_CACHE_MB),
    catalogueUncachedPerMinute: parseNonNegativeInt(
      'CATALOGUE_UNCACHED_PER_MINUTE',
      env.CATALOGUE_UNCACHED_PER_MINUTE,
      60,
    ),
    catalogueQueryTimeoutMs: parsePositiveInt(
      'CATALOGUE_QUERY_TIMEOUT_MS',
      env.CATALOGUE_QUERY_TIMEOUT_MS,
      2_000,
    ),
    heldUnitsPerAddress: parsePositiveInt('HELD_UNITS_PER_ADDRESS', env.HELD_UNITS_PER_ADDRESS, 300),
    heldStockSharePercent: parsePercent('HELD_STOCK_SHARE_PERCENT', env.HELD_STOCK_SHARE_PERCENT, 25),
    rateLimitAllow: parseAddressList(
      'RATE_LIMIT_ALLOW',
      env.RATE_LIMIT_ALLOW,
      (entry) => `must be a comma-separated list of client addresses or CIDR ranges, got "${entry}"`,
    ),
  };
}

/** An IANA time zone name the runtime knows (Africa/Cairo, Europe/London, UTC); anything else stops the start. */
function parseTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError(`SHOP_TIME_ZONE must be a time zone name such as Africa/Cairo (got "${zone}")`);
  }
}
