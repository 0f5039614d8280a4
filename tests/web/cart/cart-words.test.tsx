// Money and counts written one way (issue 31): the summary in the spec's order (Original price, Savings, Tax, the
// count, Total) with one minus sign; amounts without decimals unless there are piastres, in English and Arabic
// alike; "items" for lines and "pieces" for what they hold, the same in the summary, the clear-cart dialog and the
// navbar's badge (which counts items, as 'Cart Items' does).
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage, type Lang } from '@/lib/i18n/i18n';
import { clearToken, setToken } from '@/lib/session/session-store';
import { mockApi, on, renderApp, reply } from '../shell-helpers';
import { cart, cartLine, shawl, shirt, tokenFor, userId } from '../shell-fixtures';

const token = tokenFor(userId);

afterEach(async () => {
  act(() => clearToken());
  await act(() => switchLanguage('en'));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Two lines, three pieces: 2 × 149 + 399 = 697 → savings 69, tax 77, total 705.
const lines = [cartLine(shawl, 2), cartLine(shirt, 1)];

const texts: Record<
  Lang,
  {
    terms: string[];
    figures: string[];
    badge: string;
    clear: string;
    dialog: string;
  }
> = {
  en: {
    terms: ['Original price', 'Savings', 'Tax', 'Cart Items', 'Total'],
    figures: ['697 EGP', '-69 EGP', '77 EGP', '2 (3 pieces)', '705 EGP'],
    badge: '2 items',
    clear: 'Remove Cart Item',
    dialog: 'All 2 items in your cart will be removed.',
  },
  ar: {
    terms: ['السعر الأصلي', 'التوفير', 'الضريبة', 'منتجات العربة', 'الإجمالي'],
    figures: [
      '\u200f٦٩٧\u00a0ج.م.\u200f',
      '\u061c-\u200f٦٩\u00a0ج.م.\u200f',
      '\u200f٧٧\u00a0ج.م.\u200f',
      '٢ (٣ قطع)',
      '\u200f٧٠٥\u00a0ج.م.\u200f',
    ],
    badge: 'منتجان',
    clear: 'إفراغ العربة',
    dialog: 'ستتم إزالة المنتجين الموجودين في عربتك.',
  },
};

describe.each<Lang>(['en', 'ar'])('the cart in %s', (lang) => {
  it('lists the summary in the spec order, and counts items and pieces one way in the summary, dialog and badge', async () => {
    mockApi(
      on('GET', '/cart', () => reply(200, cart(lines))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', '/wishlist', () => reply(200, { status: 'success', count: 0, data: [] })),
    );
    act(() => setToken(token));
    await act(() => switchLanguage(lang));
    const user = userEvent.setup();
    renderApp('/cart');
    const l = texts[lang];

    const summary = (await screen.findAllByRole('term'))[0]!.closest('dl')!;
    expect(
      within(summary)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(l.terms);
    expect(
      within(summary)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(l.figures);

    const nav = screen.getAllByRole('navigation')[0]!;
    const badge = within(nav).getByLabelText(l.badge);
    expect(badge).toHaveTextContent(lang === 'en' ? '2' : '٢');

    await user.click(screen.getByRole('button', { name: l.clear }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(l.dialog);
  });
});
