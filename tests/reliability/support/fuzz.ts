// Generated bad input for every endpoint: wrong types, missing and extra fields, huge strings, deep
// JSON, invalid UTF-8, unusual ids, query injection, SQL fragments, path traversal and oversized
// headers. Shared by the fast in-process run (tests/server/app/fuzz.test.ts, app.inject) and the full run
// over HTTP (tests/reliability/fuzz-http.ts). Seeded: the same seed gives the same requests.
import { SignJWT } from 'jose';
import type { Rng } from './rng';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'PATCH';

export interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What was generated, for failure reports. */
  label: string;
}

export interface FuzzResponse {
  status: number;
  body: string;
}

/** Real ids and tokens so that requests also get past authentication and id checks. */
export interface FuzzContext {
  token: string;
  /** A token signed with another key (same payload shape). */
  forgedToken: string;
  userId: string;
  otherUserId: string;
  productId: string;
  categoryId: string;
  brandId: string;
  cartId: string;
  sessionId: string;
  addressId: string;
}

type Field = 'string' | 'email' | 'password' | 'phone' | 'id' | 'int' | 'address' | 'url';

interface Endpoint {
  method: Method;
  /** `:id`-style params are filled from the context or with unusual ids. */
  path: string;
  body?: Record<string, Field>;
  /** Query parameters the endpoint knows (others are added as noise). */
  query?: string[];
  auth?: boolean;
  form?: boolean;
}

export const endpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/products',
    query: [
      'page',
      'limit',
      'sort',
      'keyword',
      'brand',
      'category',
      'category[in]',
      'price[gte]',
      'price[lte]',
      'fields',
    ],
  },
  { method: 'GET', path: '/api/v1/products/:productId' },
  { method: 'GET', path: '/api/v1/categories', query: ['page', 'limit'] },
  { method: 'GET', path: '/api/v1/categories/:categoryId' },
  { method: 'GET', path: '/api/v1/categories/:categoryId/subcategories', query: ['page', 'limit'] },
  { method: 'GET', path: '/api/v1/brands', query: ['page', 'limit'] },
  { method: 'GET', path: '/api/v1/brands/:brandId' },
  { method: 'GET', path: '/api/v1/subcategories', query: ['page', 'limit'] },
  { method: 'GET', path: '/api/v1/subcategories/:categoryId' },
  {
    method: 'POST',
    path: '/api/v1/auth/signup',
    body: { name: 'string', email: 'email', password: 'password', rePassword: 'password', phone: 'phone' },
  },
  { method: 'POST', path: '/api/v1/auth/signin', body: { email: 'email', password: 'password' } },
  { method: 'GET', path: '/api/v1/auth/verifyToken', auth: true },
  { method: 'POST', path: '/api/v1/auth/forgotPasswords', body: { email: 'email' } },
  { method: 'POST', path: '/api/v1/auth/verifyResetCode', body: { resetCode: 'string' } },
  { method: 'PUT', path: '/api/v1/auth/resetPassword', body: { email: 'email', newPassword: 'password' } },
  {
    method: 'PUT',
    path: '/api/v1/users/changeMyPassword',
    body: { currentPassword: 'password', password: 'password', rePassword: 'password' },
    auth: true,
  },
  {
    method: 'PUT',
    path: '/api/v1/users/updateMe',
    body: { name: 'string', email: 'email', phone: 'phone' },
    auth: true,
  },
  { method: 'POST', path: '/api/v1/cart', body: { productId: 'id' }, auth: true },
  { method: 'GET', path: '/api/v1/cart', auth: true },
  { method: 'PUT', path: '/api/v1/cart/:productId', body: { count: 'int' }, auth: true },
  { method: 'DELETE', path: '/api/v1/cart/:productId', auth: true },
  { method: 'DELETE', path: '/api/v1/cart', auth: true },
  { method: 'POST', path: '/api/v1/orders/:cartId', body: { shippingAddress: 'address' }, auth: true },
  {
    method: 'POST',
    path: '/api/v1/orders/checkout-session/:cartId',
    body: { shippingAddress: 'address' },
    query: ['url'],
    auth: true,
  },
  { method: 'GET', path: '/api/v1/orders/user/:userId', auth: true },
  { method: 'GET', path: '/api/v1/wishlist', auth: true },
  { method: 'POST', path: '/api/v1/wishlist', body: { productId: 'id' }, auth: true },
  { method: 'DELETE', path: '/api/v1/wishlist/:productId', auth: true },
  { method: 'GET', path: '/api/v1/addresses', auth: true },
  {
    method: 'POST',
    path: '/api/v1/addresses',
    body: { name: 'string', details: 'string', phone: 'phone', city: 'string' },
    auth: true,
  },
  { method: 'DELETE', path: '/api/v1/addresses/:addressId', auth: true },
  { method: 'GET', path: '/api/v1/dev/outbox', query: ['to'] },
  { method: 'GET', path: '/api/v1/health' },
  { method: 'GET', path: '/api/v1/ready' },
  { method: 'POST', path: '/api/v1/webhooks/stripe', body: { id: 'string', type: 'string' } },
  { method: 'GET', path: '/pay/:sessionId' },
  {
    method: 'POST',
    path: '/pay/:sessionId',
    body: { cardNumber: 'string', expiry: 'string', cvc: 'string', cardName: 'string', csrf: 'string' },
    form: true,
  },
  { method: 'GET', path: '/pay/:sessionId/return' },
  { method: 'GET', path: '/images/:file', query: ['w'] },
  { method: 'GET', path: '/ecommerceweb/:file' },
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/allorders' },
  { method: 'GET', path: '/cart' },
];

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 bytes it would have been. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .replace(/[\ud800-\udfff]/g, '%ED%A0%80')
      .replace(/[^%A-Za-z0-9._~-]/g, (c) => encodeURIComponent(c));
  }
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

