// The answers the page's head script asked for before the storefront's code ran (lib/api/early.ts): the API
// client takes each one once instead of sending the request again, and SWR and the cart store get them
// through it.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api/client';
import { earlyRequestMaxAgeMs, earlyRequestsGlobal, type EarlyRequest } from '@/lib/api/early';
import { forgetPageHomeContent } from '@/lib/api/home';
import { homeContentElementId } from '@/lib/home/content';
import { defaultHomeContent } from '@/lib/home/default-content';
import { clearToken, setToken } from '@/lib/session/session-store';
import { deferred, mockApi, on, renderApp, reply } from '../shell-helpers';
import {
  allProducts,
  cart,
  cartLine,
  list,
  men,
  shawl,
  shirt,
  tokenFor,
  userId,
  women,
} from '../shell-fixtures';

const token = tokenFor(userId);

afterEach(() => {
  act(() => clearToken());
  delete (window as unknown as Record<string, unknown>)[earlyRequestsGlobal];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** What the head script leaves behind: path → the request it sent. */
function sentEarly(requests: Record<string, { token?: string; response: Promise<Response>; at?: number }>) {
  const store: Record<string, EarlyRequest> = {};
  for (const [path, r] of Object.entries(requests)) {
    store[path] = { token: r.token ?? null, at: r.at ?? performance.now(), response: r.response };
  }
  (window as unknown as Record<string, unknown>)[earlyRequestsGlobal] = store;
}

describe('the API client', () => {
  it('takes an answer the head script asked for, once; the next read of the path goes to the network', async () => {
    const { calls } = mockApi(on('GET', '/categories', () => reply(200, list([men]))));
    sentEarly({ '/categories': { response: Promise.resolve(json(list([women]))) } });
    await expect(apiRequest('/categories')).resolves.toMatchObject({ data: [{ name: women.name }] });
    expect(calls).toEqual([]);
    await expect(apiRequest('/categories')).resolves.toMatchObject({ data: [{ name: men.name }] });
    expect(calls.map((c) => c.path)).toEqual(['/categories']);
  });

  it('waits for an answer still on its way rather than asking again', async () => {
    const { calls } = mockApi();
    const answer = deferred<Response>();
    sentEarly({ '/cart': { token, response: answer.promise } });
    const read = apiRequest('/cart', { token });
    answer.resolve(json(cart([cartLine(shawl, 2), cartLine(shirt, 1)])));
    await expect(read).resolves.toMatchObject({ numOfCartItems: 2 });
    expect(calls).toEqual([]);
  });

  it('does not take an answer sent with another token, nor one too old to trust', async () => {
    const { calls } = mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', '/categories', () => reply(200, list([men]))),
    );
    sentEarly({
      '/cart': { token: 'someone-else', response: Promise.resolve(json(cart([cartLine(shawl, 5)]))) },
      '/categories': {
        at: performance.now() - earlyRequestMaxAgeMs - 1,
        response: Promise.resolve(json(list([women]))),
      },
    });
    await expect(apiRequest('/cart', { token })).resolves.toMatchObject({ numOfCartItems: 0 });
    await expect(apiRequest('/categories')).resolves.toMatchObject({ data: [{ name: men.name }] });
    expect(calls.map((c) => c.path)).toEqual(['/cart', '/categories']);
  });

  it('never answers a write from a read the head script sent', async () => {
    const { calls } = mockApi(on('DELETE', '/cart', () => reply(200, { message: 'success' })));
    sentEarly({ '/cart': { token, response: Promise.resolve(json(cart([cartLine(shawl, 1)]))) } });
    await apiRequest('/cart', { method: 'DELETE', token });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /cart']);
  });

  it('gives up a taken answer when the caller cancels, as fetch would', async () => {
    mockApi();
    const answer = deferred<Response>();
    sentEarly({ '/products?page=1&limit=24': { response: answer.promise } });
    const controller = new AbortController();
    const read = apiRequest('/products?page=1&limit=24', { signal: controller.signal });
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports a failed early request as any unreachable server', async () => {
    mockApi();
    sentEarly({ '/categories': { response: Promise.reject(new TypeError('Failed to fetch')) } });
    await expect(apiRequest('/categories')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });
});

/** A home page staff published: one slide, and one featured category. */
const eidSlide = {
  ...defaultHomeContent.slides[0]!,
  id: 'eid',
  title: { en: 'Eid offers', ar: 'عروض العيد' },
  link: '/products?category=Electronics',
};
const published = { slides: [eidSlide], featuredCategories: [men._id], version: 4, nextChangeAt: null };

describe('Home, opened with the head script’s reads on their way', () => {
  function homeApi() {
    return mockApi(
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', /^\/products(\?|$)/, () => reply(200, list([]))),
      on('GET', '/categories', () => reply(200, list([]))),
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', '/home', () => reply(200, { message: 'success', data: defaultHomeContent })),
    );
  }

  it('on a static host: shows the products, the categories, the cart badge and the published banner from them, without asking again', async () => {
    const { calls } = homeApi();
    const products = deferred<Response>();
    sentEarly({
      '/cart': { token, response: Promise.resolve(json(cart([cartLine(shawl, 3), cartLine(shirt, 1)]))) },
      '/home': { response: Promise.resolve(json({ message: 'success', data: published })) },
      '/products?page=1&limit=24': { response: products.promise },
      '/categories': { response: Promise.resolve(json(list([women, men]))) },
    });
    act(() => setToken(token));
    renderApp('/home');
    products.resolve(json(list(allProducts.slice(0, 3))));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(await screen.findByRole('heading', { name: 'Eid offers' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New arrivals' })).toBeNull();
    // Staff featured one category: only it is shown.
    const categories = await screen.findByRole('region', { name: 'Shop Popular Categories' });
    expect(within(categories).getByText(men.name)).toBeInTheDocument();
    expect(within(categories).queryByText(women.name)).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('2 items')).toBeInTheDocument());
    expect(calls.map((c) => c.path)).toEqual([`/orders/user/${userId}`]);
  });

  it('on our server: the home page content is in the page, and nothing asks for it', async () => {
    const { calls } = homeApi();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = homeContentElementId;
    element.textContent = JSON.stringify({ ...published, picture: '/ecommerceweb/banners/new-arrivals.svg' });
    document.head.append(element);
    forgetPageHomeContent();
    try {
      sentEarly({
        '/cart': { token, response: Promise.resolve(json(cart([]))) },
        '/products?page=1&limit=24': { response: Promise.resolve(json(list(allProducts.slice(0, 3)))) },
        '/categories': { response: Promise.resolve(json(list([women, men]))) },
      });
      act(() => setToken(token));
      renderApp('/home');
      expect(await screen.findAllByRole('article')).toHaveLength(3);
      expect(screen.getByRole('heading', { name: 'Eid offers' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Shop now: new arrivals' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^#?\/products\?category=Electronics$/),
      );
      const categories = await screen.findByRole('region', { name: 'Shop Popular Categories' });
      expect(within(categories).queryByText(women.name)).toBeNull();
      expect(calls.map((c) => c.path)).toEqual([`/orders/user/${userId}`]);
    } finally {
      element.remove();
      forgetPageHomeContent();
    }
  });
});
