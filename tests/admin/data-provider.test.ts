// The back office's dataProvider and authProvider against the staff API's wire shapes, through the project's one
// API stand-in (MSW at the network boundary, tests/web/api-mock.ts): the real fetch, headers and error mapping run.
import { describe, expect, it } from 'vitest';
import type { Category, Product } from '@/lib/contract/catalogue';
import type { ListEnvelope } from '@/lib/contract/common';
import { mockApi, on, reply } from '../web/api-mock';
import { order, orderId, orderPage } from './order-fixtures';
import { customer, customerId, customerPage, dashboardAnswer } from './report-fixtures';
import { dataProvider, type StaffProduct } from '@/admin/api/data-provider';
import { authProvider, resetVerification } from '@/admin/api/auth-provider';
import { STAFF_TOKEN_KEY } from '@/admin/config';

const cat = { _id: 'c'.repeat(24), name: "Women's Fashion", slug: 'womens-fashion', image: '/c.png' };
const brand = { _id: 'b'.repeat(24), name: 'DeFacto', slug: 'defacto', image: '/b.png' };

function product(over: Partial<StaffProduct> = {}): StaffProduct {
  const id = over._id ?? 'a'.repeat(24);
  return {
    sold: 4,
    images: ['/1.webp'],
    subcategory: [],
    ratingsQuantity: 0,
    _id: id,
    title: 'Woman Shawl',
    slug: 'woman-shawl',
    description: 'Warm',
    quantity: 220,
    price: 149,
    imageCover: '/cover.webp',
    category: cat,
    brand,
    ratingsAverage: 4.8,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    id,
    ...over,
  } satisfies Product & Partial<StaffProduct>;
}

function page<T>(data: T[], results = data.length): ListEnvelope<T> {
  return { results, metadata: { currentPage: 1, numberOfPages: 1, limit: 25 }, data };
}

function signIn(token = 'staff-token') {
  sessionStorage.setItem(STAFF_TOKEN_KEY, token);
}

