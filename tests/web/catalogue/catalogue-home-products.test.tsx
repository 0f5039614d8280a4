// Home and the product list: loading, error, empty and filled states, add to cart with its toasts and
// busy overlay, and the search box and 'Filter Products' form.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/session/session-store';
import { deferred, mockApi, on, renderApp, reply, type Answer, type Call } from '../shell-helpers';
import {
  allProducts,
  camera,
  cart,
  cartLine,
  defacto,
  list,
  men,
  product,
  shawl,
  tokenFor,
  userId,
  women,
} from '../shell-fixtures';
import { productsAnswer } from '../catalogue-fake';
import { firstFrameCards } from '@/components/catalogue/paged-grid';
import { searchDebounceMs } from '@/components/catalogue/products-screen';
import { settle } from '../settle';
import { searchResultsCap, type ProductList } from '@/lib/contract/catalogue';
import { switchLanguage } from '@/lib/i18n/i18n';

const token = tokenFor(userId);

function api(products: (call: Call) => Answer | Promise<Answer>, extra: Parameters<typeof on>[] = []) {
  return mockApi(
    on('GET', '/cart', () => reply(200, cart([]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
    on('GET', '/categories', () => reply(200, list([women, men]))),
    on('GET', /^\/products(\?|$)/, products),
    ...extra.map((args) => on(...args)),
  );
}

/** An IntersectionObserver for which the grid's sentinel is off screen (everything else on screen). */
function sentinelOffScreen() {
  return class {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      const isIntersecting = !String(target.className).includes('sentinel');
      this.callback(
        [{ isIntersecting, target, intersectionRatio: isIntersecting ? 1 : 0 } as IntersectionObserverEntry],
        this as never,
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
}

function signIn() {
  act(() => setToken(token));
}

afterEach(() => {
  vi.useRealTimers();
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function cards() {
  return screen.getAllByRole('article');
}

describe('home', () => {
  it('shows a spinner while the products load, then the cards exactly as specified', async () => {
    const gate = deferred<void>();
    api(async () => {
      await gate.promise;
      return reply(200, list(allProducts));
    });
    signIn();
    renderApp('/home');
    expect(await screen.findByText('Loading products')).toBeInTheDocument();
    await act(async () => gate.resolve());
    expect(await screen.findByRole('heading', { name: 'Shop Product' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const card = within(cards()[0]!);
    expect(card.getByRole('heading', { name: 'Woman Shawl' })).toBeInTheDocument();
    expect(card.getByText("Women's Fashion")).toBeInTheDocument();
    expect(card.getByText('149 EGP')).toBeInTheDocument();
    expect(card.getByText('4.8')).toBeInTheDocument();
    expect(card.getByRole('link')).toHaveAttribute('href', `/productDetails/${shawl._id}`);
    expect(card.getByRole('img')).toHaveAttribute('width');
    expect(card.getByRole('img')).toHaveAttribute('height');
    expect(card.getByRole('button', { name: /Add to cart/ })).toHaveTextContent('Add to cart');
  });

  it("leaves the high priority to the banner, Home's largest picture: the product cards load lazily", async () => {
    api(() => reply(200, list(allProducts)));
    signIn();
    renderApp('/home');
    await waitFor(() => expect(cards()).toHaveLength(3));
    for (const card of cards()) {
      const img = within(card).getByRole('img');
      expect(img).not.toHaveAttribute('fetchpriority');
      expect(img).toHaveAttribute('loading', 'lazy');
    }
  });

  it('loads the banner and the categories slider with the real categories', async () => {
    api(() => reply(200, list(allProducts)));
    signIn();
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'New in the shop' });
    // The banner's words are text of the page (not drawn into a picture), with a real link to the products.
    const first = within(banner).getByRole('group', { name: '1 of 3' });
    expect(within(first).getByRole('heading', { name: 'New arrivals' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Shop now: new arrivals' })).toHaveAttribute(
      'href',
      '/products',
    );
    // Nothing in the shop is discounted: no slide may promise it.
    expect(banner).not.toHaveTextContent(/%|\boff\b|discount|sale|deal/i);
    const categories = await screen.findByRole('region', { name: 'Shop Popular Categories' });
    expect(within(categories).getByRole('link', { name: "Women's Fashion" })).toHaveAttribute(
      'href',
      `/productwithCategory/${women._id}`,
    );
  });

  it('fetches one page of 24, then the next on "Load more", announcing the new count', async () => {
    const many = Array.from({ length: 30 }, (_, i) => product(`Item Number ${i + 1}`, 100 + i, men, defacto));
    const { calls } = api((c) => productsAnswer(many, c));
    signIn();
    renderApp('/home');
    // The shopper has not scrolled: the sentinel below the grid is off screen.
    vi.stubGlobal('IntersectionObserver', sentinelOffScreen());
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 30 products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(screen.getByText('Showing 30 of 30 products')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/products')).map((c) => c.path)).toEqual([
      '/products?page=1&limit=24',
      '/products?page=2&limit=24',
    ]);
  });

  it('loads the next page when the shopper nears the end of the grid (the sentinel comes into view)', async () => {
    const many = Array.from({ length: 50 }, (_, i) => product(`Item Number ${i + 1}`, 100 + i, men, defacto));
    const { calls } = api((c) => productsAnswer(many, c));
    signIn();
    renderApp('/home');
    // jsdom's stand-in reports every observed element on screen: the sentinel is always in view.
    await waitFor(() => expect(screen.getByText('Showing 50 of 50 products')).toBeInTheDocument());
    expect(calls.filter((c) => c.path.startsWith('/products')).map((c) => c.path)).toEqual([
      '/products?page=1&limit=24',
      '/products?page=2&limit=24',
      '/products?page=3&limit=24',
    ]);
  });

  // Ten pages of 24 cards rendered in jsdom take 4–5 s on an idle 2-core machine (more beside the other worker): the
  // waits are for the last page's line, capped well above that, not for a time.
  it('keeps a bounded number of pages in the DOM however many are loaded', { timeout: 40_000 }, async () => {
    const many = Array.from({ length: 240 }, (_, i) =>
      product(`Item Number ${i + 1}`, 100 + i, men, defacto),
    );
    api((c) => productsAnswer(many, c));
    signIn();
    renderApp('/home');
    // The stand-in sentinel is always in view: all ten pages load.
    await waitFor(() => expect(screen.getByText('Showing 240 of 240 products')).toBeInTheDocument(), {
      timeout: 30_000,
    });
    // jsdom has no layout, so the page "on screen" is the last one: it and the two before are mounted (the
    // rest of the last page's cards follow its first rows in a transition).
    await waitFor(() => expect(cards()).toHaveLength(3 * 24));
    expect(within(cards()[cards().length - 1]!).getByRole('heading')).toHaveTextContent('Item Number');
  });

  it('paints the first rows of a new list one frame before the rest of its page', async () => {
    const page = Array.from({ length: 24 }, (_, i) => product(`Item Number ${i + 1}`, 100 + i, men, defacto));
    api((c) => productsAnswer(page, c));
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    signIn();
    renderApp('/home');
    await waitFor(() => expect(cards()).toHaveLength(firstFrameCards));
    act(() => frames.splice(0).forEach((cb) => cb(performance.now())));
    expect(cards()).toHaveLength(24);
  });

  it('says so when the products cannot load, and tries again on request', async () => {
    let fail = true;
    api(() => (fail ? reply(500, { statusMsg: 'error', message: 'down' }) : reply(200, list(allProducts))));
    signIn();
    renderApp('/home');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the products.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('shows an empty state when the shop has no products', async () => {
    api(() => reply(200, list([])));
    signIn();
    renderApp('/home');
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
  });

  it('adds to the cart under the busy overlay; the success toast comes 3 s later and the badge counts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const gate = deferred<void>();
    let serverCart = cart([]);
    mockApi(
      on('GET', '/cart', () => reply(200, serverCart)),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', '/categories', () => reply(200, list([]))),
      on('GET', /^\/products\?/, () => reply(200, list(allProducts))),
      on('POST', '/cart', async () => {
        await gate.promise;
        serverCart = cart([cartLine(shawl, 1)]);
        return reply(200, serverCart);
      }),
    );
    signIn();
    renderApp('/home');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(within(cards()[0]!).getByRole('button', { name: /Add to cart/ }));
    expect(await screen.findByTestId('busy-overlay')).toBeInTheDocument();
    await act(async () => gate.resolve());
    await waitFor(() => expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument());
    // Nowhere in the page yet, the screen readers' live region included: the message waits 3000 ms.
    expect(screen.queryByText(/it is Added to cart/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(
      await screen.findByText('it is Added to cart', { selector: '[role="alert"] *, [role="alert"]' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('1 items')).toBeInTheDocument();
  });

  it('shows "error occured" when the add fails, and no success toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api(
      () => reply(200, list(allProducts)),
      [['POST', '/cart', () => reply(500, { statusMsg: 'error', message: 'down' })]],
    );
    signIn();
    renderApp('/home');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(within(cards()[1]!).getByRole('button', { name: /Add to cart/ }));
    expect(
      await screen.findByText('error occured', { selector: '[role="alert"] *, [role="alert"]' }),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3500));
    expect(
      screen.queryByText('it is Added to cart', { selector: '[role="alert"] *, [role="alert"]' }),
    ).not.toBeInTheDocument();
  });
});

describe('product list', () => {
  async function openList(path = '/products') {
    const mock = api((c) => productsAnswer(allProducts, c));
    signIn();
    const app = renderApp(path);
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    return { ...mock, ...app };
  }

  function titles() {
    return cards().map((c) => within(c).getByRole('heading').textContent);
  }

  it("does not take the first frame's few cards for the end of the grid: no next page until the page is whole", async () => {
    const many = Array.from({ length: 50 }, (_, i) => product(`Item Number ${i + 1}`, 100 + i, men, defacto));
    const { calls } = api((c) => productsAnswer(many, c));
    signIn();
    // A list no other test has grown (the pages a list has loaded are kept for the tab, for Back).
    renderApp('/products?q=number');
    // The sentinel is near the screen only while the first page shows its first rows (a short first frame on a
    // wide screen), far below it once the page is whole. Stubbed after renderApp, which installs the always-in-view
    // stand-in; the grid observes once the first page is in.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          const isIntersecting = document.querySelectorAll('article').length < 24;
          this.callback([{ isIntersecting, target } as IntersectionObserverEntry], this as never);
        }
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    await waitFor(() => expect(cards()).toHaveLength(24));
    await settle();
    expect(screen.getByText('Showing 24 of 50 products')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/products')).map((c) => c.path)).toEqual([
      '/products?keyword=number&page=1&limit=24',
    ]);
  });

  it("asks a high priority for the first card's picture only, the screen's largest paint", async () => {
    await openList();
    const pictures = cards().map((c) => within(c).getByRole('img'));
    expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
    expect(pictures[0]).toHaveAttribute('loading', 'eager');
    for (const img of pictures.slice(1)) expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('searches once typing pauses, in the API, and writes the search to the URL', async () => {
    const { calls, router } = await openList();
    const search = screen.getByLabelText('Search About Product by name');
    // The whole word at once: how keys that come faster than the pause make one request is the next test's, on a
    // fake clock (real typing on a busy machine may pause longer than the debounce between two keys).
    fireEvent.change(search, { target: { value: 'shirt' } });
    await waitFor(() => expect(titles()).toEqual(['Men Classic']));
    expect(screen.getByText('1 product')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('keyword')).map((c) => c.path)).toEqual([
      '/products?keyword=shirt&page=1&limit=24',
    ]);
    expect(router.getState().location?.search).toBe('?q=shirt');
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(await screen.findByText('No products match your search and filters.')).toBeInTheDocument();
  });

  /** The API's answer past the cap (tests/server/catalogue/search-cap.test.ts): results is the cap, the flag says so. */
  function cappedLamp(c: Call) {
    const answer = productsAnswer(allProducts, c);
    if (!c.path.includes('keyword=lamp')) return answer;
    const body = answer.body as ProductList;
    return reply(200, {
      ...body,
      results: searchResultsCap,
      metadata: { currentPage: 1, numberOfPages: Math.ceil(searchResultsCap / 24), limit: 24, nextPage: 2 },
      data: allProducts,
      resultsCapped: true,
    } satisfies ProductList);
  }

  it('a search the API counted only up to its cap says "5,000+ products"', async () => {
    api(cappedLamp);
    signIn();
    renderApp('/products?q=lamp');
    expect(await screen.findByText('5,000+ products')).toHaveAttribute('role', 'status');
    expect(screen.getByText(/^Showing \d+ of 5,000\+ products$/)).toHaveAttribute('role', 'status');
  });

  it('in Arabic the capped count reads "أكثر من ٥٬٠٠٠ منتج"', async () => {
    api(cappedLamp);
    signIn();
    await act(() => switchLanguage('ar'));
    const app = renderApp('/products?q=lamp');
    try {
      expect(await screen.findByText('أكثر من ٥٬٠٠٠ منتج')).toHaveAttribute('role', 'status');
      expect(screen.getByText(/^عرض \S+ من أكثر من ٥٬٠٠٠ منتج$/)).toHaveAttribute('role', 'status');
    } finally {
      // Unmounted first: the screens need not follow the switch back.
      app.unmount();
      await act(() => switchLanguage('en'));
    }
  });

  it('a count under the cap is written as it is', async () => {
    await openList('/products?q=shirt');
    expect(await screen.findByText('1 product')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/\+ products/)).not.toBeInTheDocument();
  });

  it('waits for the pause: no request while keys come faster than the debounce', async () => {
    const { calls } = await openList();
    const search = screen.getByLabelText('Search About Product by name');
    // On a fake clock: each key comes 1 ms before the pause would end, however busy the machine is.
    // (user-event waits on setTimeout between keys, which a fake clock would stop: the keys are change events.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (let n = 1; n <= 'camera'.length; n++) {
        fireEvent.change(search, { target: { value: 'camera'.slice(0, n) } });
        act(() => void vi.advanceTimersByTime(searchDebounceMs - 1));
      }
      expect(calls.filter((c) => c.path.includes('keyword'))).toEqual([]);
      act(() => void vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(titles()).toEqual(['Canon EOS']));
    expect(calls.filter((c) => c.path.includes('keyword')).map((c) => c.path)).toEqual([
      '/products?keyword=camera&page=1&limit=24',
    ]);
  });

  it('keeps what the shopper typed after a search was sent when the route catches up with that search', async () => {
    const { calls, router } = await openList();
    const search = screen.getByLabelText('Search About Product by name') as HTMLInputElement;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(search, { target: { value: 'wool' } });
      // The pause ends and 'wool' is sent; in the same moment (before the route's change is drawn, as on a
      // busy phone) the shopper empties the box.
      act(() => {
        vi.advanceTimersByTime(searchDebounceMs);
        fireEvent.change(search, { target: { value: '' } });
      });
      expect(router.getState().location?.search).toBe('?q=wool');
      expect(search.value).toBe('');
      act(() => void vi.advanceTimersByTime(searchDebounceMs));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(router.getState().location?.search).toBe(''));
    expect(search.value).toBe('');
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(calls.some((c) => c.path.includes('keyword=wool'))).toBe(true);
  });

  it("never shows an older search's late answer over a newer one, and cancels its request", async () => {
    const gates = new Map<string, ReturnType<typeof deferred<void>>>();
    const { calls } = api(async (c) => {
      const keyword = new URL(c.path, 'http://x').searchParams.get('keyword');
      const gate = keyword ? gates.get(keyword) : undefined;
      if (gate) await gate.promise;
      return productsAnswer(allProducts, c);
    });
    gates.set('wool', deferred<void>());
    gates.set('shirt', deferred<void>());
    signIn();
    renderApp('/products');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const search = screen.getByLabelText('Search About Product by name');
    await userEvent.type(search, 'wool');
    await waitFor(() => expect(calls.some((c) => c.path.includes('keyword=wool'))).toBe(true));
    await userEvent.clear(search);
    await userEvent.type(search, 'shirt');
    await waitFor(() => expect(calls.some((c) => c.path.includes('keyword=shirt'))).toBe(true));
    // The newer answer first, then the older one late.
    await act(async () => gates.get('shirt')!.resolve());
    await waitFor(() => expect(titles()).toEqual(['Men Classic']));
    await act(async () => gates.get('wool')!.resolve());
    await act(() => settle());
    expect(titles()).toEqual(['Men Classic']);
    expect(screen.getByText('1 product')).toBeInTheDocument();
    expect(calls.find((c) => c.path.includes('keyword=wool'))?.signal.aborted).toBe(true);
    expect(calls.find((c) => c.path.includes('keyword=shirt'))?.signal.aborted).toBe(false);
  });

  it('applies the price range (both bounds, inclusive) and the category on "Show Products"', async () => {
    const { router } = await openList();
    await userEvent.type(screen.getByLabelText('Price from'), '149');
    expect(cards()).toHaveLength(3); // nothing applies before the submit
    await userEvent.click(screen.getByRole('button', { name: 'Show Products' }));
    await waitFor(() => expect(router.getState().location?.search).toBe('?from=149'));
    // The screen has taken the applied bound (it refills the fields from it) once it says what it made of it, beside
    // the empty bound: only then is that field typed, as a shopper would after seeing the answer.
    await waitFor(() =>
      expect(screen.getByLabelText('Price to')).toHaveAccessibleDescription(
        'Fill in both prices to filter by price.',
      ),
    );
    expect(cards()).toHaveLength(3); // one bound alone does not filter
    await userEvent.type(screen.getByLabelText('Price to'), '399');
    await userEvent.click(screen.getByRole('button', { name: 'Show Products' }));
    await waitFor(() => expect(titles()).toEqual(['Woman Shawl', 'Men Classic']));
    await userEvent.selectOptions(screen.getByLabelText('Category Name'), "Men's Fashion");
    await userEvent.click(screen.getByRole('button', { name: 'Show Products' }));
    await waitFor(() => expect(titles()).toEqual(['Men Classic']));
    expect(router.getState().location?.search).toBe('?from=149&to=399&category=Men%27s+Fashion');
  });

  it('opens with the search, filters and sort of its URL, and follows back and forward', async () => {
    const { router } = await openList('/products?q=a&sort=-price');
    await waitFor(() => expect(titles()).toEqual(['Canon EOS', 'Men Classic', 'Woman Shawl']));
    expect(screen.getByLabelText('Search About Product by name')).toHaveValue('a');
    expect(screen.getByLabelText('Sort by')).toHaveValue('-price');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'price');
    await waitFor(() => expect(titles()).toEqual(['Woman Shawl', 'Men Classic', 'Canon EOS']));
    act(() => router.navigate(-1));
    await waitFor(() => expect(titles()).toEqual(['Canon EOS', 'Men Classic', 'Woman Shawl']));
    expect(screen.getByLabelText('Sort by')).toHaveValue('-price');
  });

  it('offers the four category options', async () => {
    await openList();
    const options = within(screen.getByLabelText('Category Name'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All', "Women's Fashion", "Men's Fashion", 'Electronics']);
  });

  it('adds to the cart from the list, with the busy overlay and the toast', async () => {
    const gate = deferred<void>();
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', /^\/products\?/, () => reply(200, list(allProducts))),
      on('POST', '/cart', async () => {
        await gate.promise;
        return reply(200, cart([cartLine(camera, 1)]));
      }),
    );
    signIn();
    renderApp('/products');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: `Add to cart: ${camera.title}` }));
    expect(await screen.findByTestId('busy-overlay')).toBeInTheDocument();
    await act(async () => gate.resolve());
    await waitFor(() => expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument());
  });

  it('says so when the list cannot load', async () => {
    api(() => reply(503, { statusMsg: 'error', message: 'down' }));
    signIn();
    renderApp('/products');
    // (the list's one attempt; SWR's retries are off in these tests)
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the products.');
    expect(screen.getByLabelText('Search About Product by name')).toBeInTheDocument();
  });
});
