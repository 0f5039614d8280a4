// The exported page's frame, as Next renders it at export time, then hydrated by React in the browser: the
// navbar and footer are hydrated where they are (not replaced), both link sets are in the exported HTML and
// only the shopper's remain once the session is known, and the first screen takes the placeholder's place.
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstScreenPlaceholder } from '@/components/app/first-screen-placeholder';
import { Storefront } from '@/components/app/storefront';
import { clearToken, setToken } from '@/lib/session/session-store';
import { installBrowserStandIns, mockApi, on, reply } from '../shell-helpers';
import { allProducts, cart, cartLine, list, shawl, tokenFor, userId, women } from '../shell-fixtures';

const token = tokenFor(userId);
let root: Root | null = null;
let container: HTMLDivElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = null;
  act(() => clearToken());
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-hydrated');
});

const app = () => <Storefront placeholder={<FirstScreenPlaceholder />} />;

/** The page as exported (no session, no route known), in the document as the browser parsed it. */
function exportedPage(): HTMLDivElement {
  const html = renderToString(app());
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

describe('the exported page', () => {
  it('holds the navbar with both sets of links, the main area with its placeholder, and the footer', () => {
    const page = exportedPage();
    const nav = within(page.querySelector('header')!);
    for (const name of ['Home', 'Products', 'Categories', 'Brands', 'Orders', 'Login', 'Register']) {
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/^#\//));
    }
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const main = within(page.querySelector('main')!);
    expect(main.getByRole('heading', { name: 'New arrivals' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Shop now: new arrivals' })).toHaveAttribute('href', '#/products');
    expect(main.getByText('Loading...')).toBeInTheDocument();
    expect(
      within(page.querySelector('footer')!).getByRole('button', { name: 'Share App Link' }),
    ).toBeInTheDocument();
  });

  it('is hydrated as it is: the same navbar and footer elements, no mismatch, then the shopper’s links only', async () => {
    installBrowserStandIns();
    mockApi(
      on('GET', '/cart', () => reply(200, cart([cartLine(shawl, 1)]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', /^\/products\?/, () => reply(200, list(allProducts))),
      on('GET', '/categories', () => reply(200, list([women]))),
    );
    window.history.replaceState(null, '', '/ecommerceweb/#/home');
    // 'tkn' holds the token when the page opens (the export itself knows of no session).
    act(() => setToken(token));
    const page = exportedPage();
    const header = page.querySelector('header');
    const footer = page.querySelector('footer');
    const mismatches = vi.fn();
    await act(async () => {
      root = hydrateRoot(page, app(), { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(page.querySelector('header')).toBe(header);
    expect(page.querySelector('footer')).toBe(footer);
    await waitFor(() => expect(within(header!).queryByRole('link', { name: 'Login' })).toBeNull());
    expect(within(header!).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(allProducts.length);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(page.querySelector('header')).toBe(header);
  });
});
