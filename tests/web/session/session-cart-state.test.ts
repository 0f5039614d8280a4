// Spec sections 3 and 4: the session token and the shared cart state, through their public hooks.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api/client';
import { useCart } from '@/lib/session/cart-store';
import { clearToken, getToken, setLoginRedirect, setToken, useSession } from '@/lib/session/session-store';
import type { CartEnvelope } from '@/lib/contract/cart';
import type { Order } from '@/lib/contract/orders';
import { deferred, mockApi, on, reply } from '../shell-helpers';
import { camera, cart, cartLine, shawl, shirt, tokenFor, userId } from '../shell-fixtures';
import { settle } from '../settle';

const token = tokenFor(userId);
const orders = [{ _id: 'o1', id: 1 }] as unknown as Order[];

beforeEach(() => {
  setLoginRedirect(null);
  window.location.hash = '';
});

afterEach(() => {
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session', () => {
  it('reads the token from local storage key "tkn" at start-up', async () => {
    vi.resetModules();
    localStorage.setItem('tkn', 'stored-token');
    const fresh = await import('@/lib/session/session-store');
    expect(fresh.getToken()).toBe('stored-token');
  });

  it('keeps a new token in memory and under "tkn"; clearing removes both', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.token).toBeNull();
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', /^\/orders\/user\//, () => reply(200, [])),
    );
    act(() => result.current.setToken('abc'));
    expect(result.current.token).toBe('abc');
    expect(localStorage.getItem('tkn')).toBe('abc');
    act(() => result.current.clearToken());
    expect(result.current.token).toBeNull();
    expect(localStorage.getItem('tkn')).toBeNull();
  });

  it('logs out and goes to /login when an authenticated call answers 401', async () => {
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', /^\/orders\/user\//, () => reply(200, [])),
      on('GET', '/wishlist', () =>
        reply(401, { statusMsg: 'fail', message: 'Invalid Token. please login again' }),
      ),
    );
    act(() => setToken(token));
    await expect(apiRequest('/wishlist', { token })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('tkn')).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('does not log out on a 401 from a call without a token (a wrong password at sign-in)', async () => {
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', /^\/orders\/user\//, () => reply(200, [])),
      on('POST', '/auth/signin', () =>
        reply(401, { statusMsg: 'fail', message: 'Incorrect email or password' }),
      ),
    );
    act(() => setToken(token));
    await expect(apiRequest('/auth/signin', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(getToken()).toBe(token);
  });
});