const sqlFragments = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '" OR ""="',
  "1' UNION SELECT password_hash FROM users --",
  '$1',
  '\\x00',
  "'); DELETE FROM products; --",
];

const oddStrings = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '[object Object]',
  '__proto__',
  'constructor',
  '{"$gt":""}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '😀'.repeat(20),
  '\u202e\u0301\ufeff',
  '\ud800',
  'a'.repeat(300),
  'Ω≈ç√∫',
  'test@example.com',
  '01012345678',
];

const unusualIds = [
  '000000000000000000000000',
  'ffffffffffffffffffffffff',
  'FFFFFFFFFFFFFFFFFFFFFFFF',
  '6b02dd32f36b3e34954fcb9',
  '6b02dd32f36b3e34954fcb999',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '1',
  '-1',
  '0',
  '99999999999999999999999999',
  'null',
  'undefined',
  '%00',
  '%2e%2e',
  '..%2f..%2fpackage.json',
  '%252e%252e%252f',
  '..',
  '.',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '%E2%80%AE',
  "1'%20OR%20'1'%3D'1",
  'a'.repeat(150),
  'a'.repeat(400),
  '%7B%22%24gt%22%3A%22%22%7D',
  '__proto__',
  'constructor',
  'prototype',
  '%F0%9F%98%80',
  'ObjectId(%22000000000000000000000000%22)',
];

const traversals = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/%2e%2e/package.json',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '..%5c..%5cpackage.json',
  '....//....//package.json',
  '%252e%252e%252fpackage.json',
  '..%00/package.json',
  '%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
  '/etc/passwd',
  '//etc/passwd',
  '.env',
  '.data/jwt-secret',
  '../.data/jwt-secret',
  '../server/config.ts',
  'index.html%00.png',
  'products/../../jwt-secret',
  'products/..%2f..%2fjwt-secret',
  '.w/160/../../../jwt-secret',
  'nonexistent.webp',
  'products/x.webp',
];

