import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@/server/db/client';
import { idFromSlug } from '@/server/db/ids';
import { brands, categories, products } from '@/server/db/schema';
import { startTestApp, type DbKind, type StartOptions, type TestApp } from '../helpers/test-app';

// Boots the real app on a real database (the server's test boot helper: in-memory PGlite, or a
// fresh PostgreSQL database) and drives it the way a storefront and a shopper's browser do: JSON
// calls with the token header, and form posts to the hosted payment page.

export const returnBase = 'http://shop.test/ecommerceweb/#';
export const publicUrl = 'http://api.shop.test';
export const address = { details: '12 Tahrir St, flat 4', phone: '01012345678', city: 'Cairo' };

export type Harness = TestApp;

export function startApp(kind: DbKind, options: StartOptions = {}): Promise<Harness> {
  return startTestApp(kind, {
    ...options,
    seed: false,
    // The storefront's origin (returnBase) is one of the shop's own: checkout may return there.
    env: { PUBLIC_URL: publicUrl, CORS_ORIGINS: 'http://shop.test', ...options.env },
  });
}

export interface SeededProduct {
  id: string;
  title: string;
  price: number;
}

/** A category, a brand and products with the given prices and stock. */
export async function seedProducts(
  database: Database,
  items: { title: string; price: number; quantity: number }[],
): Promise<SeededProduct[]> {
  const tag = randomBytes(4).toString('hex');
  const categoryId = idFromSlug('category', `pay-${tag}`);
  const brandId = idFromSlug('brand', `pay-${tag}`);
  await database.db
    .insert(categories)
    .values({ id: categoryId, name: 'Test', slug: `pay-cat-${tag}`, image: '/images/c.png' });
  await database.db
    .insert(brands)
    .values({ id: brandId, name: 'Test', slug: `pay-brand-${tag}`, image: '/images/b.png' });
  const rows = items.map((item, i) => ({
    id: idFromSlug('product', `pay-${tag}-${i}`),
    title: item.title,
    slug: `pay-${tag}-${i}`,
    description: `${item.title} for payment tests`,
    quantity: item.quantity,
    price: item.price,
    imageCover: '/images/p.png',
    images: ['/images/p.png'],
    categoryId,
    brandId,
    subcategoryIds: [],
    ratingsAverage: 4.5,
    ratingsQuantity: 3,
  }));
  await database.db.insert(products).values(rows);
  return rows.map((r) => ({ id: r.id, title: r.title, price: r.price }));
}

export interface Shopper {
  token: string;
  userId: string;
  email: string;
}

export async function signUp(app: FastifyInstance, name = 'Mona'): Promise<Shopper> {
  const email = `pay-${randomBytes(5).toString('hex')}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name, email, password: 'secret123', rePassword: 'secret123', phone: '01012345678' },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { token: string }).token;
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { id: string };
  return { token, userId: payload.id, email };
}

/** Adds each product once (repeat an id to add it again); returns the cart id. */
export async function fillCart(
  app: FastifyInstance,
  shopper: Shopper,
  productIds: string[],
): Promise<string> {
  let cartId = '';
  for (const productId of productIds) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { token: shopper.token },
      payload: { productId },
    });
    if (res.statusCode !== 200) throw new Error(`add to cart failed: ${res.statusCode} ${res.body}`);
    cartId = (res.json() as { cartId: string }).cartId;
  }
  return cartId;
}

export interface SessionJson {
  id: string;
  url: string;
  success_url: string;
  cancel_url: string;
  status: string;
  payment_status: string;
  amount_total: number;
  currency: string;
  expires_at: number;
}

export function requestSession(
  app: FastifyInstance,
  shopper: Shopper,
  cartId: string,
  opts: { url?: string | null; body?: unknown } = {},
) {
  const url = opts.url === null ? '' : `?url=${encodeURIComponent(opts.url ?? returnBase)}`;
  return app.inject({
    method: 'POST',
    url: `/api/v1/orders/checkout-session/${cartId}${url}`,
    headers: { token: shopper.token },
    payload: (opts.body ?? { shippingAddress: address }) as Record<string, unknown>,
  });
}

export async function createSession(
  app: FastifyInstance,
  shopper: Shopper,
  cartId: string,
): Promise<SessionJson> {
  const res = await requestSession(app, shopper, cartId);
  if (res.statusCode !== 200) throw new Error(`checkout-session failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { session: SessionJson }).session;
}

export function csrfFrom(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no form token on the page');
  return m[1]!;
}

export const card4242 = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
  cardName: 'Mona Adel',
};

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export async function orderHistory(app: FastifyInstance, shopper: Shopper) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/orders/user/${shopper.userId}`,
    headers: { token: shopper.token },
  });
  if (res.statusCode !== 200) throw new Error(`history failed: ${res.statusCode} ${res.body}`);
  return res.json() as Array<{
    paymentMethodType: string;
    isPaid: boolean;
    paidAt?: string;
    totalOrderPrice: number;
    taxPrice: number;
    cartItems: { count: number; price: number; product: { _id: string } | string }[];
  }>;
}
