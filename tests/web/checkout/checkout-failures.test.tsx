// Issue 29, item 5: every checkout or payment failure is shown to the shopper as a translated, human message, in
// English and Arabic, and the technical reason goes to the console. A refusal the shopper can act on (stock, the
// holds, the limits) is said in their language; anything else (a refused return address, the payment provider
// down, a server fault, an answer that is not the shop's, no connection) in the shop's own words.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveFor } from '@/components/checkout/leave-for';
import { OrderScreen } from '@/components/checkout/order-screen';
import { switchLanguage } from '@/lib/i18n/i18n';
import { clearToken, setToken } from '@/lib/session/session-store';
import { json, mockApi, on, renderScreen } from '../account-helpers';
import type { Answer } from '../api-mock';
import { cartId, envelope, line, userId } from '../cart-fixtures';

vi.mock('@/components/checkout/leave-for', () => ({ leaveFor: vi.fn() }));

let tokens = 0;
const labels = {
  en: {
    details: 'Your details',
    city: 'Your City',
    phone: 'Your Phone',
    cash: 'Create order',
    card: 'Checkout',
  },
  ar: {
    details: 'تفاصيل العنوان',
    city: 'مدينتك',
    phone: 'رقم هاتفك',
    cash: 'إنشاء الطلب',
    card: 'الدفع بالبطاقة',
  },
};

type Lang = keyof typeof labels;
type Method = 'cash' | 'card';

/** Renders the order screen in `lang` with the API answering the order (or checkout) with `answer`. */
async function failOrder(lang: Lang, method: Method, answer: Answer): Promise<HTMLElement> {
  tokens += 1;
  mockApi(
    on('GET', '/cart', () => json(200, envelope([line(1, 2, 500)]))),
    on('GET', `/orders/user/${userId}`, () => json(200, [])),
    on('GET', '/addresses', () => json(200, { status: 'success', results: 0, data: [] })),
    on(
      'POST',
      method === 'cash' ? `/orders/${cartId}` : new RegExp(`^/orders/checkout-session/${cartId}\\?`),
      () => answer,
    ),
  );
  setToken(`shopper-token-failures-${tokens}`);
  await act(() => switchLanguage(lang));
  renderScreen('/order', <OrderScreen />);
  const user = userEvent.setup();
  const l = labels[lang];
  await user.type(await screen.findByLabelText(l.details), '12 Nile Street, flat 4');
  await user.type(screen.getByLabelText(l.city), 'Cairo');
  await user.type(screen.getByLabelText(l.phone), '01012345678');
  await user.click(screen.getByRole('button', { name: method === 'cash' ? l.cash : l.card }));
  const alert = await screen.findByRole('alert');
  // The shopper may try again at once.
  expect(screen.getByRole('button', { name: l.cash })).toHaveAttribute('aria-disabled', 'false');
  expect(leaveFor).not.toHaveBeenCalled();
  return alert;
}

/** What the console was told, all levels together. */
function logged(): string {
  return [...vi.mocked(console.error).mock.calls, ...vi.mocked(console.warn).mock.calls]
    .flat()
    .map((part) => (typeof part === 'string' ? part : JSON.stringify(part)))
    .join('\n');
}

const cardNotStarted = {
  en: "We could not open the card payment page, and nothing was charged. Please try again in a moment, or pay cash on delivery with 'Create order'.",
  ar: 'تعذّر فتح صفحة الدفع بالبطاقة، ولم يُخصم أي مبلغ. يرجى المحاولة مرة أخرى بعد قليل، أو الدفع نقدًا عند الاستلام بزر «إنشاء الطلب».',
};
const paymentServiceDown = {
  en: "The card payment service is not answering right now, and nothing was charged. Please try again in a moment, or pay cash on delivery with 'Create order'.",
  ar: 'خدمة الدفع بالبطاقة لا تستجيب الآن، ولم يُخصم أي مبلغ. يرجى المحاولة مرة أخرى بعد قليل، أو الدفع نقدًا عند الاستلام بزر «إنشاء الطلب».',
};
const notPlaced = {
  en: 'We could not place your order, and nothing was ordered. Please try again in a moment.',
  ar: 'تعذّر تسجيل طلبك، ولم يُطلب شيء. يرجى المحاولة مرة أخرى بعد قليل.',
};

const refusedUrl = "url must be on this shop's own address";
const heldFromConnection =
  'Orders not yet delivered from your connection may hold at most 300 items together, and 296 are held now; order fewer items, or wait until earlier orders are delivered';

