// The early paint of the product list (lib/early-paint/script.ts), run as the browser runs it: the head script asks
// for the first page, the early paint's file preloads the first cover as the first card's <img> asks for it and draws
// the screen's top and first cards from the answer, outside React's tree, as text only; the screen takes over.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productCardPictureSizes } from '@/components/catalogue/lcp-pictures';
import { responsiveImage } from '@/lib/api/images';
import type { Product } from '@/lib/contract/catalogue';
import { dismissEarlyPaint } from '@/lib/early-paint/handoff';
import { earlyPaintDoneAttribute, earlyPaintElementId } from '@/lib/early-paint/names';
import { earlyPaintCards } from '@/lib/early-paint/script';
import { switchLanguage } from '@/lib/i18n/i18n';
import { setToken } from '@/lib/session/session-store';
import { mockApi, on, renderApp, reply, type Answer } from '../shell-helpers';
import { cart, list, men, shawl, shirt, camera, tokenFor, userId, women } from '../shell-fixtures';
import { settle } from '../settle';
import { earlyLayer, expectTakeover, forgetEarlyReads, openEarly, resetEarlyScreen } from './early-page';

const token = tokenFor(userId);
const firstPage = '/products?page=1&limit=24';

// Seven products (one more than the early paint draws): a cover our image route resizes, covers on another host,
// a price with piastres, a title with more than two words and one with spaces around it.
const products: Product[] = [
  { ...shawl, imageCover: `${window.location.origin}/images/products/shawl-0.webp`, price: 149.5 },
  { ...shirt, title: '  Men   Classic Shirt  ' },
  camera,
  ...[1, 2, 3, 4].map((n) => ({
    ...shawl,
    _id: `more${n}`,
    id: `more${n}`,
    price: 1000 * n,
    ratingsAverage: 4,
  })),
];

function answerList(answer: () => Answer | Promise<Answer>) {
  mockApi(
    on('GET', '/cart', () => reply(200, cart([]))),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
    on('GET', '/categories', () => reply(200, list([women, men]))),
    on('GET', firstPage, answer),
  );
}

const drawn = () => document.getElementById(earlyPaintElementId);

afterEach(resetEarlyScreen);

/** What a card says: category, title, price, rating, button (the rating's hidden "Rating " left out). */
function cardTexts(cards: Element[]) {
  return cards.map((c) => {
    const title = c.querySelector('h3')!;
    const meta = title.nextElementSibling!;
    return [
      title.previousElementSibling!.textContent,
      title.textContent,
      meta.children[0]!.textContent,
      meta.children[1]!.querySelector('span')!.lastChild!.textContent,
      c.lastElementChild!.textContent,
    ];
  });
}

