// Which shop the journeys drive. By default playwright.config.ts starts our server on a fresh database for the
// run (e2e/support/web-server.ts), with every development door open: the mail outbox, a signing secret the tests
// know, the journeys' own staff accounts. With BASE_URL the journeys drive a shop that runs elsewhere (staging, a
// deployed shop, `npm start` on another port): no server is started, and the doors that shop may not have are
// probed or read from the environment. A journey that needs one says so with a tag (`doorTags` below); the
// `doors` fixture (e2e/support/fixtures.ts) skips it, with the reason, when the shop lacks the door, and fails it
// when our own server does (the default run never skips).
import type { APIRequestContext } from '@playwright/test';

/** BASE_URL as given (blank = unset). */
const baseUrl = process.env.BASE_URL?.trim() || undefined;

/** True when the run starts its own server (no BASE_URL): every door is open and nothing may be skipped. */
export const ownServer = !baseUrl;

function originOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `BASE_URL must be an absolute http(s) address such as https://staging.example, got "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`BASE_URL must be an http(s) address, got "${raw}"`);
  // The storefront is at /ecommerceweb/ and the API at /api/v1/ of the shop's host: the address's path (none,
  // '/', or '/ecommerceweb/') says nothing more.
  if (!/^\/(ecommerceweb\/?)?$/.test(url.pathname))
    throw new Error(
      `BASE_URL is the shop's address (its storefront at /ecommerceweb/, its API at /api/v1/), got "${raw}": ` +
        'give the host only, e.g. https://staging.example',
    );
  return url.origin;
}

/** The shop's origin (scheme, host and port), which every journey's relative address is read against. */
export const shopOrigin = baseUrl ? originOf(baseUrl) : `http://127.0.0.1:${process.env.E2E_PORT}`;

/** The shop's JWT secret when the run knows it (our own server's, or E2E_JWT_SECRET given for a deployed shop). */
export function signingSecret(): string | undefined {
  return process.env.E2E_JWT_SECRET || undefined;
}

export interface StaffAccount {
  email: string;
  password: string;
}

/** A staff account from two environment variables, or null when either is unset. */
function accountFromEnv(emailVar: string, passwordVar: string): StaffAccount | null {
  const email = process.env[emailVar]?.trim();
  const password = process.env[passwordVar];
  return email && password ? { email, password } : null;
}

/**
 * The QA staff account of a deployed shop (E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD), or null. A second account for the
 * order journeys (E2E_ORDER_DESK_EMAIL, E2E_ORDER_DESK_PASSWORD) is optional: the first serves both without it.
 */
export const qaStaff = accountFromEnv('E2E_STAFF_EMAIL', 'E2E_STAFF_PASSWORD');
export const qaOrderDesk = accountFromEnv('E2E_ORDER_DESK_EMAIL', 'E2E_ORDER_DESK_PASSWORD') ?? qaStaff;

/**
 * The tags a journey puts on itself when it needs something a deployed shop may not offer. Filter a run with them:
 * `--grep-invert @dev-outbox`.
 */
export const doorTags = {
  /** Reads mail from the development outbox (GET /api/v1/dev/outbox: not in production, loopback only). */
  devOutbox: '@dev-outbox',
  /** Asks the shop to send mail (a reset code): a production shop without SMTP_URL refuses with a 503. */
  sendsMail: '@sends-mail',
  /** Mints tokens with the shop's JWT secret (E2E_JWT_SECRET). */
  signingSecret: '@signing-secret',
  /** Signs in to the back office or calls the staff API (E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD). */
  staff: '@staff',
  /** Reads names or shapes of the seeded catalogue (its categories, a brand without products, …). */
  seededCatalogue: '@seeded-catalogue',
  /** Signs in with Google (a stand-in for Google's script): the storefront must be built with a Google client id. */
  googleSignIn: '@google-sign-in',
} as const;
export type DoorTag = (typeof doorTags)[keyof typeof doorTags];

/** A category the seed makes (server/seed/seed-data.ts): its presence tells a seeded catalogue. */
const seededCategory = 'Electronics';

const probes = new Map<DoorTag, Promise<string | null>>();

/**
 * Why the shop cannot serve a journey with this tag, or null when it can. Probed once per worker (the answer does
 * not change during a run).
 */
export function missingDoor(tag: DoorTag, request: APIRequestContext): Promise<string | null> {
  let probe = probes.get(tag);
  if (!probe) {
    probe = probeDoor(tag, request);
    probes.set(tag, probe);
  }
  return probe;
}

async function probeDoor(tag: DoorTag, request: APIRequestContext): Promise<string | null> {
  switch (tag) {
    case doorTags.devOutbox: {
      const response = await request.get('/api/v1/dev/outbox?to=door-probe%40example.com');
      return response.ok()
        ? null
        : `needs the development mail outbox, which ${shopOrigin} does not offer ` +
            `(GET /api/v1/dev/outbox answered ${response.status()}: production shops and requests from ` +
            'another machine or through a proxy get none)';
    }
    case doorTags.sendsMail: {
      // Nobody has this address: a shop that can send mail answers as it would for anyone and sends nothing.
      const response = await request.post('/api/v1/auth/forgotPasswords', {
        data: { email: 'door-probe@example.com' },
      });
      return response.status() !== 503
        ? null
        : `asks for a reset code, and ${shopOrigin} cannot send mail (forgotPasswords answered 503: ` +
            'a production shop without SMTP_URL)';
    }
    case doorTags.signingSecret:
      return signingSecret()
        ? null
        : `needs the shop's JWT secret to mint an expired token: set E2E_JWT_SECRET to ${shopOrigin}'s JWT_SECRET`;
    case doorTags.staff:
      return ownServer || qaStaff
        ? null
        : `needs a QA staff account of ${shopOrigin}'s back office: set E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD`;
    case doorTags.googleSignIn:
      return (await storefrontHasGoogleClientId(request))
        ? null
        : `signs in with Google, and ${shopOrigin}'s storefront was built without a Google client id ` +
            '(NEXT_PUBLIC_GOOGLE_CLIENT_ID), so it shows no Google button';
    case doorTags.seededCatalogue: {
      const response = await request.get('/api/v1/categories?limit=200');
      const names = response.ok()
        ? ((await response.json()) as { data: { name: string }[] }).data.map((c) => c.name)
        : [];
      return names.includes(seededCategory)
        ? null
        : `reads the seeded catalogue, and ${shopOrigin} has another (no category "${seededCategory}")`;
    }
  }
}

/**
 * True when the storefront's first page loads code with a Google client id in it (NEXT_PUBLIC_GOOGLE_CLIENT_ID is
 * written into the build; every client id ends in .apps.googleusercontent.com).
 */
async function storefrontHasGoogleClientId(request: APIRequestContext): Promise<boolean> {
  const page = await request.get('/ecommerceweb/');
  if (!page.ok()) return false;
  const html = await page.text();
  // Its script tags, and the framework's scripts our build's loader adds (lib/early-paint/framework-gate.ts: their
  // addresses are in the page as strings).
  const scripts = [
    ...new Set(
      [
        ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
        ...html.matchAll(/"((?:\/[^"/]+)*\/_next\/static\/[^"]+\.js)"/g),
      ].map((m) => m[1]!),
    ),
  ];
  for (const src of scripts) {
    const script = await request.get(new URL(src, `${shopOrigin}/ecommerceweb/`).href);
    if (script.ok() && (await script.text()).includes('.apps.googleusercontent.com')) return true;
  }
  return false;
}
