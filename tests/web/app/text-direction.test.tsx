// What a shopper types and the catalogue's own text read in their own direction (issue 31): a Latin address typed
// in an Arabic form ("12 Tahrir St, flat 4") is not drawn out of order, nor an English product title on an Arabic
// page. The browser picks the direction of each (dir="auto", <bdi>) from its first strong letter.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage, type Lang } from '@/lib/i18n/i18n';
import { clearToken, setToken } from '@/lib/session/session-store';
import { mockApi, on, renderApp, reply } from '../shell-helpers';
import {
  camera,
  canon,
  cart,
  cartLine,
  defacto,
  electronics,
  list,
  tokenFor,
  userId,
  women,
} from '../shell-fixtures';

const token = tokenFor(userId);

function shop() {
  mockApi(
    on('GET', '/cart', () => reply(200, cart([cartLine(camera, 1)]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
    on('GET', '/addresses', () => reply(200, { status: 'success', results: 0, data: [] })),
    on('GET', '/wishlist', () => reply(200, { status: 'success', count: 0, data: [] })),
    on('GET', `/products/${camera._id}`, () => reply(200, { data: camera })),
    on('GET', /^\/products\?/, () => reply(200, list([camera]))),
    on('GET', '/categories', () => reply(200, list([women, electronics]))),
    on('GET', '/brands', () => reply(200, list([defacto, canon]))),
  );
}

/**
 * Every field a shopper types in on the screen but the footer's e-mail, whose placeholder reads in the page's
 * direction (an empty field with dir="auto" would draw it at the left of an Arabic page).
 */
const typedFields = () =>
  [...screen.getAllByRole('textbox'), ...screen.queryAllByRole('searchbox')].filter(
    (field) => !field.closest('footer'),
  );

afterEach(async () => {
  act(() => clearToken());
  await act(() => switchLanguage('en'));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe.each<Lang>(['en', 'ar'])('in %s', (lang) => {
  async function open(path: string, signedIn = true) {
    shop();
    if (signedIn) act(() => setToken(token));
    await act(() => switchLanguage(lang));
    return renderApp(path);
  }

  it('the order form: details, city and phone take the direction of what is typed', async () => {
    await open('/order');
    // Details, city, phone.
    const fields = await waitFor(() => {
      expect(typedFields()).toHaveLength(3);
      return typedFields();
    });
    for (const field of fields) expect(field).toHaveAttribute('dir', 'auto');
  });

  it('the product list: the search box and the price filters', async () => {
    await open('/products');
    await screen.findByRole('searchbox');
    const fields = typedFields();
    expect(fields.length).toBeGreaterThanOrEqual(3);
    for (const field of fields) expect(field).toHaveAttribute('dir', 'auto');
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByRole('heading', { level: 3 })).toHaveAttribute('dir', 'auto');
    expect(within(card).getByText('Electronics')).toHaveAttribute('dir', 'auto');
  });

  it('registration: name, e-mail, passwords and phone', async () => {
    await open('/register', false);
    await screen.findByRole('heading', { level: 1 });
    const fields = [...typedFields(), ...document.querySelectorAll('input[type="password"]')];
    expect(fields.length).toBeGreaterThanOrEqual(5);
    for (const field of fields) expect(field).toHaveAttribute('dir', 'auto');
  });

  it('product details: the title and the description', async () => {
    await open(`/productDetails/${camera._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: camera.title })).toHaveAttribute(
      'dir',
      'auto',
    );
    expect(screen.getByText(camera.description)).toHaveAttribute('dir', 'auto');
  });

  it("the cart's lines and the categories' names", async () => {
    const view = await open('/cart');
    expect(await screen.findByRole('heading', { level: 2, name: camera.title })).toHaveAttribute(
      'dir',
      'auto',
    );
    view.unmount();
    await open('/categories');
    const link = await screen.findByRole('link', { name: 'Electronics' });
    expect(within(link).getByText('Electronics')).toHaveAttribute('dir', 'auto');
  });
});