describe('products', () => {
  it('lists with the search, filters, sort and page in the contract query names, and the staff token', async () => {
    signIn();
    const { calls } = mockApi(
      on('GET', /^\/products\?/, () =>
        reply<ListEnvelope<StaffProduct>>(200, page([product({ titleAr: 'شال', status: 'active' })], 57)),
      ),
    );
    const result = await dataProvider.getList('products', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'price', order: 'DESC' },
      filter: {
        q: ' shawl ',
        category: cat._id,
        brand: brand._id,
        status: 'all',
        price_gte: '100',
        price_lte: 500,
        stock: 'low',
      },
    });
    expect(result.total).toBe(57);
    expect(result.data[0]).toMatchObject({
      id: 'a'.repeat(24),
      title: 'Woman Shawl',
      titleAr: 'شال',
      category: cat._id,
      categoryName: "Women's Fashion",
      brand: brand._id,
      brandName: 'DeFacto',
      status: 'active',
    });
    expect(calls).toHaveLength(1);
    const url = new URL(`http://x${calls[0]!.path}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '3',
      limit: '25',
      sort: '-price',
      keyword: 'shawl',
      'category[in]': cat._id,
      brand: brand._id,
      'price[gte]': '100',
      'price[lte]': '500',
      status: 'all',
      'quantity[gte]': '1',
      'quantity[lte]': '5',
      lang: 'en',
    });
    expect(calls[0]!.token).toBe('staff-token');
  });

  it('leaves out what is not set and a sort the API does not know', async () => {
    signIn();
    const { calls } = mockApi(on('GET', /^\/products\?/, () => reply(200, page([]))));
    await dataProvider.getList('products', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'categoryName', order: 'ASC' },
      filter: { q: '', price_gte: 'abc' },
    });
    expect(calls[0]!.path).toBe('/products?page=1&limit=10&lang=en');
  });

  it('creates with the write body only, and reads the answer', async () => {
    signIn();
    const { calls } = mockApi(
      on('POST', '/products', () => reply(201, { data: product({ _id: 'd'.repeat(24) }) })),
    );
    const { data } = await dataProvider.create('products', {
      data: {
        title: 'Shawl',
        titleAr: 'شال',
        description: 'Warm',
        descriptionAr: 'دافئ',
        price: '149',
        priceAfterDiscount: '',
        quantity: 3,
        category: cat._id,
        brand: brand._id,
        imageCover: '',
        categoryName: 'ignored',
        status: 'ignored',
      },
    });
    expect(data.id).toBe('d'.repeat(24));
    expect(calls[0]!.body).toEqual({
      title: 'Shawl',
      titleAr: 'شال',
      description: 'Warm',
      descriptionAr: 'دافئ',
      price: 149,
      quantity: 3,
      category: cat._id,
      brand: brand._id,
    });
  });

  it('updates with a partial body of what changed', async () => {
    signIn();
    const { calls } = mockApi(
      on('PUT', `/products/${'a'.repeat(24)}`, () => reply(200, { data: product() })),
    );
    const previous = {
      id: 'a'.repeat(24),
      title: 'Woman Shawl',
      price: 149,
      quantity: 220,
      category: cat._id,
    };
    await dataProvider.update('products', {
      id: 'a'.repeat(24),
      data: { ...previous, price: 129, quantity: 200 },
      previousData: previous,
    });
    expect(calls[0]!.body).toEqual({ price: 129, quantity: 200 });
  });

  it('archives with DELETE and gets the archived product back', async () => {
    signIn();
    mockApi(
      on('DELETE', `/products/${'a'.repeat(24)}`, () =>
        reply(200, { data: product({ status: 'archived' }) }),
      ),
    );
    const { data } = await dataProvider.delete('products', { id: 'a'.repeat(24) });
    expect(data).toMatchObject({ id: 'a'.repeat(24), status: 'archived' });
  });

  it('duplicates and reads the stock history', async () => {
    signIn();
    const { calls } = mockApi(
      on('POST', `/products/${'a'.repeat(24)}/duplicate`, () =>
        reply(201, { data: product({ _id: 'e'.repeat(24), title: 'Woman Shawl (copy)' }) }),
      ),
      on('GET', `/products/${'a'.repeat(24)}/stock-history`, () =>
        reply(200, {
          data: [
            { at: '2026-01-03T00:00:00.000Z', actor: 'admin@x.test', before: 5, after: 9, reason: 'edit' },
          ],
        }),
      ),
    );
    const copy = await dataProvider.duplicate('products', { id: 'a'.repeat(24) });
    expect(copy.data).toMatchObject({ id: 'e'.repeat(24), title: 'Woman Shawl (copy)' });
    const history = await dataProvider.stockHistory('products', { id: 'a'.repeat(24) });
    expect(history.data[0]).toMatchObject({ before: 5, after: 9 });
    expect(calls.map((c) => c.token)).toEqual(['staff-token', 'staff-token']);
  });
});

describe('errors', () => {
  it('turns the validation envelope into a field error react-admin forms show', async () => {
    signIn();
    mockApi(
      on('POST', '/products', () =>
        reply(400, {
          message: 'fail',
          errors: { value: -1, msg: 'Price must be 0 or more', param: 'price', location: 'body' },
        }),
      ),
    );
    const error = await dataProvider.create('products', { data: { price: -1 } }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      message: 'Price must be 0 or more',
      body: { errors: { price: 'Price must be 0 or more' } },
    });
  });

  it("shows the contract's failure message: a category still in use is a 409", async () => {
    signIn();
    mockApi(
      on('DELETE', `/categories/${cat._id}`, () =>
        reply(409, { statusMsg: 'fail', message: 'This category is used by 12 products' }),
      ),
    );
    const error = await dataProvider.delete('categories', { id: cat._id }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, message: 'This category is used by 12 products' });
  });
});

describe('categories, brands and the audit log', () => {
  it('lists categories and brands with ids, and writes them', async () => {
    signIn();
    const full: Category = {
      ...cat,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const { calls } = mockApi(
      on('GET', '/brands?page=1&limit=100&lang=en', () => reply(200, page([full], 22))),
      on('POST', '/categories', () => reply(201, { data: full })),
      on('PUT', `/categories/${cat._id}`, () => reply(200, { data: { ...full, name: 'Women' } })),
    );
    const list = await dataProvider.getList('brands', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(list).toMatchObject({ total: 22, data: [{ id: cat._id, name: "Women's Fashion" }] });
    await dataProvider.create('categories', { data: { name: "Women's Fashion", image: '/c.png', id: 'x' } });
    await dataProvider.update('categories', {
      id: cat._id,
      data: { id: cat._id, name: 'Women', image: '/c.png' },
      previousData: { id: cat._id, name: "Women's Fashion", image: '/c.png' },
    });
    expect(calls.map((c) => c.body)).toEqual([
      undefined,
      { name: "Women's Fashion", image: '/c.png' },
      { name: 'Women' },
    ]);
  });

  it('reads the audit log, paged and filtered', async () => {
    signIn();
    const { calls } = mockApi(
      on('GET', /^\/audit-log\?/, () =>
        reply(200, {
          results: 1,
          metadata: { currentPage: 2, numberOfPages: 2, limit: 25 },
          data: [
            {
              _id: 'f'.repeat(24),
              at: '2026-01-03T00:00:00.000Z',
              actor: { id: '1', email: 'admin@x.test' },
              action: 'update',
              entity: 'product',
              entityId: 'a'.repeat(24),
              before: { price: 149 },
              after: { price: 129 },
            },
          ],
        }),
      ),
    );
    const { data, total } = await dataProvider.getList('audit-log', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'at', order: 'DESC' },
      filter: { entity: 'product', entityId: 'a'.repeat(24) },
    });
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({ id: 'f'.repeat(24), actorEmail: 'admin@x.test', after: { price: 129 } });
    expect(calls[0]!.path).toBe(`/audit-log?page=2&limit=25&entity=product&entityId=${'a'.repeat(24)}`);
  });
});

describe('orders', () => {
  it('lists with the search, filters, sort and page as GET /orders names them', async () => {
    signIn();
    const { calls } = mockApi(on('GET', /^\/orders\?/, () => reply(200, orderPage([order()], 31))));
    const result = await dataProvider.getList('orders', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'totalOrderPrice', order: 'ASC' },
      filter: {
        q: ' mona@ ',
        status: 'processing',
        paymentMethodType: 'cash',
        isPaid: 'false',
        createdAt_gte: '2030-03-01',
        createdAt_lte: '2030-03-31',
        total_gte: '99.5',
        total_lte: 1000.7,
      },
    });
    expect(result.total).toBe(31);
    expect(result.data[0]).toMatchObject({ id: orderId, number: 1047, totalOrderPrice: 807 });
    const url = new URL(`http://x${calls[0]!.path}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      limit: '25',
      sort: 'totalOrderPrice',
      keyword: 'mona@',
      status: 'processing',
      paymentMethodType: 'cash',
      isPaid: 'false',
      // The staff member's days, from their first moment to their last, on this machine's calendar.
      'createdAt[gte]': new Date('2030-03-01T00:00:00').toISOString(),
      'createdAt[lte]': new Date('2030-03-31T23:59:59.999').toISOString(),
      // Whole pounds, as the server takes them.
      'totalOrderPrice[gte]': '100',
      'totalOrderPrice[lte]': '1000',
      lang: 'en',
    });
    expect(calls[0]!.token).toBe('staff-token');
  });

  it("sorts newest first by default, reads the shopper's reference as the order number, and leaves out the rest", async () => {
    signIn();
    const { calls } = mockApi(on('GET', /^\/orders\?/, () => reply(200, orderPage([]))));
    await dataProvider.getList('orders', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'fc-001047', isPaid: '', total_gte: 'abc', createdAt_gte: 'soon' },
    });
    await dataProvider.getList('orders', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'status', order: 'ASC' },
      filter: { isPaid: true },
    });
    expect(calls.map((c) => c.path)).toEqual([
      '/orders?page=1&limit=25&sort=-createdAt&keyword=1047&lang=en',
      '/orders?page=1&limit=25&isPaid=true&lang=en',
    ]);
  });

  it('reads one order, and changes its status with PUT /orders/{id}/<action>', async () => {
    signIn();
    const { calls } = mockApi(
      on('GET', `/orders/${orderId}?lang=en`, () => reply(200, { status: 'success', data: order() })),
      on('PUT', `/orders/${orderId}/ship?lang=en`, () =>
        reply(200, { status: 'success', data: order({ status: 'shipped', carrier: 'Aramex' }) }),
      ),
      on('PUT', `/orders/${orderId}/deliver?lang=en`, () =>
        reply(409, { statusMsg: 'fail', message: 'This order has already been delivered' }),
      ),
    );
    expect((await dataProvider.getOne('orders', { id: orderId })).data).toMatchObject({
      id: orderId,
      number: 1047,
    });
    const shipped = await dataProvider.orderAction('orders', {
      id: orderId,
      action: 'ship',
      shipping: { carrier: ' Aramex ', trackingReference: '' },
    });
    expect(shipped.data).toMatchObject({ status: 'shipped', carrier: 'Aramex' });
    expect(calls[1]!.body).toEqual({ carrier: 'Aramex', trackingReference: '' });
    await expect(
      dataProvider.orderAction('orders', { id: orderId, action: 'deliver' }),
    ).rejects.toMatchObject({
      status: 409,
      message: 'This order has already been delivered',
    });
    expect(calls[2]!.body).toBeUndefined();
  });
});