const queryNoise = [
  'price[$gt]=0',
  'price[$ne]=1',
  'price[gte][$gt]=1',
  'keyword[$regex]=.*',
  'keyword.$ne=1',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'sort=password',
  'sort=-password_hash',
  'sort=;DROP TABLE products',
  "sort=price'--",
  'fields=password,email',
  'fields=__proto__',
  'limit=-1',
  'limit=0',
  'limit=1e309',
  'limit=99999999999999999999',
  'limit=abc',
  'limit[]=1',
  'page=-5',
  'page=1.5',
  'page=9007199254740993',
  'category[in]=x&category[in]=y',
  'category[in][]=1',
  'brand=%00',
  "keyword=' OR 1=1 --",
  'keyword=%',
  'keyword=_',
  'keyword=\\',
  'price[gte]=abc',
  'price[lte]=-1e400',
  'w=99999',
  'w=-1',
  'w=abc',
  'url=javascript:alert(1)',
  'url=http://',
  'url=file:///etc/passwd',
  'to=%00',
  'a=' + 'b'.repeat(3000),
  Array.from({ length: 200 }, (_, i) => `category[in]=${i}`).join('&'),
  Array.from({ length: 500 }, (_, i) => `k${i}=v`).join('&'),
  '%ZZ=1',
  'x=%E0%A4%A',
];

