// Each route names the tab each time it is shown (issue 31): also when something else wrote the title after the
// screen set it (the page's own <title> "FreshCart", hydrated after a quick first screen), and when the router keeps
// a screen from one entry to the next (the order confirmation, then the history on the same screen).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/session/session-store';
import { line, order } from '../cart-fixtures';
import { mockApi, on, renderApp, reply } from '../shell-helpers';
import { allProducts, cart, list, tokenFor, userId } from '../shell-fixtures';

function signedIn(orders: unknown[] = []) {
  mockApi(
    on('GET', '/cart', () => reply(200, cart([]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, orders)),
    on('GET', /^\/products/, () => reply(200, list(allProducts))),
    on('GET', '/categories', () => reply(200, list([]))),
    on('GET', '/wishlist', () => reply(200, { status: 'success', count: 0, data: [] })),
  );
  act(() => setToken(tokenFor(userId)));
}

afterEach(() => {
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the page's own <title> does when it is hydrated after the first screen has named the tab. */
const pageTitleHydrates = () => act(() => void (document.title = 'FreshCart'));

describe('the tab names the screen on show', { timeout: 20_000 }, () => {
  it('Home → Cart → Home → Cart: each time, even after the page wrote its own title over it', async () => {
    const user = userEvent.setup();
    signedIn();
    renderApp('/cart');
    await waitFor(() => expect(document.title).toBe('Cart · FreshCart'));
    await pageTitleHydrates();
    await waitFor(() => expect(document.title).toBe('Cart · FreshCart'));

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const [link, title] of [
      ['Home', 'Home · FreshCart'],
      [/^Cart/, 'Cart · FreshCart'],
      ['Home', 'Home · FreshCart'],
      [/^Cart/, 'Cart · FreshCart'],
    ] as const) {
      await user.click(within(nav).getByRole('link', { name: link }));
      await waitFor(() => expect(document.title).toBe(title));
      await pageTitleHydrates();
      await waitFor(() => expect(document.title).toBe(title));
    }
  });

  it("the order confirmation's title gives way to the history's when the same screen shows the history", async () => {
    const user = userEvent.setup();
    const placed = order(1047, '2026-03-01T10:00:00.000Z', [line(1, 1, 500)]);
    signedIn([placed]);
    renderApp(`/allorders?placed=${placed._id}`);
    await waitFor(() => expect(document.title).toBe('Order FC-001047 placed · FreshCart'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(document.title).toBe('Your Orders · FreshCart'));
  });
});