describe('the early paint of the product list', () => {
  it("preloads the first cover as the first card's <img> asks for it, and draws it there first", async () => {
    answerList(() => reply(200, list(products)));
    openEarly('#/products', token);
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')!;
    const { src, srcSet } = responsiveImage(products[0]!.imageCover);
    expect(link.href).toBe(src);
    expect(link.getAttribute('imagesrcset')).toBe(srcSet);
    expect(link.getAttribute('imagesizes')).toBe(productCardPictureSizes);
    expect(link.getAttribute('fetchpriority')).toBe('high');
    const [first, ...rest] = [...drawn()!.querySelectorAll('img')];
    expect(first!.src).toBe(src);
    expect(first!.srcset).toBe(srcSet);
    expect(first!.sizes).toBe(productCardPictureSizes);
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    // The others as the grid asks for them: lazily, at the normal priority; a cover on another host as it is.
    expect(rest.map((i) => [i.loading, i.getAttribute('fetchpriority')])).toEqual(
      rest.map(() => ['lazy', null]),
    );
    expect(rest[1]!.getAttribute('src')).toBe(camera.imageCover);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(1);
  });

  it("draws the screen's heading, its controls' places and the first cards, hidden from assistive technology", async () => {
    answerList(() => reply(200, list(products)));
    openEarly('#/products', token);
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    const layer = drawn()!;
    expect(layer.parentElement).toBe(document.body);
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    expect(layer.querySelector('h1')).toHaveTextContent('Products');
    expect(layer).toHaveTextContent('Filters');
    expect(layer).toHaveTextContent('Search About Product by name');
    expect(layer).toHaveTextContent('Sort by');
    expect(layer.querySelectorAll('li')).toHaveLength(earlyPaintCards);
    // Text only, no control a shopper could reach.
    expect(layer.querySelectorAll('a, button, input, select, [tabindex]')).toHaveLength(0);
  });

  it("says on each card what the screen's card says, in English and in Arabic", async () => {
    for (const lang of ['en', 'ar'] as const) {
      answerList(() => reply(200, list(products)));
      localStorage.setItem('lang', lang);
      openEarly('#/products', token);
      await vi.waitFor(() => expect(drawn()).not.toBeNull());
      expect(drawn()!.querySelector('h1')).toHaveTextContent(lang === 'en' ? 'Products' : 'المنتجات');
      const early = cardTexts([...drawn()!.querySelectorAll('li > div')]);
      dismissEarlyPaint();

      await act(() => switchLanguage(lang));
      act(() => setToken(token));
      const view = renderApp('/products');
      await screen.findAllByRole('article');
      const shown = cardTexts(screen.getAllByRole('article').slice(0, earlyPaintCards));
      expect(early).toEqual(shown);
      expect(early[0]![2]).toBe(lang === 'en' ? '149.50 EGP' : shown[0]![2]);
      expect(early[1]![1]).toBe('Men Classic');
      view.unmount();
      document.documentElement.removeAttribute(earlyPaintDoneAttribute);
      forgetEarlyReads();
    }
  });

  it("keeps a product's text as text: markup in a title or a category is never parsed", async () => {
    const attack = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    answerList(() =>
      reply(200, list([{ ...camera, title: attack, category: { ...camera.category, name: attack } }])),
    );
    openEarly('#/products', token);
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    expect(drawn()!.querySelector('h3')!.textContent).toBe('<img src=x');
    expect(drawn()!.querySelectorAll('img')).toHaveLength(1);
    expect(drawn()!.querySelector('.y, [dir="auto"]')!.textContent).toBe(attack);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('draws and preloads nothing for an empty page, a failed read or an answer that is not a list', async () => {
    for (const answer of [
      reply(200, list([])),
      reply(500, { message: 'down' }),
      reply(200, { data: camera }),
      reply(200, { data: [null] }),
    ]) {
      answerList(() => answer);
      openEarly('#/products', token);
      await settle();
      expect(drawn()).toBeNull();
      expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
      forgetEarlyReads();
    }
  });

  it('draws nothing for a list with a search or a filter in the route (the head script reads nothing early there)', async () => {
    answerList(() => reply(200, list(products)));
    openEarly('#/products?q=shawl', token);
    await settle();
    expect(drawn()).toBeNull();
    expect(document.head.querySelector('script[src]')).toBeNull();
  });
});

describe('the product list takes over from the early paint', () => {
  it('the early drawing stays while the first page loads, and goes as the screen shows its products or why not', async () => {
    for (const answer of [reply(200, list(products)), reply(500, { message: 'down' })]) {
      await expectTakeover('Loading products', (held) => {
        answerList(async () => {
          await held;
          return answer;
        });
        act(() => setToken(token));
        return renderApp('/products');
      });
    }
  });

  it('goes at once when the route holds a search (the early drawing shows the list without one)', async () => {
    earlyLayer();
    mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', /^\/products\?/, () => new Promise<Answer>(() => {})),
    );
    act(() => setToken(token));
    renderApp('/products?q=shawl');
    expect(await screen.findByText('Loading products')).toBeInTheDocument();
    expect(drawn()).toBeNull();
  });
});