function deepJson(rng: Rng): string {
  const depth = pick(rng, [100, 1_000, 10_000, 30_000]);
  if (rng() < 0.5) return '['.repeat(depth) + ']'.repeat(depth);
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function deepValue(rng: Rng): string {
  const depth = pick(rng, [50, 2_000, 15_000]);
  return '['.repeat(depth) + '1' + ']'.repeat(depth);
}

function jsonLiteral(rng: Rng, field: Field, ctx: FuzzContext): string {
  const r = rng();
  if (r < 0.35) return JSON.stringify(validValue(rng, field, ctx));
  if (r < 0.5)
    return pick(rng, [
      '1',
      '-1',
      '0',
      '1.5',
      '1e308',
      'true',
      'false',
      'null',
      '[]',
      '{}',
      '[1,2]',
      '{"$gt":""}',
      '{"__proto__":{"x":1}}',
      '"\\u0000"',
    ]);
  if (r < 0.65) return JSON.stringify(pick(rng, oddStrings));
  if (r < 0.75) return JSON.stringify(pick(rng, sqlFragments));
  if (r < 0.82) return JSON.stringify('x'.repeat(pick(rng, [1_000, 20_000, 90_000])));
  if (r < 0.88) return deepValue(rng);
  if (r < 0.94) return JSON.stringify(pick(rng, unusualIds));
  return JSON.stringify({
    details: pick(rng, sqlFragments),
    phone: 12345,
    city: ['x'],
    extra: { $ne: null },
  });
}

function validValue(rng: Rng, field: Field, ctx: FuzzContext): unknown {
  switch (field) {
    case 'email':
      return pick(rng, ['fuzz@example.com', `fuzz${int(rng, 1, 1e6)}@example.com`, 'UPPER@EXAMPLE.COM']);
    case 'password':
      return pick(rng, ['secret123', 'Fuzz!pass9']);
    case 'phone':
      return pick(rng, ['01012345678', '201512345678']);
    case 'id':
      return pick(rng, [ctx.productId, ctx.cartId, ctx.userId]);
    case 'int':
      return int(rng, 1, 3);
    case 'address':
      return { details: 'Fuzz street 1', phone: '01012345678', city: 'Cairo' };
    case 'url':
      return 'http://localhost:3000/#';
    default:
      return pick(rng, ['Fuzz Tester', 'abc', '424242']);
  }
}

/** A body for an endpoint: mostly JSON objects with something wrong, sometimes not JSON at all. */
function makeBody(
  rng: Rng,
  ep: Endpoint,
  ctx: FuzzContext,
): { body: string | Buffer; contentType?: string; label: string } {
  const fields = Object.entries(ep.body ?? { anything: 'string' as Field });
  const r = rng();
  if (r < 0.55) {
    // An object: each field valid, wrong, or missing; sometimes extra fields.
    const parts: string[] = [];
    for (const [name, type] of fields) {
      if (rng() < 0.15) continue;
      parts.push(`${JSON.stringify(name)}:${jsonLiteral(rng, type, ctx)}`);
    }
    if (rng() < 0.3)
      parts.push(
        pick(rng, [
          '"__proto__":{"role":"admin"}',
          '"constructor":{"prototype":{"x":1}}',
          '"role":"admin"',
          '"_id":"000000000000000000000000"',
          '"$where":"1"',
          '"isPaid":true',
          '"price":0',
        ]),
      );
    return { body: `{${parts.join(',')}}`, label: 'object' };
  }
  if (r < 0.62)
    return {
      body: pick(rng, ['[]', '"text"', '42', 'null', 'true', '[{"productId":1}]']),
      label: 'non-object JSON',
    };
  if (r < 0.68) return { body: deepJson(rng), label: 'deep JSON' };
  if (r < 0.74)
    return {
      body: pick(rng, [
        '{',
        '{"a":}',
        "{'a':1}",
        '{"a":1,}',
        '\u0000',
        'undefined',
        '{"a":"\\x41"}',
        '{"a":"\\ud800"}',
      ]),
      label: 'malformed JSON',
    };
  if (r < 0.8) {
    // Invalid UTF-8 inside and around JSON strings.
    const bad = Buffer.from(
      pick(rng, [[0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]]),
    );
    const [name] = fields[0] ?? ['x'];
    return {
      body: Buffer.concat([Buffer.from(`{"${name}":"a`), bad, Buffer.from('b"}')]),
      label: 'invalid UTF-8',
    };
  }
  if (r < 0.85) {
    const size = pick(rng, [50_000, 101_000, 300_000]);
    const [name] = fields[0] ?? ['x'];
    return { body: `{"${name}":"${'y'.repeat(size)}"}`, label: `huge body ${size}` };
  }
  if (r < 0.9)
    return {
      body: 'productId=1&count=2',
      contentType: 'application/x-www-form-urlencoded',
      label: 'form body',
    };
  if (r < 0.94)
    return {
      body: '{"productId":"1"}',
      contentType: pick(rng, [
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        'application/octet-stream',
        'application/json;;',
        'x/y/z',
      ]),
      label: 'wrong content type',
    };
  if (r < 0.97) return { body: '', label: 'empty body' };
  return {
    body: JSON.stringify(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]))),
    label: 'many keys',
  };
}

function tokenHeader(rng: Rng, ctx: FuzzContext): { value?: string; label: string } {
  const r = rng();
  if (r < 0.55) return { value: ctx.token, label: 'token' };
  if (r < 0.65) return { label: 'no token' };
  const [h, p] = ctx.token.split('.');
  const options: Array<[string, string]> = [
    ['garbage', 'garbage'],
    ['', 'empty'],
    ['Bearer ' + ctx.token, 'bearer'],
    [ctx.forgedToken, 'forged'],
    [`${h}.${p}.`, 'no signature'],
    [`eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.${p}.`, 'alg none'],
    [
      `${h}.${Buffer.from('{"id":{"$ne":null},"name":"x","role":"admin"}').toString('base64url')}.abc`,
      'injected payload',
    ],
    ['a'.repeat(8_000), 'long token'],
    [ctx.token + 'x', 'tampered'],
    ["' OR 1=1 --", 'sql token'],
  ];
  const [value, label] = pick(rng, options);
  return { value, label };
}

