// A product, category or brand that does not exist (issue 31): the API's 404 (or 400 for an id that cannot be one)
// is not a failed connection. The screen says it does not exist and offers the way back to the list, never a
// 'Try again' that cannot work; a failed load still offers another try. The spec's texts stay: 'Error' on product
// details, 'No products provided with this Brand' on a category with no data, 'No items available' as a brand's
// heading without a name.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '@/lib/i18n/i18n';
import { clearToken, setToken } from '@/lib/session/session-store';
import { mockApi, on, renderApp, reply, type Answer } from '../shell-helpers';
import { camera, cart, list, tokenFor, userId } from '../shell-fixtures';

function api(...handlers: ReturnType<typeof on>[]) {
  const mock = mockApi(
    ...handlers,
    on('GET', '/cart', () => reply(200, cart([]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
    on('GET', /^\/products\?page=1/, () => reply(200, list([camera]))),
    on('GET', '/categories', () => reply(200, list([]))),
    on('GET', /^\/brands/, () => reply(200, list([]))),
  );
  act(() => setToken(tokenFor(userId)));
  return mock;
}

afterEach(() => {
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const unknownProduct = () =>
  reply(404, { statusMsg: 'fail', message: 'No product for this id 0123456789abcdef01234567' });
const invalidId = (param: 'category' | 'brand') => () =>
  reply(400, {
    message: 'fail',
    errors: { value: 'nonsense', msg: `Invalid ${param}`, param, location: 'query' },
  });
const down = (): Answer => reply(503, { statusMsg: 'error', message: 'down' });

describe('a product that does not exist', { timeout: 20_000 }, () => {
  it("keeps the spec's 'Error', says the product does not exist, and leads back to the products", async () => {
    const user = userEvent.setup();
    api(on('GET', '/products/0123456789abcdef01234567', unknownProduct));
    const { pathname } = renderApp('/productDetails/0123456789abcdef01234567');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This product does not exist, or is no longer sold.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See all products' }));
    await waitFor(() => expect(pathname()).toBe('/products'));
  });

  it('a product that could not be loaded offers another try, which shows it', async () => {
    const user = userEvent.setup();
    let failing = true;
    api(on('GET', `/products/${camera._id}`, () => (failing ? down() : reply(200, { data: camera }))));
    renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not load the product. Check your connection and try again.',
    );
    expect(screen.queryByRole('link', { name: 'See all products' })).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: camera.title })).toBeInTheDocument();
  });
});

describe('a category or brand that does not exist', { timeout: 20_000 }, () => {
  it("category: the spec's 'No products provided with this Brand', that it does not exist, and the way back", async () => {
    const user = userEvent.setup();
    api(on('GET', /^\/products\?category=nonsense/, invalidId('category')));
    const { pathname } = renderApp('/productwithCategory/nonsense');
    expect(await screen.findByText('No products provided with this Brand')).toBeInTheDocument();
    expect(screen.getByText('This category does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See all categories' }));
    await waitFor(() => expect(pathname()).toBe('/categories'));
  });

  it('category: a failed load keeps its Try again', async () => {
    api(on('GET', /^\/products\?category=c1/, down));
    renderApp('/productwithCategory/c1');
    expect(await screen.findByText('No products provided with this Brand')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('This category does not exist.')).not.toBeInTheDocument();
  });

  it("brand: 'No items available' as its heading, that it does not exist, and the way back", async () => {
    const user = userEvent.setup();
    api(on('GET', /^\/products\?brand=nonsense/, invalidId('brand')));
    const { pathname } = renderApp('/productsWithBrand/nonsense');
    expect(await screen.findByRole('heading', { level: 1, name: 'No items available' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This brand does not exist.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See all brands' }));
    await waitFor(() => expect(pathname()).toBe('/brands'));
  });

  it('brand: a failed load keeps its Try again', async () => {
    api(on('GET', /^\/products\?brand=b1/, down));
    renderApp('/productsWithBrand/b1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the products of this brand.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('in Arabic', async () => {
    await act(() => switchLanguage('ar'));
    try {
      api(on('GET', '/products/0123456789abcdef01234567', unknownProduct));
      renderApp('/productDetails/0123456789abcdef01234567');
      expect(await screen.findByRole('alert')).toHaveTextContent('هذا المنتج غير موجود، أو لم يعد يُباع.');
      expect(screen.getByRole('link', { name: 'عرض كل المنتجات' })).toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en'));
    }
  });
});
