// Who may make the staff calls: every one refuses a shopper (403) and a caller without a token (401), the role is
// read from the database on each call (a demotion bites on the next call), staff tokens live 8 hours and end at
// logout, a promoted shopper signs in again, and staff accounts are an admin's business only.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidToken, notLoggedIn } from '@/server/errors';
import { notAllowed, staffSignInAgain } from '@/server/modules/auth';
import { cashOrder } from '../helpers/orders';
import { call, setRole, signIn, staffMember, type Method } from '../helpers/staff';
import {
  dbKinds,
  json,
  signUp,
  someProducts,
  startTestApp,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

interface StaffCall {
  method: Method;
  url: (ids: {
    productId: string;
    categoryId: string;
    brandId: string;
    userId: string;
    orderId: string;
  }) => string;
  payload?: unknown;
  admin?: boolean;
}

const product = {
  title: 'A test product',
  description: 'Made for a test',
  price: 100,
  quantity: 5,
  category: '0123456789abcdef01234567',
  brand: '0123456789abcdef01234567',
  imageCover: '/images/x.webp',
};

/** Every staff call of this slice. */
const staffCalls: StaffCall[] = [
  { method: 'POST', url: () => '/api/v1/products', payload: product },
  { method: 'PUT', url: (i) => `/api/v1/products/${i.productId}`, payload: { price: 1 } },
  { method: 'DELETE', url: (i) => `/api/v1/products/${i.productId}` },
  { method: 'POST', url: (i) => `/api/v1/products/${i.productId}/duplicate` },
  { method: 'GET', url: (i) => `/api/v1/products/${i.productId}/stock-history` },
  { method: 'GET', url: () => '/api/v1/products?status=archived' },
  { method: 'GET', url: () => '/api/v1/products?status=all' },
  { method: 'POST', url: () => '/api/v1/categories', payload: { name: 'Garden', image: '/images/x.webp' } },
  { method: 'PUT', url: (i) => `/api/v1/categories/${i.categoryId}`, payload: { name: 'Garden' } },
  { method: 'DELETE', url: (i) => `/api/v1/categories/${i.categoryId}` },
  { method: 'POST', url: () => '/api/v1/brands', payload: { name: 'Nile Tools', image: '/images/x.webp' } },
  { method: 'PUT', url: (i) => `/api/v1/brands/${i.brandId}`, payload: { name: 'Nile Tools' } },
  { method: 'DELETE', url: (i) => `/api/v1/brands/${i.brandId}` },
  { method: 'GET', url: () => '/api/v1/audit-log' },
  { method: 'GET', url: () => '/api/v1/home/draft' },
  {
    method: 'PUT',
    url: () => '/api/v1/home/draft',
    payload: { version: 1, content: { slides: [], featuredCategories: [] } },
  },
  { method: 'POST', url: () => '/api/v1/home/publish', payload: { version: 1 } },
  { method: 'POST', url: () => '/api/v1/home/preview', payload: {} },
  { method: 'GET', url: () => '/api/v1/orders' },
  // In this order, so that staff move one order along without a 409.
  { method: 'PUT', url: (i) => `/api/v1/orders/${i.orderId}/pay` },
  { method: 'PUT', url: (i) => `/api/v1/orders/${i.orderId}/process` },
  { method: 'PUT', url: (i) => `/api/v1/orders/${i.orderId}/ship`, payload: { carrier: 'Bosta' } },
  { method: 'PUT', url: (i) => `/api/v1/orders/${i.orderId}/deliver` },
  { method: 'GET', url: () => '/api/v1/staff', admin: true },
  { method: 'PUT', url: (i) => `/api/v1/staff/${i.userId}`, payload: { role: 'staff' }, admin: true },
];

describe.each(dbKinds)('staff access on %s', (kind) => {
  let t: TestApp;
  let shopper: Shopper;
  let ids: { productId: string; categoryId: string; brandId: string; userId: string; orderId: string };

  beforeAll(async () => {
    t = await startTestApp(kind);
    shopper = await signUp(t.app);
    const [p] = await someProducts(t.app, 1);
    const order = await cashOrder(t.app, shopper.token, [[p!._id, 1]]);
    ids = {
      productId: p!._id,
      categoryId: p!.category._id,
      brandId: p!.brand._id,
      userId: shopper.id,
      orderId: order._id as string,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const name = (c: StaffCall) =>
    `${c.method} ${c.url({ productId: ':id', categoryId: ':id', brandId: ':id', userId: ':id', orderId: ':id' })}`;

  it.each(staffCalls.map((c) => [name(c), c] as const))(
    '%s: 403 for a shopper, 401 without a token',
    async (_, c) => {
      const asShopper = await call(t.app, c.method, c.url(ids), shopper.token, c.payload);
      expect(asShopper.statusCode).toBe(403);
      expect(json(asShopper)).toEqual({ statusMsg: 'fail', message: notAllowed });
      const anonymous = await call(t.app, c.method, c.url(ids), undefined, c.payload);
      expect(anonymous.statusCode).toBe(401);
      expect(json(anonymous)).toEqual({ statusMsg: 'fail', message: notLoggedIn });
    },
  );

  it('admin-only calls refuse staff; staff calls let staff through', async () => {
    const staff = await staffMember(t.app, t.database, 'staff');
    for (const c of staffCalls) {
      const res = await call(t.app, c.method, c.url(ids), staff.token, c.payload);
      if (c.admin) expect(res.statusCode, name(c)).toBe(403);
      else expect([200, 201, 400, 409], name(c)).toContain(res.statusCode);
    }
  });

  it('a staff member demoted mid-session is refused at once; the token still works as a shopper', async () => {
    const staff = await staffMember(t.app, t.database, 'staff');
    const url = `/api/v1/products/${ids.productId}/stock-history`;
    expect((await call(t.app, 'GET', url, staff.token)).statusCode).toBe(200);
    await setRole(t.database, staff.id, 'user');
    const after = await call(t.app, 'GET', url, staff.token);
    expect(after.statusCode).toBe(403);
    expect(json(after).message).toBe(notAllowed);
    const verify = await call(t.app, 'GET', '/api/v1/auth/verifyToken', staff.token);
    expect(json(verify).decoded.role).toBe('user');
  });

  it('demoting through PUT /staff/{id} bites on the next call, and is in the audit log', async () => {
    const admin = await staffMember(t.app, t.database, 'admin');
    const staff = await staffMember(t.app, t.database, 'staff');
    const url = '/api/v1/audit-log?entity=account&entityId=' + staff.id;
    expect((await call(t.app, 'GET', url, staff.token)).statusCode).toBe(200);
    const demoted = await call(t.app, 'PUT', `/api/v1/staff/${staff.id}`, admin.token, { role: 'user' });
    expect(demoted.statusCode).toBe(200);
    expect(json(demoted).data).toMatchObject({ _id: staff.id, email: staff.email, role: 'user' });
    expect((await call(t.app, 'GET', url, staff.token)).statusCode).toBe(403);
    const log = json(await call(t.app, 'GET', url, admin.token));
    expect(log.results).toBe(1);
    expect(log.data[0]).toMatchObject({
      action: 'account.role',
      actor: { _id: admin.id, email: admin.email },
      before: { role: 'staff' },
      after: { role: 'user' },
    });
  });

  it('an admin cannot change their own role', async () => {
    const admin = await staffMember(t.app, t.database, 'admin');
    const res = await call(t.app, 'PUT', `/api/v1/staff/${admin.id}`, admin.token, { role: 'user' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toMatchObject({ param: 'role', msg: expect.stringContaining('your own role') });
    expect(json(await call(t.app, 'GET', '/api/v1/auth/verifyToken', admin.token)).decoded.role).toBe(
      'admin',
    );
  });

  it('GET /staff lists staff and admins, and finds any account by e-mail', async () => {
    const admin = await staffMember(t.app, t.database, 'admin');
    const list = json(await call(t.app, 'GET', '/api/v1/staff?limit=100', admin.token));
    expect(list.data.every((a: { role: string }) => a.role !== 'user')).toBe(true);
    expect(list.data.map((a: { _id: string }) => a._id)).toContain(admin.id);
    const found = json(
      await call(
        t.app,
        'GET',
        `/api/v1/staff?email=${encodeURIComponent(shopper.email.toUpperCase())}`,
        admin.token,
      ),
    );
    expect(found.data).toEqual([expect.objectContaining({ _id: shopper.id, role: 'user' })]);
  });

  it('a staff token expires 8 hours after it was issued; a shopper token after 90 days', async () => {
    const staff = await staffMember(t.app, t.database, 'staff');
    const claims = decodeJwt(staff.token);
    expect(claims.exp! - claims.iat!).toBe(8 * 60 * 60);
    expect(claims.role).toBe('staff');
    const shopperClaims = decodeJwt(shopper.token);
    expect(shopperClaims.exp! - shopperClaims.iat!).toBe(90 * 24 * 60 * 60);
    // Past the 8 hours the server refuses it.
    t.advance(8 * 60 * 60 * 1000 + 1000);
    try {
      const res = await call(t.app, 'GET', `/api/v1/products/${ids.productId}/stock-history`, staff.token);
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe(invalidToken);
    } finally {
      t.advance(-(8 * 60 * 60 * 1000 + 1000));
    }
  });

  it('logout ends a staff token', async () => {
    const staff = await staffMember(t.app, t.database, 'staff');
    expect((await call(t.app, 'POST', '/api/v1/auth/logout', staff.token)).statusCode).toBe(200);
    const res = await call(t.app, 'GET', '/api/v1/audit-log', staff.token);
    expect(res.statusCode).toBe(401);
  });

  it('a shopper promoted mid-session signs in again: the 90-day token does not open staff calls', async () => {
    const account = await signUp(t.app);
    await setRole(t.database, account.id, 'staff');
    const old = await call(t.app, 'GET', '/api/v1/audit-log', account.token);
    expect(old.statusCode).toBe(401);
    expect(json(old).message).toBe(staffSignInAgain);
    const token = await signIn(t.app, account.email, account.password);
    expect((await call(t.app, 'GET', '/api/v1/audit-log', token)).statusCode).toBe(200);
  });
});