function fillPath(rng: Rng, ep: Endpoint, ctx: FuzzContext): string {
  return ep.path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'file') return pick(rng, traversals);
    const real = (ctx as unknown as Record<string, string>)[name] ?? ctx.productId;
    const r = rng();
    if (r < 0.3) return real;
    if (r < 0.4 && name === 'userId') return ctx.otherUserId;
    if (r < 0.5) return pick(rng, sqlFragments.map(enc));
    return pick(rng, unusualIds);
  });
}

export function generateRequest(rng: Rng, ctx: FuzzContext): FuzzRequest {
  const ep = pick(rng, endpoints);
  // Sometimes the wrong method for a known path, or an unknown path.
  let method = ep.method;
  const r = rng();
  if (r < 0.05) method = pick(rng, ['PATCH', 'DELETE', 'PUT', 'OPTIONS', 'HEAD'] as Method[]);
  let url = fillPath(rng, ep, ctx);
  if (rng() < 0.03)
    url = pick(rng, [
      '/api/v2/products',
      '/api/v1/../../etc/passwd',
      '/api/v1/%2e%2e/%2e%2e/package.json',
      '/api//v1//products',
      '/API/V1/PRODUCTS',
      '/api/v1/products/',
      '/api/v1/products?',
      '/api/v1/;/products',
    ]);
  const labels = [`${method} ${ep.path}`];

  const query: string[] = [];
  for (const q of ep.query ?? []) {
    if (rng() < 0.3)
      query.push(
        `${q}=${enc(pick(rng, [...oddStrings, ...sqlFragments, '1', '10', ctx.productId, ctx.categoryId, ctx.brandId, 'http://localhost:3000/#']))}`,
      );
  }
  // Spaces and quotes percent-encoded: they are not allowed raw in a request line.
  if (rng() < 0.35) query.push(pick(rng, queryNoise).replace(/ /g, '%20'));
  if (query.length > 0) url += (url.includes('?') ? '&' : '?') + query.join('&');

  const headers: Record<string, string> = {};
  if (ep.auth || rng() < 0.2) {
    const t = tokenHeader(rng, ctx);
    if (t.value !== undefined) headers.token = t.value;
    labels.push(t.label);
  }
  const h = rng();
  if (h < 0.04) {
    headers['x-fuzz'] = 'h'.repeat(pick(rng, [4_000, 12_000, 40_000]));
    labels.push('long header');
  } else if (h < 0.07) {
    headers.origin = pick(rng, ['https://evil.example', 'null', 'http://localhost:3000']);
    headers['sec-fetch-site'] = pick(rng, ['cross-site', 'same-origin', 'none']);
    labels.push('origin');
  } else if (h < 0.09) {
    headers['x-forwarded-for'] = pick(rng, [
      '1.2.3.4',
      "'; DROP TABLE x; --",
      '::1, 10.0.0.1',
      'a'.repeat(500),
    ]);
    labels.push('x-forwarded-for');
  } else if (h < 0.11) {
    headers['accept-encoding'] = pick(rng, ['br', 'gzip;q=0', 'identity;q=0, *;q=0', 'x'.repeat(200)]);
    labels.push('accept-encoding');
  }

  let body: string | Buffer | undefined;
  const sendsBody =
    method === 'POST' ||
    method === 'PUT' ||
    (method === 'DELETE' && rng() < 0.2) ||
    (method === 'GET' && rng() < 0.05);
  if (sendsBody) {
    const b = makeBody(rng, ep, ctx);
    body = b.body;
    labels.push(b.label);
    let contentType = b.contentType ?? 'application/json';
    if (ep.form && rng() < 0.7) {
      // The payment page takes form posts: send form-encoded fields with bad values too.
      contentType = 'application/x-www-form-urlencoded';
      body = Object.keys(ep.body ?? {})
        .filter(() => rng() < 0.85)
        .map(
          (k) =>
            `${k}=${enc(pick(rng, [...oddStrings, ...sqlFragments, '4242 4242 4242 4242', '12/30', '123']))}`,
        )
        .join('&');
      if (rng() < 0.2) body += '&' + 'z=' + 'q'.repeat(pick(rng, [5_000, 20_000]));
    }
    if (rng() < 0.08) labels.push('no content-type');
    else headers['content-type'] = contentType;
  }
  return { method, url, headers, body, label: labels.join(' | ') };
}

