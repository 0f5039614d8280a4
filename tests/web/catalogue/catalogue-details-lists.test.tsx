// Product details (carousel and full-screen viewer), products of a brand and of a category, and the
// categories and brands grids: loading, error, empty and filled states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/session/session-store';
import { switchLanguage } from '@/lib/i18n/i18n';
import { earlyPaintDoneAttribute, earlyPaintElementId } from '@/lib/early-paint/names';
import { deferred, mockApi, on, renderApp, reply, type Answer } from '../shell-helpers';
import {
  camera,
  canon,
  cart,
  cartLine,
  defacto,
  electronics,
  list,
  men,
  shawl,
  shirt,
  tokenFor,
  userId,
  women,
} from '../shell-fixtures';

const token = tokenFor(userId);

/** The API stand-in, then the sign-in (which loads the cart through it). */
function api(...handlers: ReturnType<typeof on>[]) {
  const mock = mockApi(
    on('GET', '/cart', () => reply(200, cart([]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
    ...handlers,
  );
  act(() => setToken(token));
  return mock;
}

afterEach(() => {
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('product details', () => {
  function detailsApi(answer: () => Answer | Promise<Answer>, extra: ReturnType<typeof on>[] = []) {
    return api(on('GET', `/products/${camera._id}`, answer), ...extra);
  }

  it('shows a spinner, then the title, description, category, price, rating and button', async () => {
    const gate = deferred<void>();
    const { calls } = detailsApi(async () => {
      await gate.promise;
      return reply(200, { data: camera });
    });
    renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByText('Loading product')).toBeInTheDocument();
    await act(async () => gate.resolve());
    expect(await screen.findByRole('heading', { level: 1, name: camera.title })).toBeInTheDocument();
    expect(screen.getByText(camera.description)).toBeInTheDocument();
    expect(screen.getByText('Category: Electronics')).toBeInTheDocument();
    expect(screen.getByText('19,699 EGP')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(document.title).toBe(`${camera.title} · FreshCart`);
    expect(screen.getByText('4.9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add to Cart' })).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/products'))?.token).toBeUndefined();
  });

  it('takes over from the early paint: the early drawing stays while the product loads, and goes as the screen shows it or why not', async () => {
    for (const answer of [reply(200, { data: camera }), reply(404, { message: 'No product' })]) {
      const early = document.createElement('div');
      early.id = earlyPaintElementId;
      document.body.appendChild(early);
      const gate = deferred<void>();
      detailsApi(async () => {
        await gate.promise;
        return answer;
      });
      const view = renderApp(`/productDetails/${camera._id}`);
      expect(await screen.findByText('Loading product')).toBeInTheDocument();
      expect(document.getElementById(earlyPaintElementId)).toBe(early);
      await act(async () => gate.resolve());
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(document.getElementById(earlyPaintElementId)).toBeNull();
      expect(document.documentElement.hasAttribute(earlyPaintDoneAttribute)).toBe(true);
      document.documentElement.removeAttribute(earlyPaintDoneAttribute);
      view.unmount();
    }
  });

  it('shows the brand (to its products), how many ratings the average stands on, and the way back to the category', async () => {
    detailsApi(() => reply(200, { data: { ...camera, ratingsQuantity: 213 } }));
    renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: camera.title })).toBeInTheDocument();
    expect(screen.getByText('Brand:', { exact: false })).toHaveTextContent(`Brand: ${camera.brand.name}`);
    expect(screen.getByRole('link', { name: camera.brand.name })).toHaveAttribute(
      'href',
      `/productsWithBrand/${camera.brand._id}`,
    );
    expect(screen.getByText('213 ratings')).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Where this product is in the shop' });
    const steps = within(trail).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Home', 'Electronics', camera.title]);
    expect(within(trail).getByRole('link', { name: 'Electronics' })).toHaveAttribute(
      'href',
      `/productwithCategory/${camera.category._id}`,
    );
    expect(steps[2]).toHaveAttribute('aria-current', 'page');
  });

  it('counts one rating in the singular, and in Arabic in its own forms', async () => {
    let ratings = 1;
    detailsApi(() => reply(200, { data: { ...camera, ratingsQuantity: ratings } }));
    const english = renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByText('1 rating')).toBeInTheDocument();
    english.unmount();
    ratings = 2;
    await act(() => switchLanguage('ar'));
    const arabic = renderApp(`/productDetails/${camera._id}`);
    try {
      expect(await screen.findByText('تقييمان')).toBeInTheDocument();
    } finally {
      arabic.unmount();
      await act(() => switchLanguage('en'));
    }
  });

  it("shows the heading 'Error' when the product cannot load", async () => {
    detailsApi(() => reply(404, { statusMsg: 'fail', message: `No product for this id ${camera._id}` }));
    renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
  });

  it('has a carousel with arrows and a dot per image; a click opens the viewer, which closes on its button', async () => {
    detailsApi(() => reply(200, { data: camera }));
    renderApp(`/productDetails/${camera._id}`);
    await screen.findByRole('heading', { level: 1, name: camera.title });
    expect(screen.getByRole('button', { name: 'Previous image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next image' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Show image \d$/ })).toHaveLength(3);

    const opener = screen.getByRole('button', { name: 'Open image 1 of 3 full screen' });
    await userEvent.click(opener);
    // The viewer's code arrives on its own (components/catalogue/lazy-image-viewer.tsx).
    const dialog = await screen.findByRole('dialog', { name: `${camera.title} images` });
    // The viewer takes the focus once it is on screen (an effect: a busy machine runs it a moment after the dialog shows).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    expect(within(dialog).getAllByRole('img', { hidden: true }).length).toBe(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('the viewer closes on Escape and on a click outside its inner box, and keeps Tab inside', async () => {
    detailsApi(() => reply(200, { data: camera }));
    renderApp(`/productDetails/${camera._id}`);
    await screen.findByRole('heading', { level: 1, name: camera.title });
    const opener = screen.getByRole('button', { name: 'Open image 1 of 3 full screen' });

    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    const inside = within(dialog).getAllByRole('button');
    // Tab from the last control wraps to the first, and Shift+Tab from the first wraps to the last.
    inside.at(-1)!.focus();
    await userEvent.tab();
    expect(inside[0]).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(inside.at(-1)).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('+ Add to Cart adds this product under the busy overlay', async () => {
    const gate = deferred<void>();
    const { calls } = detailsApi(
      () => reply(200, { data: camera }),
      [
        on('POST', '/cart', async () => {
          await gate.promise;
          return reply(200, cart([cartLine(camera, 1)]));
        }),
      ],
    );
    renderApp(`/productDetails/${camera._id}`);
    await userEvent.click(await screen.findByRole('button', { name: '+ Add to Cart' }));
    expect(await screen.findByTestId('busy-overlay')).toBeInTheDocument();
    await act(async () => gate.resolve());
    await waitFor(() => expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument());
    // One unit is the spec's call as it is: no count.
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ token });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ productId: camera._id });
  });
});

