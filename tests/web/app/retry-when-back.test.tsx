// After the API comes back, a screen whose read failed reads again by itself when the shopper returns to the tab
// (focus) or the browser comes back online, without 'Try again' (issue 31). A screen that loaded is not read again
// on focus, and a 404 is not asked again on focus.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followingOtherTabs } from '@/lib/session/cart-store';
import { clearToken, setToken } from '@/lib/session/session-store';
import { settle } from '../settle';
import { mockApi, on, renderApp, reply, type Answer } from '../shell-helpers';
import { camera, cart, cartLine, electronics, list, men, tokenFor, userId, women } from '../shell-fixtures';

const token = tokenFor(userId);
const down = () => reply(503, { statusMsg: 'error', message: 'Service unavailable' });

/** The API stand-in: `answer` serves what the test is about, the rest answers as a working shop. */
function api(path: string, answer: () => Answer) {
  const mock = mockApi(
    on('GET', path, answer),
    on('GET', '/cart', () => reply(200, cart([]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
  );
  act(() => setToken(token));
  return mock;
}

/** An API that is down until `back()`. */
function outage(path: string, body: unknown) {
  let up = false;
  const mock = api(path, () => (up ? reply(200, body) : down()));
  const reads = () => mock.calls.filter((c) => c.path === path).length;
  return { ...mock, reads, back: () => (up = true) };
}

const focus = () => act(() => void window.dispatchEvent(new Event('focus')));
const online = () =>
  act(() => {
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
  });

afterEach(() => {
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a screen whose read failed reads again when the shopper comes back', () => {
  it('categories: on focus, once the API is back', async () => {
    const shop = outage('/categories', list([women, men, electronics]));
    renderApp('/categories');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the categories.');
    await settle();
    const before = shop.reads();
    shop.back();
    await focus();
    await settle();
    // Asked again at once, by the focus (no timed retry runs in these tests).
    expect(shop.reads()).toBe(before + 1);
    expect(await screen.findByRole('link', { name: 'Electronics' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('product details: when the browser is back online, and on focus', async () => {
    const shop = outage(`/products/${camera._id}`, { data: camera });
    renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    // Still down when the connection comes back: still 'Error', then the shopper returns to the tab.
    await online();
    await settle();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    shop.back();
    await focus();
    expect(await screen.findByRole('heading', { level: 1, name: camera.title })).toBeInTheDocument();
  });

  it('product details: back online reads it again', async () => {
    const shop = outage(`/products/${camera._id}`, { data: camera });
    renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    shop.back();
    await online();
    expect(await screen.findByRole('heading', { level: 1, name: camera.title })).toBeInTheDocument();
  });

  it('a screen that loaded is not read again on focus, nor a missing product', async () => {
    const shop = api('/categories', () => reply(200, list([women])));
    renderApp('/categories');
    await screen.findByRole('link', { name: "Women's Fashion" });
    await focus();
    await settle();
    expect(shop.calls.filter((c) => c.path === '/categories')).toHaveLength(1);

    const missing = api(`/products/${camera._id}`, () =>
      reply(404, { statusMsg: 'fail', message: `No product for this id ${camera._id}` }),
    );
    renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    await focus();
    await settle();
    expect(missing.calls.filter((c) => c.path === `/products/${camera._id}`)).toHaveLength(1);
  });

  it.each([
    ['when back online', online],
    ['on focus', focus],
  ])('the cart: %s', async (_, comeBack) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let up = false;
    const { calls } = mockApi(
      on('GET', '/cart', () => (up ? reply(200, cart([cartLine(camera, 2)])) : down())),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', '/wishlist', () => reply(200, { status: 'success', count: 0, data: [] })),
    );
    act(() => setToken(token));
    renderApp('/cart');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your cart.');
    // In a browser this is in place once the page is idle.
    await act(() => followingOtherTabs());
    up = true;
    const before = calls.filter((c) => c.path === '/cart').length;
    await comeBack();
    expect(await screen.findByRole('heading', { name: camera.title })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/cart')).toHaveLength(before + 1);
  });

  it('the order history: on focus', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let up = false;
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', `/orders/user/${userId}`, () => (up ? reply(200, []) : down())),
    );
    act(() => setToken(token));
    renderApp('/allorders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded.');
    up = true;
    await focus();
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });
});