export interface FuzzStats {
  requests: number;
  serverErrors: number;
  byStatus: Map<number, number>;
  failures: string[];
}

/** Texts that must never come back: files outside the served folders, secrets, stack traces. */
const leaks = [
  /root:x:0:0/,
  /"name":\s*"ecommerceweb"/,
  /reliability-test-secret/,
  /\n\s+at .+\(.+:\d+:\d+\)/,
  /"devDependencies"/,
];

export function checkResponse(req: FuzzRequest, res: FuzzResponse, stats: FuzzStats, secret?: string) {
  stats.requests++;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const problems: string[] = [];
  if (res.status >= 500) {
    stats.serverErrors++;
    problems.push(`status ${res.status}`);
  }
  for (const leak of leaks) if (leak.test(res.body)) problems.push(`leak ${leak}`);
  if (secret && res.body.includes(secret)) problems.push('leaks the JWT secret');
  if (problems.length > 0 && stats.failures.length < 30) {
    stats.failures.push(
      `${problems.join(', ')} for ${req.method} ${req.url.slice(0, 200)} [${req.label}]: ${res.body.slice(0, 200)}`,
    );
  }
}

export function newFuzzStats(): FuzzStats {
  return { requests: 0, serverErrors: 0, byStatus: new Map(), failures: [] };
}

export type Send = (req: FuzzRequest) => Promise<FuzzResponse>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function parse(res: FuzzResponse): Record<string, any> {
  try {
    return JSON.parse(res.body);
  } catch {
    return {};
  }
}

async function jsonCall(send: Send, method: Method, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.token = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await send({
    method,
    url,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    label: 'setup',
  });
  return { status: res.status, json: parse(res) };
}

// Never generated by the fuzzer, so a fuzzed changeMyPassword cannot log the fuzzing shopper out.
const setupPassword = 'setup-Pass-77';