describe('product details: how many to add', () => {
  /** The product, a cart holding `inCart` of it, and an add the server accepts. */
  function detailsApi(product: typeof camera, inCart: number) {
    const mock = mockApi(
      on('GET', '/cart', () => reply(200, cart(inCart > 0 ? [cartLine(product, inCart)] : []))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', `/products/${product._id}`, () => reply(200, { data: product })),
      on('POST', '/cart', () => reply(200, cart([cartLine(product, inCart + 1)]))),
    );
    act(() => setToken(token));
    return mock;
  }
  const field = () => screen.getByRole('textbox', { name: 'Quantity' });
  const posts = (calls: { method: string; body?: unknown }[]) =>
    calls.filter((c) => c.method === 'POST').map((c) => c.body);

  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('starts at 1; + and - step it, and the add sends that many in one call, then it is 1 again', async () => {
    const { calls } = detailsApi(camera, 0);
    renderApp(`/productDetails/${camera._id}`);
    await screen.findByRole('heading', { level: 1, name: camera.title });
    expect(field()).toHaveValue('1');
    const fewer = screen.getByRole('button', { name: 'One fewer' });
    expect(fewer).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    await userEvent.click(fewer);
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    expect(field()).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: '+ Add to Cart' }));
    await waitFor(() => expect(posts(calls)).toEqual([{ productId: camera._id, count: 3 }]));
    await waitFor(() => expect(field()).toHaveValue('1'));
  });

  it('keeps a typed number within what the stock leaves beside the cart, and says what the most is', async () => {
    const few = { ...camera, quantity: 5 };
    const { calls } = detailsApi(few, 2);
    renderApp(`/productDetails/${camera._id}`);
    await screen.findByText('Only 5 left in stock (2 in your cart)');
    await userEvent.clear(field());
    await userEvent.type(field(), '12');
    expect(field()).toHaveAccessibleDescription('You can add up to 3');
    await userEvent.tab();
    expect(field()).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'One more' })).toHaveAttribute('aria-disabled', 'true');
    // Typed and not yet left: the add takes the number within range.
    await userEvent.clear(field());
    await userEvent.type(field(), '9');
    await userEvent.click(screen.getByRole('button', { name: '+ Add to Cart' }));
    await waitFor(() => expect(posts(calls)).toEqual([{ productId: camera._id, count: 3 }]));
  });

  it('takes nonsense as 1: letters, nothing, zero', async () => {
    const { calls } = detailsApi(camera, 0);
    renderApp(`/productDetails/${camera._id}`);
    await screen.findByRole('heading', { level: 1, name: camera.title });
    for (const typed of ['abc', '0', '-4']) {
      await userEvent.clear(field());
      await userEvent.type(field(), typed);
      await userEvent.tab();
      expect(field(), typed).toHaveValue(typed === '-4' ? '4' : '1');
    }
    await userEvent.clear(field());
    await userEvent.tab();
    expect(field()).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: '+ Add to Cart' }));
    await waitFor(() => expect(posts(calls)).toEqual([{ productId: camera._id }]));
  });

  it('in Arabic shows Arabic digits and reads them when typed', async () => {
    await act(() => switchLanguage('ar'));
    const { calls } = detailsApi(camera, 0);
    renderApp(`/productDetails/${camera._id}`);
    await screen.findByRole('heading', { level: 1, name: camera.title });
    const arField = screen.getByRole('textbox', { name: 'الكمية' });
    expect(arField).toHaveValue('١');
    await userEvent.clear(arField);
    await userEvent.type(arField, '٤');
    await userEvent.click(screen.getByRole('button', { name: 'قطعة أخرى' }));
    expect(arField).toHaveValue('٥');
    await userEvent.click(screen.getByRole('button', { name: '+ أضف إلى العربة' }));
    await waitFor(() => expect(posts(calls)).toEqual([{ productId: camera._id, count: 5 }]));
  });

  it('a sold-out product offers no quantity to choose', async () => {
    detailsApi({ ...camera, quantity: 0 }, 0);
    renderApp(`/productDetails/${camera._id}`);
    await screen.findByText('Out of stock');
    expect(field()).toBeDisabled();
  });
});

