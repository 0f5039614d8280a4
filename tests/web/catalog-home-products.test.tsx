// Home and the product list: loading, error, empty and filled states, add to cart with its toasts and
// busy overlay, and the search box and 'Filter Products' form.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/session/session-store';
import { deferred, mockApi, on, renderApp, reply, type Answer, type Call } from './shell-helpers';
import { allProducts, camera, cart, cartLine, defacto, list, men, product, shawl, tokenFor, userId, women } from './shell-fixtures';

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

function signIn() {
  act(() => setToken(token));
}

afterEach(() => {
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

  it('loads the banner and the categories slider with the real categories', async () => {
    api(() => reply(200, list(allProducts)));
    signIn();
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Offers' })).toBeInTheDocument();
    const categories = await screen.findByRole('region', { name: 'Shop Popular Categories' });
    expect(within(categories).getByRole('link', { name: "Women's Fashion" })).toHaveAttribute('href', `/productwithCategory/${women._id}`);
  });

  it('fetches every page of products', async () => {
    const page2 = [product('Extra Item Forty One', 10, men, defacto)];
    const { calls } = api((c) =>
      c.path === '/products?page=2' ? reply(200, list(page2, 2, 2)) : reply(200, list(allProducts, 1, 2)),
    );
    signIn();
    renderApp('/home');
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(calls.filter((c) => c.path.startsWith('/products')).map((c) => c.path)).toEqual(['/products', '/products?page=2']);
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
    const gate = deferred<void>();
    let serverCart = cart([]);
    mockApi(
      on('GET', '/cart', () => reply(200, serverCart)),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', '/categories', () => reply(200, list([]))),
      on('GET', '/products', () => reply(200, list(allProducts))),
      on('POST', '/cart', async () => {
        await gate.promise;
        serverCart = cart([cartLine(shawl, 1)]);
        return reply(200, serverCart);
      }),
    );
    signIn();
    renderApp('/home');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(cards()[0]!).getByRole('button', { name: /Add to cart/ }));
    expect(await screen.findByTestId('busy-overlay')).toBeInTheDocument();
    await act(async () => gate.resolve());
    await waitFor(() => expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument());
    // Nowhere in the page yet, the screen readers' live region included: the message waits 3000 ms.
    expect(screen.queryByText(/it is Added to cart/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(
      await screen.findByText('it is Added to cart', { selector: '[role="alert"] *, [role="alert"]' }, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('1 items')).toBeInTheDocument();
  });

  it('shows "error occured" when the add fails, and no success toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api(() => reply(200, list(allProducts)), [['POST', '/cart', () => reply(500, { statusMsg: 'error', message: 'down' })]]);
    signIn();
    renderApp('/home');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(cards()[1]!).getByRole('button', { name: /Add to cart/ }));
    expect(await screen.findByText('error occured', { selector: '[role="alert"] *, [role="alert"]' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 3500));
    expect(screen.queryByText('it is Added to cart', { selector: '[role="alert"] *, [role="alert"]' })).not.toBeInTheDocument();
  });
});

describe('product list', () => {
  async function openList() {
    api(() => reply(200, list(allProducts)));
    signIn();
    renderApp('/products');
    await waitFor(() => expect(cards()).toHaveLength(3));
  }

  function titles() {
    return cards().map((c) => within(c).getByRole('heading').textContent);
  }

  it('filters by title as the shopper types in the search box', async () => {
    await openList();
    const search = screen.getByLabelText('Search About Product by name');
    await userEvent.type(search, 'shirt');
    expect(titles()).toEqual(['Men Classic']);
    expect(screen.getByText('1 product')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(screen.getByText('No products match your search and filters.')).toBeInTheDocument();
  });

  it('applies the price range (both bounds, inclusive) and the category on "Show Products"', async () => {
    await openList();
    await userEvent.type(screen.getByLabelText('Price from'), '149');
    expect(cards()).toHaveLength(3); // nothing applies before the submit
    await userEvent.click(screen.getByRole('button', { name: 'Show Products' }));
    expect(cards()).toHaveLength(3); // one bound alone does not filter
    await userEvent.type(screen.getByLabelText('Price to'), '399');
    await userEvent.click(screen.getByRole('button', { name: 'Show Products' }));
    expect(titles()).toEqual(['Woman Shawl', 'Men Classic']);
    await userEvent.selectOptions(screen.getByLabelText('Category Name'), "Men's Fashion");
    await userEvent.click(screen.getByRole('button', { name: 'Show Products' }));
    expect(titles()).toEqual(['Men Classic']);
  });

  it('offers the four category options', async () => {
    await openList();
    const options = within(screen.getByLabelText('Category Name')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All', "Women's Fashion", "Men's Fashion", 'Electronics']);
  });

  it('adds to the cart from the list, with the busy overlay and the toast', async () => {
    const gate = deferred<void>();
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', '/products', () => reply(200, list(allProducts))),
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
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the products.');
    expect(screen.getByLabelText('Search About Product by name')).toBeInTheDocument();
  });
});
