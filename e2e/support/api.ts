// The server side of the journeys: every call here goes straight to the API, so a test can prepare
// data quickly and check what the server holds after the shopper acted in the browser.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { CartEnvelope } from '@/lib/contract/cart';
import type { Category, Product } from '@/lib/contract/catalogue';
import type { ListEnvelope } from '@/lib/contract/common';
import type { Order } from '@/lib/contract/orders';
import type { WishlistAnswer } from '@/lib/contract/wishlist';

export interface Shopper {
  name: string;
  email: string;
  password: string;
  phone: string;
  token: string;
  userId: string;
}

let counter = 0;

/** A unique, valid e-mail address for one test's shopper. */
export function uniqueEmail(tag = 'shopper'): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A valid Egyptian mobile number: 01, then 0/1/2/5, then eight digits. */
export function egyptianPhone(): string {
  const second = ['0', '1', '2', '5'][randomBytes(1)[0]! % 4]!;
  const rest = Array.from(randomBytes(8), (b) => String(b % 10)).join('');
  return `01${second}${rest}`;
}

async function json<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${text}`);
  return JSON.parse(text) as T;
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error(`Not a JWT: ${token}`);
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Staff tokens of this worker, by account e-mail (Api.staffToken). */
const staffTokens = new Map<string, Promise<string>>();

export class Api {
  constructor(private readonly request: APIRequestContext) {}

  /** Signs a brand-new shopper up through the API (the storefront is not involved). */
  async createShopper(
    overrides: Partial<Pick<Shopper, 'name' | 'email' | 'password' | 'phone'>> = {},
  ): Promise<Shopper> {
    const name = overrides.name ?? 'Test Shopper';
    const email = overrides.email ?? uniqueEmail();
    const password = overrides.password ?? 'secret123';
    const phone = overrides.phone ?? egyptianPhone();
    const body = await json<{ token: string }>(
      await this.request.post('/api/v1/auth/signup', {
        data: { name, email, password, rePassword: password, phone },
      }),
      'signup',
    );
    return { name, email, password, phone, token: body.token, userId: this.userIdOf(body.token) };
  }

  userIdOf(token: string): string {
    const id = decodeJwtPayload(token).id;
    if (typeof id !== 'string') throw new Error('token without an id');
    return id;
  }

  async signin(email: string, password: string): Promise<APIResponse> {
    return this.request.post('/api/v1/auth/signin', { data: { email, password } });
  }

  /**
   * A staff account's token for the staff API, signed in once per worker and account: every sign-in counts toward
   * the account's budget (docs/security.md), and a deployed shop's QA account serves every staff journey.
   */
  async staffToken(account: { email: string; password: string }): Promise<string> {
    let token = staffTokens.get(account.email);
    if (!token) {
      token = this.signin(account.email, account.password).then(async (response) => {
        const body = await response.text();
        if (!response.ok())
          throw new Error(`staff sign-in of ${account.email} failed: ${response.status()} ${body}`);
        return (JSON.parse(body) as { token: string }).token;
      });
      staffTokens.set(account.email, token);
      // A failed sign-in is not kept: the next journey tries again.
      token.catch(() => staffTokens.delete(account.email));
    }
    return token;
  }

  /**
   * The seeded catalogue, in the list's order (newest first), for journeys that need products in stock: the products
   * other journeys make while the run goes on (the back office's, the CSV import's: a few units each, first in the
   * list, and bought by journeys running beside) are left out, so no journey's stock depends on another's.
   */
  async catalogue(): Promise<Product[]> {
    const runStarted = Date.parse(process.env.E2E_STARTED ?? '') || Date.now();
    return (await this.products()).filter((p) => Date.parse(p.createdAt) < runStarted);
  }

  async products(query = ''): Promise<Product[]> {
    const all: Product[] = [];
    for (let page = 1; ; page++) {
      const sep = query ? '&' : '';
      const body = await json<ListEnvelope<Product>>(
        await this.request.get(`/api/v1/products?${query}${sep}page=${page}&limit=200`),
        'products',
      );
      all.push(...body.data);
      if (!body.metadata.nextPage) return all;
    }
  }

  async product(id: string): Promise<Product> {
    return (await json<{ data: Product }>(await this.request.get(`/api/v1/products/${id}`), 'product')).data;
  }

  async categories(): Promise<Category[]> {
    return (
      await json<ListEnvelope<Category>>(await this.request.get('/api/v1/categories?limit=200'), 'categories')
    ).data;
  }

  async brands(): Promise<Category[]> {
    return (await json<ListEnvelope<Category>>(await this.request.get('/api/v1/brands?limit=200'), 'brands'))
      .data;
  }

  async cartResponse(token: string): Promise<APIResponse> {
    return this.request.get('/api/v1/cart', { headers: { token } });
  }

  /** The shopper's cart, or null when the server has none (404 "No cart exist"). */
  async cart(token: string): Promise<CartEnvelope | null> {
    const response = await this.request.get('/api/v1/cart', { headers: { token } });
    if (response.status() === 404) return null;
    return json<CartEnvelope>(response, 'get cart');
  }

  async addToCart(token: string, productId: string): Promise<CartEnvelope> {
    return json<CartEnvelope>(
      await this.request.post('/api/v1/cart', { headers: { token }, data: { productId } }),
      'add to cart',
    );
  }

  async setCount(token: string, productId: string, count: number): Promise<CartEnvelope> {
    return json<CartEnvelope>(
      await this.request.put(`/api/v1/cart/${productId}`, { headers: { token }, data: { count } }),
      'update count',
    );
  }

  /** Places a cash order for the shopper's current cart. */
  /** A cash order of the cart, placed in `lang` (the shopper's mails speak it). */
  async cashOrder(
    token: string,
    shippingAddress: { details: string; city: string; phone: string },
    lang: 'en' | 'ar' = 'en',
  ): Promise<Order> {
    const cart = await this.cart(token);
    if (!cart) throw new Error('no cart to order');
    const body = await json<{ data: Order }>(
      await this.request.post(`/api/v1/orders/${cart.cartId}`, {
        headers: { token, 'accept-language': lang },
        data: { shippingAddress },
      }),
      'cash order',
    );
    return body.data;
  }

  /** Adds an address to the shopper's address book. */
  async saveAddress(
    token: string,
    address: { name: string; details: string; city: string; phone: string },
  ): Promise<void> {
    await json(
      await this.request.post('/api/v1/addresses', { headers: { token }, data: address }),
      'address',
    );
  }

  /** Starts a card checkout for the shopper's cart and returns the hosted payment page's address. */
  async checkoutSessionUrl(token: string, returnBase: string): Promise<string> {
    const cart = await this.cart(token);
    if (!cart) throw new Error('no cart to check out');
    const body = await json<{ session: { url: string } }>(
      await this.request.post(
        `/api/v1/orders/checkout-session/${cart.cartId}?url=${encodeURIComponent(returnBase)}`,
        {
          headers: { token },
          data: { shippingAddress: { details: '12 Nile Street', city: 'Cairo', phone: egyptianPhone() } },
        },
      ),
      'checkout session',
    );
    return body.session.url;
  }

  async orders(token: string, userId: string): Promise<Order[]> {
    return json<Order[]>(
      await this.request.get(`/api/v1/orders/user/${userId}`, { headers: { token } }),
      'orders',
    );
  }

  async wishlist(token: string): Promise<WishlistAnswer> {
    return json<WishlistAnswer>(
      await this.request.get('/api/v1/wishlist', { headers: { token } }),
      'wishlist',
    );
  }

  /** Empties the shopper's cart on the server. */
  async clearCart(token: string): Promise<void> {
    const response = await this.request.delete('/api/v1/cart', { headers: { token } });
    if (!response.ok() && response.status() !== 404) {
      throw new Error(`clear cart failed: ${response.status()} ${await response.text()}`);
    }
  }

  /** Asks for a reset code and verifies it, as the forgot-password screens do: /changePass may then save. */
  async verifiedReset(email: string): Promise<void> {
    await json(
      await this.request.post('/api/v1/auth/forgotPasswords', { data: { email } }),
      'forgot password',
    );
    const resetCode = await this.latestResetCode(email);
    await json(
      await this.request.post('/api/v1/auth/verifyResetCode', { data: { resetCode } }),
      'verify code',
    );
  }

  /** A staff call (the back office's API) with a staff token: its answer as it comes. */
  async staffCall(method: 'POST' | 'PUT', path: string, token: string, data: unknown): Promise<APIResponse> {
    return this.request.fetch(`/api/v1${path}`, { method, headers: { token }, data });
  }

  /** The mails sent to this address, newest first (at most 50), from the development outbox. */
  async mails(email: string): Promise<{ subject: string; text: string; html: string | null }[]> {
    const response = await this.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
    const body = await json<{ data: { subject: string; text: string; html: string | null }[] }>(
      response,
      'outbox',
    );
    return body.data;
  }

  /** The newest 10-digit reset code sent to this address, from the development outbox. */
  async latestResetCode(email: string): Promise<string> {
    let code: string | null = null;
    await expect
      .poll(
        async () => {
          const response = await this.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
          if (!response.ok()) return null;
          code = findNewestCode(await response.json());
          return code;
        },
        { message: `a reset code in the dev outbox for ${email}`, timeout: 10_000 },
      )
      .not.toBeNull();
    return code!;
  }
}

/** Finds the newest 10-digit code in whatever list of messages the outbox returns. */
function findNewestCode(body: unknown): string | null {
  const list: unknown[] = Array.isArray(body)
    ? body
    : Array.isArray((body as { data?: unknown })?.data)
      ? (body as { data: unknown[] }).data
      : Array.isArray((body as { messages?: unknown })?.messages)
        ? (body as { messages: unknown[] }).messages
        : [];
  const withTimes = list.map((m, i) => {
    const rec = m as Record<string, unknown>;
    const when = Date.parse(String(rec.createdAt ?? rec.created_at ?? rec.sentAt ?? '')) || i;
    const text = [rec.subject, rec.text, rec.body, rec.html].filter((x) => typeof x === 'string').join('\n');
    const code = /\b(\d{10})\b/.exec(text)?.[1] ?? null;
    return { when, code };
  });
  withTimes.sort((a, b) => b.when - a.when);
  return withTimes.find((m) => m.code)?.code ?? null;
}