describe('authProvider', () => {
  const signinAnswer = (role: string) => ({
    message: 'success',
    user: { name: 'Mona', email: 'mona@x.test', role },
    token: `${role}-token`,
  });

  it('lets staff and admins in and keeps the token in sessionStorage under its own key', async () => {
    resetVerification();
    const { calls } = mockApi(on('POST', '/auth/signin', () => reply(200, signinAnswer('admin'))));
    await authProvider.login({ username: ' mona@x.test ', password: 'secret123' });
    expect(calls[0]!.body).toEqual({ email: 'mona@x.test', password: 'secret123' });
    expect(calls[0]!.token).toBeUndefined();
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe('admin-token');
    expect(localStorage.getItem('tkn')).toBeNull();
    expect(await authProvider.getPermissions!({})).toBe('admin');
  });

  it('refuses a shopper with the message, keeps no token and ends the shopper token', async () => {
    resetVerification();
    const { calls } = mockApi(
      on('POST', '/auth/signin', () => reply(200, signinAnswer('user'))),
      on('POST', '/auth/logout', () => reply(200, { message: 'success' })),
    );
    await expect(authProvider.login({ username: 'shopper@x.test', password: 'secret123' })).rejects.toThrow(
      'freshcart.auth.no_access',
    );
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    await expect
      .poll(() => calls.map((c) => `${c.method} ${c.path} ${c.token ?? ''}`))
      .toEqual(['POST /auth/signin ', 'POST /auth/logout user-token']);
  });

  it("says the server's wrong-password refusal in the staff member's language", async () => {
    mockApi(
      on('POST', '/auth/signin', () =>
        reply(401, { statusMsg: 'fail', message: 'Incorrect email or password' }),
      ),
    );
    await expect(authProvider.login({ username: 'a@x.test', password: 'nope' })).rejects.toThrow(
      'freshcart.auth.incorrect',
    );
  });

  it('checks the token with verifyToken once per load, and refuses a role that is not staff', async () => {
    resetVerification();
    signIn('t1');
    const { calls } = mockApi(
      on('GET', '/auth/verifyToken', (call) =>
        reply(200, {
          message: 'verified',
          decoded: { id: '1', name: 'Mona', role: call.token === 't1' ? 'staff' : 'user', iat: 1, exp: 2 },
        }),
      ),
    );
    await authProvider.checkAuth({});
    await authProvider.checkAuth({});
    expect(calls).toHaveLength(1);
    expect(calls[0]!.token).toBe('t1');

    resetVerification();
    signIn('t2');
    await expect(authProvider.checkAuth({})).rejects.toThrow('freshcart.auth.no_access');
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('without a token asks for a sign-in quietly', async () => {
    resetVerification();
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('a 401 signs out; a 403 keeps the session and says "You are not allowed"', async () => {
    signIn();
    await expect(authProvider.checkError({ status: 403 })).rejects.toEqual({
      logoutUser: false,
      message: 'freshcart.auth.forbidden',
    });
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe('staff-token');
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({
      message: 'freshcart.auth.expired',
    });
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('logout tells the server to end the token and forgets it', async () => {
    signIn('bye');
    const { calls } = mockApi(on('POST', '/auth/logout', () => reply(200, { message: 'success' })));
    await authProvider.logout({});
    expect(calls[0]!.token).toBe('bye');
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });
});

describe('customers and the dashboard', () => {
  it('lists customers as GET /customers names the query: keyword trimmed, oldest first when asked', async () => {
    signIn();
    const { calls } = mockApi(on('GET', /^\/customers\?/, () => reply(200, customerPage([customer()], 57))));
    const result = await dataProvider.getList('customers', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: { q: ' mona@ ' },
    });
    expect(result.total).toBe(57);
    expect(result.data[0]).toMatchObject({ id: customerId, name: 'Mona Said', orders: 4, spent: 3120 });
    expect(calls[0]!.path).toBe('/customers?page=3&limit=25&sort=createdAt&keyword=mona%40&lang=en');
    expect(calls[0]!.token).toBe('staff-token');
  });

  it('sorts customers newest first by anything but the joined date, and leaves out an empty search', async () => {
    signIn();
    const { calls } = mockApi(on('GET', /^\/customers\?/, () => reply(200, customerPage([]))));
    await dataProvider.getList('customers', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'spent', order: 'ASC' },
      filter: { q: '  ' },
    });
    expect(calls[0]!.path).toBe('/customers?page=1&limit=10&sort=-createdAt&lang=en');
  });

  it("filters the orders list to one customer's account", async () => {
    signIn();
    const { calls } = mockApi(on('GET', /^\/orders\?/, () => reply(200, orderPage([order()], 1))));
    await dataProvider.getList('orders', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { user: customerId },
    });
    expect(calls[0]!.path).toBe(`/orders?page=1&limit=25&sort=-createdAt&user=${customerId}&lang=en`);
  });

  it("reads the dashboard's figures in one call", async () => {
    signIn();
    const { calls } = mockApi(on('GET', '/dashboard', () => reply(200, dashboardAnswer())));
    const { data } = await dataProvider.dashboard();
    expect(data.todays).toEqual({ orders: 3, sales: 2450 });
    expect(data.salesByDay).toHaveLength(30);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.token}`)).toEqual(['GET /dashboard staff-token']);
  });
});