describe('cart state', () => {
  function standardApi(first: CartEnvelope = cart([cartLine(shawl, 2)])) {
    return mockApi(
      on('GET', '/cart', () => reply(200, first)),
      on('GET', `/orders/user/${userId}`, () => reply(200, orders)),
    );
  }

  it('loads the cart when a token appears, takes the user id from cartOwner, then loads the orders', async () => {
    const { calls } = standardApi();
    const { result } = renderHook(() => useCart());
    expect(result.current.numOfCartItems).toBe(0);
    act(() => setToken(token));
    await waitFor(() => expect(result.current.isOrderCreated).toBe(true));
    expect(result.current).toMatchObject({
      numOfCartItems: 1,
      totalCartPrice: 298,
      cartId: 'cart-1',
      userId,
      userOrders: orders,
      isLoadingCartOperation: false,
    });
    expect(result.current.products[0]?.count).toBe(2);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.token === token}`)).toEqual([
      'GET /cart true',
      `GET /orders/user/${userId} true`,
    ]);
  });

  it('treats "No cart exist" (404) as an empty cart and still loads the orders by the token\'s user id', async () => {
    mockApi(
      on('GET', '/cart', () =>
        reply(404, { statusMsg: 'fail', message: `No cart exist for this user: ${userId}` }),
      ),
      on('GET', `/orders/user/${userId}`, () => reply(200, orders)),
    );
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.isOrderCreated).toBe(true));
    expect(result.current).toMatchObject({ numOfCartItems: 0, totalCartPrice: 0, products: [], userId });
  });

  it('sets the busy flag for the whole of every cart call, on success and on failure', async () => {
    const gate = deferred<void>();
    let fail = false;
    const { calls } = mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('POST', '/cart', async () => {
        await gate.promise;
        return fail ? reply(500, { message: 'boom' }) : reply(200, cart([cartLine(shawl, 1)]));
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.isLoadingCartOperation).toBe(false));

    let added!: Promise<boolean>;
    act(() => {
      added = result.current.addToCart(shawl._id);
    });
    expect(result.current.isLoadingCartOperation).toBe(true);
    await act(async () => gate.resolve());
    await expect(added).resolves.toBe(true);
    await waitFor(() => expect(result.current.isLoadingCartOperation).toBe(false));

    fail = true;
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/cart').length;
    const readsBefore = reads();
    act(() => {
      added = result.current.addToCart(shirt._id);
    });
    expect(result.current.isLoadingCartOperation).toBe(true);
    await expect(added).resolves.toBe(false);
    await waitFor(() => expect(result.current.isLoadingCartOperation).toBe(false));
    // A refused call reads the cart again (to show what changed): waited for here, so that read does not land
    // in the next test, which counts its own reads.
    await waitFor(() => expect(reads()).toBe(readsBefore + 1));
  });

  it('adds with POST {productId}, reloads the cart and returns true; a failed add returns false and changes nothing', async () => {
    let serverCart = cart([]);
    const { calls } = mockApi(
      on('GET', '/cart', () => reply(200, serverCart)),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('POST', '/cart', (c) => {
        if ((c.body as { productId: string }).productId === 'missing')
          return reply(404, { message: 'No product for this id missing' });
        serverCart = cart([cartLine(shawl, 1)]);
        return reply(200, { ...serverCart, message: 'Product added successfully to your cart' });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.userId).toBe(userId));

    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.addToCart(shawl._id);
    });
    expect(ok).toBe(true);
    expect(result.current.numOfCartItems).toBe(1);
    expect(result.current.products[0]?.product.title).toBe(shawl.title);
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({ path: '/cart', token, body: { productId: shawl._id } });
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/cart')).toHaveLength(2);

    await act(async () => {
      ok = await result.current.addToCart('missing');
    });
    expect(ok).toBe(false);
    expect(result.current.numOfCartItems).toBe(1);
  });

  it('sends a quantity update only when the new count is above 0', async () => {
    const { calls } = mockApi(
      on('GET', '/cart', () => reply(200, cart([cartLine(shawl, 1)]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('PUT', `/cart/${shawl._id}`, (c) =>
        reply(200, cart([cartLine(shawl, (c.body as { count: number }).count)])),
      ),
    );
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.numOfCartItems).toBe(1));

    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.updateCount(shawl._id, 0);
    });
    expect(ok).toBe(false);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await act(async () => {
      ok = await result.current.updateCount(shawl._id, 2);
    });
    expect(ok).toBe(true);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ token, body: { count: 2 } });
    expect(result.current.products[0]?.count).toBe(2);
    expect(result.current.totalCartPrice).toBe(298);
  });

  it('removes one item with DELETE /cart/{productId} and applies the answer', async () => {
    mockApi(
      on('GET', '/cart', () => reply(200, cart([cartLine(shawl, 1), cartLine(camera, 1)]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('DELETE', `/cart/${shawl._id}`, () => reply(200, cart([cartLine(camera, 1)]))),
    );
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.numOfCartItems).toBe(2));
    await act(async () => {
      await result.current.removeItem(shawl._id);
    });
    expect(result.current.numOfCartItems).toBe(1);
    expect(result.current.totalCartPrice).toBe(camera.price);
  });

  it('clearing on the server empties products and zeroes the count and total', async () => {
    const { calls } = mockApi(
      on('GET', '/cart', () => reply(200, cart([cartLine(shawl, 3)]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('DELETE', '/cart', () => reply(200, { message: 'success' })),
    );
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.numOfCartItems).toBe(1));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.clearCart();
    });
    expect(ok).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/cart', token });
    expect(result.current).toMatchObject({ numOfCartItems: 0, totalCartPrice: 0, products: [] });
  });

  it('a local reset zeroes the cart without calling the server', async () => {
    const { calls } = standardApi();
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.numOfCartItems).toBe(1));
    const before = calls.length;
    act(() => result.current.resetCart());
    expect(result.current).toMatchObject({ numOfCartItems: 0, totalCartPrice: 0, products: [] });
    expect(calls.length).toBe(before);
  });

  it('logout resets the cart and the orders locally', async () => {
    const { calls } = standardApi();
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.isOrderCreated).toBe(true));
    const before = calls.length;
    act(() => clearToken());
    expect(result.current).toMatchObject({
      numOfCartItems: 0,
      totalCartPrice: 0,
      products: [],
      userOrders: null,
      isOrderCreated: false,
      userId: null,
    });
    expect(calls.length).toBe(before);
  });

  it('fast repeated count changes run one at a time and end on the count the server has', async () => {
    const firstAnswer = deferred<void>();
    let serverCount = 1;
    const order: string[] = [];
    mockApi(
      on('GET', '/cart', () => reply(200, cart([cartLine(shawl, serverCount)]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('PUT', `/cart/${shawl._id}`, async (c) => {
        const count = (c.body as { count: number }).count;
        order.push(`start ${count}`);
        if (count === 2) await firstAnswer.promise;
        serverCount = count;
        order.push(`end ${count}`);
        return reply(200, cart([cartLine(shawl, count)]));
      }),
    );
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.numOfCartItems).toBe(1));

    let a!: Promise<boolean>;
    let b!: Promise<boolean>;
    act(() => {
      a = result.current.updateCount(shawl._id, 2);
      b = result.current.updateCount(shawl._id, 3);
    });
    await settle();
    expect(order).toEqual(['start 2']);
    await act(async () => firstAnswer.resolve());
    await act(async () => {
      await Promise.all([a, b]);
    });
    expect(order).toEqual(['start 2', 'end 2', 'start 3', 'end 3']);
    expect(result.current.products[0]?.count).toBe(serverCount);
    expect(result.current.isLoadingCartOperation).toBe(false);
  });

  it('an answer that arrives after logout does not bring the old cart back', async () => {
    const gate = deferred<void>();
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('PUT', `/cart/${shawl._id}`, async () => {
        await gate.promise;
        return reply(200, cart([cartLine(shawl, 5)]));
      }),
    );
    const { result } = renderHook(() => useCart());
    act(() => setToken(token));
    await waitFor(() => expect(result.current.userId).toBe(userId));
    let pending!: Promise<boolean>;
    act(() => {
      pending = result.current.updateCount(shawl._id, 5);
    });
    await settle();
    act(() => clearToken());
    await act(async () => {
      gate.resolve();
      await pending;
    });
    expect(result.current.numOfCartItems).toBe(0);
    expect(result.current.products).toEqual([]);
  });
});
