// The early paint of the cart (lib/early-paint/script.ts), run as the browser runs it: the head script asks for the
// cart (as on every signed-in route), the early paint's file draws the heading and the lines from the answer, outside
// React's tree, as text only, and the cart screen takes over.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@/lib/contract/cart';
import { dismissEarlyPaint } from '@/lib/early-paint/handoff';
import { earlyPaintDoneAttribute, earlyPaintElementId } from '@/lib/early-paint/names';
import { earlyPaintLines } from '@/lib/early-paint/script';
import { switchLanguage } from '@/lib/i18n/i18n';
import { clearToken, setToken } from '@/lib/session/session-store';
import { mockApi, on, renderApp, reply, type Answer } from '../shell-helpers';
import { camera, cart, cartLine, shawl, shirt, tokenFor, userId } from '../shell-fixtures';
import { settle } from '../settle';
import { expectTakeover, forgetEarlyReads, openEarly, resetEarlyScreen } from './early-page';

const token = tokenFor(userId);

// A line of two (its "count × price = total"), one at its stock (the stock note's place), one with piastres (grouped,
// and a half piastre rounded away from zero as Intl rounds it: both sides write numbers by hand, lib/rules/numerals.ts).
const lines: CartLine[] = [
  cartLine(camera, 2),
  { ...cartLine(shirt, 3), product: { ...cartLine(shirt, 3).product, quantity: 3 } },
  { ...cartLine(shawl, 1), price: 1234.005 },
];

function answerCart(answer: () => Answer | Promise<Answer>) {
  mockApi(
    on('GET', '/cart', answer),
    on('GET', '/wishlist', () => reply(200, { status: 'success', count: 0, data: [] })),
    on('GET', `/orders/user/${userId}`, () => reply(200, [])),
  );
}

const drawn = () => document.getElementById(earlyPaintElementId);

afterEach(resetEarlyScreen);

/** What a line says: its name, price, "count × price = total" (or nothing), and its count. */
function lineTexts(items: Element[]) {
  return items.map((item) => {
    const name = item.querySelector('h2')!;
    const price = name.nextElementSibling!;
    const total = price.nextElementSibling!.tagName === 'P' ? price.nextElementSibling!.textContent : null;
    // The screen's price starts with a hidden "Item price: ": the amount is its last text.
    return [
      name.textContent,
      price.lastChild!.textContent,
      total,
      item.querySelector('b, [aria-hidden="true"]:not(svg)')!.textContent,
    ];
  });
}

describe('the early paint of the cart', () => {
  it('draws the heading and every line (picture, name, price, total, its buttons, its count), hidden', async () => {
    answerCart(() => reply(200, cart(lines)));
    openEarly('#/cart', token);
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    const layer = drawn()!;
    expect(layer.parentElement).toBe(document.body);
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    expect(layer.querySelector('h1')).toHaveTextContent('Shopping Cart');
    const items = [...layer.querySelectorAll('li')];
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Add to Favorites');
    expect(items[0]).toHaveTextContent('Remove');
    expect(items[0]!.querySelector('img')!.getAttribute('src')).toBe(camera.imageCover);
    expect(items[0]!.querySelector('img')!.loading).toBe('lazy');
    // The stock note's place on the line at its stock only; − dimmed at 1, + at the stock, as the screen's are.
    expect(items.map((i) => i.querySelectorAll('.o').length)).toEqual([0, 1, 0]);
    expect(items.map((i) => [...i.querySelectorAll('i')].map((step) => step.className))).toEqual([
      ['', ''],
      ['', 'D'],
      ['D', ''],
    ]);
    expect(layer.querySelectorAll('a, button, input, select, [tabindex]')).toHaveLength(0);
  });

  it('draws no more than a few screens of lines', async () => {
    const many = Array.from({ length: earlyPaintLines + 3 }, (_, i) => ({
      ...cartLine(camera, 1),
      _id: `line-${i}`,
    }));
    answerCart(() => reply(200, cart(many)));
    openEarly('#/cart', token);
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    expect(drawn()!.querySelectorAll('li')).toHaveLength(earlyPaintLines);
  });

  it("says on each line what the screen's line says, in English and in Arabic", async () => {
    for (const lang of ['en', 'ar'] as const) {
      answerCart(() => reply(200, cart(lines)));
      localStorage.setItem('lang', lang);
      openEarly('#/cart', token);
      await vi.waitFor(() => expect(drawn()).not.toBeNull());
      const early = lineTexts([...drawn()!.querySelectorAll('li')]);
      dismissEarlyPaint();

      await act(() => switchLanguage(lang));
      act(() => setToken(token));
      const view = renderApp('/cart');
      const list = await screen.findByRole('list', { name: lang === 'en' ? 'Cart items' : /./ });
      const shown = lineTexts([...list.querySelectorAll(':scope > li')]);
      expect(early).toEqual(shown);
      if (lang === 'en')
        expect(early[0]).toEqual([camera.title, '19,699 EGP', '2 × 19,699 EGP = 39,398 EGP', '2']);
      if (lang === 'en') expect(early[2]![1]).toBe('1,234.01 EGP');
      else expect(early[2]![1]).toBe('\u200f١٬٢٣٤٫٠١\u00a0ج.م.\u200f');
      view.unmount();
      document.documentElement.removeAttribute(earlyPaintDoneAttribute);
      forgetEarlyReads();
    }
  });

  it("keeps a product's name as text: markup in it is never parsed", async () => {
    const attack = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    const line = cartLine(camera, 1);
    answerCart(() => reply(200, cart([{ ...line, product: { ...line.product, title: attack } }])));
    openEarly('#/cart', token);
    await vi.waitFor(() => expect(drawn()).not.toBeNull());
    expect(drawn()!.querySelector('h2')!.textContent).toBe(attack);
    expect(drawn()!.querySelectorAll('img')).toHaveLength(1);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('draws nothing for no cart (404), an empty cart or an answer that is not a cart', async () => {
    for (const answer of [
      reply(404, { statusMsg: 'fail', message: `No cart exist for this user: ${userId}` }),
      reply(200, cart([])),
      reply(200, { data: camera }),
    ]) {
      answerCart(() => answer);
      openEarly('#/cart', token);
      await settle();
      expect(drawn()).toBeNull();
      forgetEarlyReads();
    }
  });
});

describe('the cart screen takes over from the early paint', () => {
  it('the early drawing stays while the cart loads, and goes as the screen shows the lines, an empty cart or a failure', async () => {
    for (const answer of [
      reply(200, cart(lines)),
      reply(404, { statusMsg: 'fail', message: `No cart exist for this user: ${userId}` }),
      reply(500, { message: 'down' }),
    ]) {
      await expectTakeover('Loading your cart', (held) => {
        answerCart(async () => {
          await held;
          return answer;
        });
        act(() => setToken(token));
        return renderApp('/cart');
      });
      act(() => clearToken());
    }
  });
});