/** Two shoppers, a cart, a checkout session and an address: the real ids the fuzzer mixes in. */
export async function prepareFuzzContext(send: Send, tag: string): Promise<FuzzContext> {
  const signup = async (n: number) => {
    const email = `fuzz-${tag}-${n}-${Date.now().toString(36)}@example.com`;
    const res = await jsonCall(send, 'POST', '/api/v1/auth/signup', {
      name: 'Fuzz Shopper',
      email,
      password: setupPassword,
      rePassword: setupPassword,
      phone: '01012345678',
    });
    if (res.status !== 201) throw new Error(`fuzz setup signup: ${res.status} ${JSON.stringify(res.json)}`);
    const token = res.json.token as string;
    const id = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).id as string;
    return { token, id };
  };
  const me = await signup(1);
  const other = await signup(2);
  const products = await jsonCall(send, 'GET', '/api/v1/products?limit=5');
  const product = products.json.data[0];
  const cart = await jsonCall(send, 'POST', '/api/v1/cart', { productId: product._id }, me.token);
  if (cart.status !== 200) throw new Error(`fuzz setup cart: ${cart.status}`);
  const session = await jsonCall(
    send,
    'POST',
    `/api/v1/orders/checkout-session/${cart.json.cartId}?url=${encodeURIComponent('http://localhost:3000/#')}`,
    { shippingAddress: { details: 'Fuzz street 1', phone: '01012345678', city: 'Cairo' } },
    me.token,
  );
  if (session.status !== 200)
    throw new Error(`fuzz setup session: ${session.status} ${JSON.stringify(session.json)}`);
  const address = await jsonCall(
    send,
    'POST',
    '/api/v1/addresses',
    { name: 'Home', details: 'Fuzz street 1', phone: '01012345678', city: 'Cairo' },
    me.token,
  );
  const forgedToken = await new SignJWT({ id: me.id, name: 'Fuzz Shopper', role: 'user' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-key-that-is-not-the-servers-0123456789'));
  return {
    token: me.token,
    forgedToken,
    userId: me.id,
    otherUserId: other.id,
    productId: product._id,
    categoryId: product.category._id,
    brandId: product.brand?._id ?? product._id,
    cartId: cart.json.cartId,
    sessionId: session.json.session.id,
    addressId: address.json.data?.[0]?._id ?? '000000000000000000000000',
  };
}

export interface CatalogueSnapshot {
  results: number;
  /** id → "title|price|quantity+sold" */
  products: Map<string, string>;
}

/** The catalogue as a shopper sees it; stock may move (fuzzed orders are real orders), quantity + sold may not. */
export async function catalogueSnapshot(send: Send): Promise<CatalogueSnapshot> {
  const res = await jsonCall(send, 'GET', '/api/v1/products?limit=1000');
  if (res.status !== 200) throw new Error(`catalogue: ${res.status}`);
  const products = new Map<string, string>();
  for (const p of res.json.data)
    products.set(p._id, `${p.title}|${p.price}|${p.quantity + p.sold}|${p.quantity >= 0}`);
  return { results: res.json.results, products };
}

/** Runs `count` generated requests and then checks the server still answers and its data is intact. */
export async function runFuzz(options: {
  send: Send;
  rng: Rng;
  count: number;
  context: FuzzContext;
  secret?: string;
  concurrency?: number;
}): Promise<FuzzStats> {
  const { send, rng, count, context } = options;
  const stats = newFuzzStats();
  const before = await catalogueSnapshot(send);
  // Generated up front, in order, so a seed always produces the same requests whatever the timing.
  const requests = Array.from({ length: count }, () => generateRequest(rng, context));
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++]!;
      let res: FuzzResponse;
      try {
        res = await send(req);
      } catch (err) {
        res = { status: 599, body: `no answer: ${(err as Error).message}` };
      }
      checkResponse(req, res, stats, options.secret);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 1 }, worker));
  const health = await send({ method: 'GET', url: '/api/v1/health', headers: {}, label: 'after' });
  if (health.status !== 200) stats.failures.push(`health after fuzz: ${health.status}`);
  const after = await catalogueSnapshot(send);
  if (after.results !== before.results)
    stats.failures.push(`catalogue size changed: ${before.results} → ${after.results}`);
  for (const [id, was] of before.products) {
    if (after.products.get(id) !== was)
      stats.failures.push(`product ${id} changed: ${was} → ${after.products.get(id)}`);
  }
  const cart = await jsonCall(send, 'GET', '/api/v1/cart', undefined, context.token);
  if (cart.status === 200) {
    const lines = cart.json.data.products as Array<{ count: number; price: number }>;
    const total = lines.reduce((s, l) => s + l.count * l.price, 0);
    if (cart.json.data.totalCartPrice !== total || cart.json.numOfCartItems !== lines.length)
      stats.failures.push('fuzzed cart is inconsistent');
    if (lines.some((l) => !Number.isInteger(l.count) || l.count < 1))
      stats.failures.push('fuzzed cart has a bad count');
  } else if (cart.status !== 404) stats.failures.push(`GET /cart after fuzz: ${cart.status}`);
  const mine = await jsonCall(send, 'GET', `/api/v1/orders/user/${context.userId}`, undefined, context.token);
  if (mine.status !== 200 || !Array.isArray(mine.json))
    stats.failures.push(`orders after fuzz: ${mine.status}`);
  const signin = await jsonCall(send, 'GET', '/api/v1/auth/verifyToken', undefined, context.token);
  if (signin.status !== 200 && signin.status !== 401)
    stats.failures.push(`verifyToken after fuzz: ${signin.status}`);
  return stats;
}