describe('product details: availability, the reason for a refusal, the keyboard', () => {
  function detailsApi(product: typeof camera, extra: ReturnType<typeof on>[] = []) {
    return api(
      on('GET', `/products/${product._id}`, () => reply(200, { data: product })),
      ...extra,
    );
  }

  it('says how many are left when only a few are', async () => {
    detailsApi({ ...camera, quantity: 3 });
    const view = renderApp(`/productDetails/${camera._id}`);
    expect(await screen.findByText('Only 3 left in stock')).toBeInTheDocument();
    view.unmount();
  });

  it('an out-of-stock product says so and its button does nothing', async () => {
    const soldOut = { ...camera, _id: 'p-sold-out', id: 'p-sold-out', quantity: 0 };
    const { calls } = detailsApi(soldOut);
    renderApp(`/productDetails/${soldOut._id}`);
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: '+ Add to Cart' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('Out of stock');
    await userEvent.click(add);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("a refused add shows the server's reason beside the button", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    detailsApi(camera, [
      on('POST', '/cart', () =>
        reply(400, { statusMsg: 'fail', message: `Only 50 of ${camera.title} in stock` }),
      ),
    ]);
    renderApp(`/productDetails/${camera._id}`);
    await userEvent.click(await screen.findByRole('button', { name: '+ Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Only 50 of ${camera.title} in stock`);
  });

  it('Escape closes the viewer wherever the focus is, and the focus goes back to the opener', async () => {
    detailsApi(camera);
    renderApp(`/productDetails/${camera._id}`);
    await screen.findByRole('heading', { level: 1, name: camera.title });
    const opener = screen.getByRole('button', { name: 'Open image 1 of 3 full screen' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // A click on the picture itself leaves the focus on <body>, outside the dialog.
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("four quick Enter presses on '+ Add to Cart' add once, and the button keeps the focus", async () => {
    const gate = deferred<void>();
    const { calls } = detailsApi(camera, [
      on('POST', '/cart', async () => {
        await gate.promise;
        return reply(200, cart([cartLine(camera, 1)]));
      }),
    ]);
    renderApp(`/productDetails/${camera._id}`);
    const add = await screen.findByRole('button', { name: '+ Add to Cart' });
    add.focus();
    await userEvent.keyboard('{Enter}{Enter}{Enter}{Enter}');
    expect(add).toHaveFocus();
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await act(async () => gate.resolve());
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(add).toHaveFocus();
  });
});

describe('products of a brand', () => {
  it('shows a spinner, then the brand name and cards with "title: " (first word) and "price: "', async () => {
    const gate = deferred<void>();
    api(
      on('GET', `/products?brand=${defacto._id}&page=1&limit=24`, async () => {
        await gate.promise;
        return reply(200, list([shawl, shirt]));
      }),
    );
    renderApp(`/productsWithBrand/${defacto._id}`);
    expect(await screen.findByText('Loading products')).toBeInTheDocument();
    await act(async () => gate.resolve());
    expect(await screen.findByRole('heading', { level: 1, name: 'DeFacto' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('title: Woman')).toBeInTheDocument();
    expect(first.getByText('price: 149 EGP')).toBeInTheDocument();
    expect(first.getByText('4.8')).toBeInTheDocument();
    expect(first.getByRole('link')).toHaveAttribute('href', `/productDetails/${shawl._id}`);
    expect(first.getByRole('button', { name: /Add to cart/ })).toHaveTextContent('Add to cart');
  });

  it("shows only the heading 'No items available' for an empty brand", async () => {
    api(on('GET', `/products?brand=${canon._id}&page=1&limit=24`, () => reply(200, list([]))));
    renderApp(`/productsWithBrand/${canon._id}`);
    expect(await screen.findByRole('heading', { name: 'No items available' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers another try when the brand products cannot load', async () => {
    api(on('GET', `/products?brand=${canon._id}&page=1&limit=24`, () => reply(500, { message: 'down' })));
    renderApp(`/productsWithBrand/${canon._id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the products of this brand.',
    );
  });
});

describe('products of a category', () => {
  it("shows 'Product with category ' and the name, with first-two-word titles", async () => {
    api(on('GET', `/products?category=${women._id}&page=1&limit=24`, () => reply(200, list([shawl]))));
    renderApp(`/productwithCategory/${women._id}`);
    expect(
      await screen.findByRole('heading', { name: "Product with category Women's Fashion" }),
    ).toBeInTheDocument();
    expect(screen.getByText('title: Woman Shawl')).toBeInTheDocument();
    expect(screen.getByText('price: 149 EGP')).toBeInTheDocument();
  });

  it("shows 'No items available' for an empty category", async () => {
    api(on('GET', `/products?category=${men._id}&page=1&limit=24`, () => reply(200, list([]))));
    renderApp(`/productwithCategory/${men._id}`);
    expect(await screen.findByRole('heading', { name: 'No items available' })).toBeInTheDocument();
  });

  it("shows 'No products provided with this Brand' when there is no data at all", async () => {
    api(
      on('GET', `/products?category=${electronics._id}&page=1&limit=24`, () =>
        reply(500, { message: 'down' }),
      ),
    );
    renderApp(`/productwithCategory/${electronics._id}`);
    expect(await screen.findByText('No products provided with this Brand')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('categories and brands grids', () => {
  it('categories: spinner, then image-and-name links to their products', async () => {
    const gate = deferred<void>();
    api(
      on('GET', '/categories', async () => {
        await gate.promise;
        return reply(200, list([women, men, electronics]));
      }),
    );
    renderApp('/categories');
    expect(await screen.findByText('Loading categories')).toBeInTheDocument();
    await act(async () => gate.resolve());
    const link = await screen.findByRole('link', { name: 'Electronics' });
    expect(link).toHaveAttribute('href', `/productwithCategory/${electronics._id}`);
    expect(link.querySelector('img')).toHaveAttribute('src', electronics.image);
  });

  it('brands: every page, links to the brand products', async () => {
    const { calls } = api(
      on('GET', '/brands', () => reply(200, list([defacto], 1, 2))),
      on('GET', '/brands?page=2', () => reply(200, list([canon], 2, 2))),
    );
    renderApp('/brands');
    expect(await screen.findByRole('link', { name: 'Canon' })).toHaveAttribute(
      'href',
      `/productsWithBrand/${canon._id}`,
    );
    expect(screen.getByRole('link', { name: 'DeFacto' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/brands'))).toHaveLength(2);
  });

  it('brands: the logo shows the name, so it is not printed again under it (screen readers still hear it)', async () => {
    api(
      on('GET', '/brands', () => reply(200, list([defacto, canon]))),
      on('GET', '/categories', () => reply(200, list([women]))),
    );
    const brands = renderApp('/brands');
    const link = await screen.findByRole('link', { name: 'Canon' });
    expect(within(link).getByText('Canon')).toHaveClass('visually-hidden');
    brands.unmount();
    renderApp('/categories');
    const category = await screen.findByRole('link', { name: "Women's Fashion" });
    expect(within(category).getByText("Women's Fashion")).not.toHaveClass('visually-hidden');
  });

  it('brands: empty and error states', async () => {
    api(on('GET', '/brands', () => reply(200, list([]))));
    const first = renderApp('/brands');
    expect(await screen.findByText('No brands yet.')).toBeInTheDocument();
    first.unmount();
    api(on('GET', '/categories', () => reply(500, { message: 'down' })));
    renderApp('/categories');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the categories.');
  });
});