const cases: {
  name: string;
  method: Method;
  answer: Answer;
  shown: Record<Lang, string>;
  /** The technical reason, in the console (and never on the screen, unless it is what is shown). */
  reason: string;
}[] = [
  {
    name: 'a return address the server does not take as its own (400, the configuration trap)',
    method: 'card',
    answer: json(400, {
      message: 'fail',
      errors: {
        value: 'http://127.0.0.1:3000/ecommerceweb/#',
        msg: refusedUrl,
        param: 'url',
        location: 'query',
      },
    }),
    shown: cardNotStarted,
    reason: refusedUrl,
  },
  {
    name: 'the payment provider unreachable (502)',
    method: 'card',
    answer: json(502, {
      statusMsg: 'error',
      message: 'The payment provider could not be reached. Please try again in a moment.',
    }),
    shown: paymentServiceDown,
    reason: 'The payment provider could not be reached',
  },
  {
    name: 'a server fault (500)',
    method: 'cash',
    answer: json(500, { statusMsg: 'error', message: 'Something went wrong on our side. Please try again.' }),
    shown: notPlaced,
    reason: 'HTTP 500',
  },
  {
    name: "an answer that is not the shop's (a host's 404 page for the API path)",
    method: 'card',
    answer: json(404, '<html><body>Not Found</body></html>'),
    shown: cardNotStarted,
    reason: 'Request failed (404)',
  },
  {
    name: 'a technical refusal of the request (400)',
    method: 'cash',
    answer: json(400, { statusMsg: 'fail', message: 'Malformed JSON in request body' }),
    shown: notPlaced,
    reason: 'Malformed JSON in request body',
  },
  {
    name: 'stock that ran out (400)',
    method: 'cash',
    answer: json(400, { statusMsg: 'fail', message: 'Insufficient stock for Product number 1' }),
    shown: { en: 'Insufficient stock for Product number 1', ar: 'المخزون غير كافٍ من Product number 1' },
    reason: 'Insufficient stock for Product number 1',
  },
  {
    name: 'the stock holds of unpaid orders (400)',
    method: 'card',
    answer: json(400, { statusMsg: 'fail', message: heldFromConnection }),
    shown: {
      en: heldFromConnection,
      ar: 'لا يمكن أن تحجز الطلبات التي لم تُوصَّل بعد من اتصالك أكثر من 300 قطعة معًا، والمحجوز الآن 296؛ اطلب عددًا أقل، أو انتظر حتى توصيل الطلبات السابقة',
    },
    reason: heldFromConnection,
  },
  {
    name: 'too many open payment pages for the cart (400)',
    method: 'card',
    answer: json(400, {
      statusMsg: 'fail',
      message:
        'This cart already has 10 open payment pages. Pay on one of them, or try again once one has expired',
    }),
    shown: {
      en: 'This cart already has 10 open payment pages. Pay on one of them, or try again once one has expired',
      ar: 'لهذه العربة بالفعل 10 صفحات دفع مفتوحة. ادفع من إحداها، أو حاول مرة أخرى بعد انتهاء صلاحية إحداها',
    },
    reason: 'This cart already has 10 open payment pages',
  },
  {
    name: 'a product an earlier order holds all of (409 from a later check)',
    method: 'card',
    answer: json(409, {
      statusMsg: 'fail',
      message:
        'Glass Vase cannot be ordered until earlier orders are delivered: they hold all of its stock that may wait for delivery',
    }),
    shown: {
      en: 'Glass Vase cannot be ordered until earlier orders are delivered: they hold all of its stock that may wait for delivery',
      ar: 'لا يمكن طلب Glass Vase حتى توصيل الطلبات السابقة: فهي تحجز كل ما يجوز حجزه من مخزونه بانتظار التوصيل',
    },
    reason: 'Glass Vase cannot be ordered',
  },
];

beforeEach(() => {
  clearToken();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  clearToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(leaveFor).mockReset();
  await act(() => switchLanguage('en'));
});

describe.each(['en', 'ar'] as const)('a failed checkout in %s', { timeout: 20_000 }, (lang) => {
  it.each(cases)('$name: says it in the shop’s words and logs the reason', async (c) => {
    const alert = await failOrder(lang, c.method, c.answer);
    expect(alert.textContent).toBe(c.shown[lang]);
    if (lang === 'ar') expect(alert.textContent).not.toMatch(/\b(the|must|failed|could|url)\b/i);
    // Never the wire's technical words.
    expect(alert.textContent).not.toMatch(/url must|Request failed|Malformed|HTTP \d/);
    expect(logged()).toContain(c.reason);
  });

  it('no connection at all: says so, and logs it', async () => {
    // The checkout call never reaches a server (MSW's fetch answers every other call).
    const through = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('checkout-session')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : through(input, init),
    );
    const alert = await failOrder(lang, 'card', json(200, {}));
    expect(alert.textContent).toBe(
      lang === 'en'
        ? 'Cannot reach the shop right now. Check your connection and try again.'
        : 'تعذّر الوصول إلى المتجر الآن. تحقّق من اتصالك وحاول مرة أخرى.',
    );
    expect(logged()).toContain('no answer');
  });
});
