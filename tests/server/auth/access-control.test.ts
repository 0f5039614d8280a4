// Access control: every protected endpoint refuses a missing token, a malformed one, one signed with
// another key, an expired one, one with alg "none", and one issued before a password reset, with the
// contract's 401 texts; and no shopper can read or change another shopper's cart, orders, checkout
// sessions, addresses or wishlist.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '@/server/modules/auth/tokens';
import { invalidToken, notLoggedIn } from '@/server/errors';
import {
  dbKinds,
  json,
  signUp,
  someProducts,
  startTestApp,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

const address = { details: '5 Corniche Road', phone: '01012345678', city: 'Alexandria' };

interface Protected {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (ids: { productId: string; cartId: string; userId: string; addressId: string }) => string;
  payload?: unknown;
}

/** Every endpoint that needs a token (the contract's cart, orders, wishlist, addresses, users and verifyToken). */
const protectedEndpoints: Protected[] = [
  { method: 'GET', url: () => '/api/v1/auth/verifyToken' },
  {
    method: 'PUT',
    url: () => '/api/v1/users/changeMyPassword',
    payload: { currentPassword: 'secret123', password: 'newpass1', rePassword: 'newpass1' },
  },
  {
    method: 'PUT',
    url: () => '/api/v1/users/updateMe',
    payload: { name: 'Someone', email: 'someone@example.com', phone: '01012345678' },
  },
  { method: 'POST', url: () => '/api/v1/cart', payload: { productId: 'x' } },
  { method: 'GET', url: () => '/api/v1/cart' },
  { method: 'PUT', url: (i) => `/api/v1/cart/${i.productId}`, payload: { count: 2 } },
  { method: 'DELETE', url: (i) => `/api/v1/cart/${i.productId}` },
  { method: 'DELETE', url: () => '/api/v1/cart' },
  { method: 'POST', url: (i) => `/api/v1/orders/${i.cartId}`, payload: { shippingAddress: address } },
  {
    method: 'POST',
    url: (i) => `/api/v1/orders/checkout-session/${i.cartId}?url=http://localhost:3000/%23`,
    payload: { shippingAddress: address },
  },
  { method: 'GET', url: (i) => `/api/v1/orders/user/${i.userId}` },
  { method: 'GET', url: () => '/api/v1/wishlist' },
  { method: 'POST', url: () => '/api/v1/wishlist', payload: { productId: 'x' } },
  { method: 'DELETE', url: (i) => `/api/v1/wishlist/${i.productId}` },
  { method: 'GET', url: () => '/api/v1/addresses' },
  { method: 'POST', url: () => '/api/v1/addresses', payload: { name: 'Home', ...address } },
  { method: 'PUT', url: (i) => `/api/v1/addresses/${i.addressId}/default` },
  { method: 'DELETE', url: (i) => `/api/v1/addresses/${i.addressId}` },
];

describe.each(dbKinds)('access control on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  let ids: { productId: string; cartId: string; userId: string; addressId: string };
  let productIds: string[];
  const inject = (method: Protected['method'], url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token === undefined ? {} : { token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    productIds = (await someProducts(t.app, 3)).map((p) => p._id as string);
    const cart = json(await inject('POST', '/api/v1/cart', alice.token, { productId: productIds[0] }));
    await inject('POST', '/api/v1/cart', alice.token, { productId: productIds[1] });
    const addr = json(await inject('POST', '/api/v1/addresses', alice.token, { name: 'Home', ...address }));
    await inject('POST', '/api/v1/wishlist', alice.token, { productId: productIds[2] });
    ids = { productId: productIds[0]!, cartId: cart.cartId, userId: alice.id, addressId: addr.data[0]._id };
  });

  afterAll(async () => {
    await t?.close();
  });

  async function expectRefused(token: string | undefined, message: string) {
    for (const ep of protectedEndpoints) {
      const res = await inject(ep.method, ep.url(ids), token, ep.payload);
      expect({ endpoint: `${ep.method} ${ep.url(ids)}`, status: res.statusCode, body: res.json() }).toEqual({
        endpoint: `${ep.method} ${ep.url(ids)}`,
        status: 401,
        body: { statusMsg: 'fail', message },
      });
    }
  }

  /** Alice's data as she sees it: it must be exactly the same after every refused attempt. */
  async function aliceState() {
    const [cart, wishlist, addresses, orders] = await Promise.all([
      inject('GET', '/api/v1/cart', alice.token),
      inject('GET', '/api/v1/wishlist', alice.token),
      inject('GET', '/api/v1/addresses', alice.token),
      inject('GET', `/api/v1/orders/user/${alice.id}`, alice.token),
    ]);
    const c = json(cart);
    return {
      cart: c.data.products.map(
        (l: { count: number; product: { _id: string } }) => `${l.product._id}x${l.count}`,
      ),
      wishlist: json(wishlist).data.map((p: { _id: string }) => p._id),
      addresses: json(addresses).data.map((a: { _id: string }) => a._id),
      orders: (orders.json() as unknown[]).length,
    };
  }

  it('refuses every protected endpoint without a token', async () => {
    await expectRefused(undefined, notLoggedIn);
    await expectRefused('', notLoggedIn);
  });

  it('refuses malformed, forged, alg-none and expired tokens', async () => {
    const [header, payload] = alice.token.split('.');
    await expectRefused('not-a-token', invalidToken);
    await expectRefused(`${header}.${payload}.`, invalidToken);
    await expectRefused(`${alice.token}x`, invalidToken);
    await expectRefused(`Bearer ${alice.token}`, invalidToken);
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expectRefused(`${noneHeader}.${payload}.`, invalidToken);
    const otherKey = await new SignJWT({ id: alice.id, name: alice.name, role: 'user' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('90d')
      .sign(new TextEncoder().encode('a-different-secret-of-the-same-length-as-ours-0000'));
    await expectRefused(otherKey, invalidToken);
    // Signed with the server's own key, but its 90 days ran out yesterday.
    const expired = await new TokenService(t.config.jwtSecret).sign(
      { id: alice.id, name: alice.name, role: 'user' },
      Date.now() - 91 * 24 * 3600 * 1000,
    );
    await expectRefused(expired, invalidToken);
    // Well signed but for an account that does not exist.
    const ghost = await new TokenService(t.config.jwtSecret).sign(
      { id: '0123456789abcdef01234567', name: 'Ghost', role: 'user' },
      Date.now(),
    );
    await expectRefused(ghost, invalidToken);
  });

  it("never lets one shopper read or change another's cart, orders, checkout sessions, addresses or wishlist", async () => {
    const before = await aliceState();
    expect(before.cart).toHaveLength(2);

    // Orders: Alice's history is private.
    const history = await inject('GET', `/api/v1/orders/user/${alice.id}`, bob.token);
    expect(history.statusCode).toBe(403);
    expect(history.json()).toEqual({
      statusMsg: 'fail',
      message: 'You are not allowed to see the orders of another user',
    });

    // Cart: Bob cannot order, or open a checkout session for, Alice's cart.
    const order = await inject('POST', `/api/v1/orders/${ids.cartId}`, bob.token, {
      shippingAddress: address,
    });
    expect(order.statusCode).toBe(404);
    expect(order.json()).toEqual({ statusMsg: 'fail', message: `No cart for this id ${ids.cartId}` });
    const session = await inject(
      'POST',
      `/api/v1/orders/checkout-session/${ids.cartId}?url=http://localhost:3000/%23`,
      bob.token,
      { shippingAddress: address },
    );
    expect(session.statusCode).toBe(404);
    expect(session.json()).toEqual({ statusMsg: 'fail', message: `No cart for this id ${ids.cartId}` });

    // Cart lines: Bob's calls act on Bob's (missing) cart, never on Alice's lines, by product id or line id.
    const aliceCart = json(await inject('GET', '/api/v1/cart', alice.token));
    const lineId = aliceCart.data.products[0]._id as string;
    for (const id of [productIds[0]!, lineId]) {
      const put = await inject('PUT', `/api/v1/cart/${id}`, bob.token, { count: 5 });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ statusMsg: 'fail', message: `No cart exist for this user: ${bob.id}` });
      const del = await inject('DELETE', `/api/v1/cart/${id}`, bob.token);
      expect(del.statusCode).toBe(404);
    }
    await inject('DELETE', '/api/v1/cart', bob.token);

    // Addresses: Bob cannot delete Alice's, and does not see it.
    const delAddress = await inject('DELETE', `/api/v1/addresses/${ids.addressId}`, bob.token);
    expect(delAddress.statusCode).toBe(404);
    expect(delAddress.json()).toEqual({
      statusMsg: 'fail',
      message: `No address for this id ${ids.addressId}`,
    });
    expect(json(await inject('GET', '/api/v1/addresses', bob.token)).data).toEqual([]);

    // Wishlist: lists are per shopper; Bob removing the same product leaves Alice's list alone.
    expect(json(await inject('GET', '/api/v1/wishlist', bob.token)).data).toEqual([]);
    await inject('DELETE', `/api/v1/wishlist/${productIds[2]}`, bob.token);

    // Bob's own cart, once he has one, is separate: Alice's line ids still do not reach her lines.
    const bobCart = json(await inject('POST', '/api/v1/cart', bob.token, { productId: productIds[1] }));
    expect(bobCart.cartId).not.toBe(ids.cartId);
    expect((await inject('PUT', `/api/v1/cart/${lineId}`, bob.token, { count: 3 })).statusCode).toBe(404);

    expect(await aliceState()).toEqual(before);
  });

  it("refuses a checkout session on someone else's cart, even while its owner has one open", async () => {
    const carol = await signUp(t.app);
    const cart = json(await inject('POST', '/api/v1/cart', carol.token, { productId: productIds[1] }));
    const created = await inject(
      'POST',
      `/api/v1/orders/checkout-session/${cart.cartId}?url=http://localhost:3000/%23`,
      carol.token,
      { shippingAddress: address },
    );
    expect(created.statusCode).toBe(200);
    // Bob cannot use Carol's cart id to open a session of his own either.
    const again = await inject(
      'POST',
      `/api/v1/orders/checkout-session/${cart.cartId}?url=http://localhost:3000/%23`,
      bob.token,
      { shippingAddress: address },
    );
    expect(again.statusCode).toBe(404);
    // Bob's order history stays empty whatever happens to Carol's session.
    expect(await inject('GET', `/api/v1/orders/user/${bob.id}`, bob.token).then((r) => r.json())).toEqual([]);
  });

  it('refuses a token issued before a password reset, on every protected endpoint', async () => {
    const dave = await signUp(t.app);
    const oldToken = dave.token;
    expect((await inject('GET', '/api/v1/auth/verifyToken', oldToken)).statusCode).toBe(200);
    await inject('POST', '/api/v1/auth/forgotPasswords', undefined, { email: dave.email });
    const mail = json(await inject('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(dave.email)}`));
    const code = /(\d{10})/.exec(mail.data[0].text as string)?.[1];
    expect(code).toBeDefined();
    expect(
      (await inject('POST', '/api/v1/auth/verifyResetCode', undefined, { resetCode: code })).statusCode,
    ).toBe(200);
    const reset = await inject('PUT', '/api/v1/auth/resetPassword', undefined, {
      email: dave.email,
      newPassword: 'brandnew1',
    });
    expect(reset.statusCode).toBe(200);
    const saved = ids;
    ids = { ...ids, userId: dave.id };
    try {
      await expectRefused(oldToken, invalidToken);
    } finally {
      ids = saved;
    }
    // The token the reset handed out works.
    expect((await inject('GET', '/api/v1/auth/verifyToken', json(reset).token)).statusCode).toBe(200);
  });
});
