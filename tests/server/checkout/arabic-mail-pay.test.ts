// The password-reset mail and the hosted test payment page speak the shopper's language: Arabic, right to left,
// amounts in Egyptian pounds as ar-EG writes them, when the request asks for it; English as before otherwise.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema';
import {
  address,
  card4242,
  csrfFrom,
  fillCart,
  formBody,
  orderHistory,
  returnBase,
  seedProducts,
  signUp,
  startApp,
  type Harness,
  type SeededProduct,
  type SessionJson,
} from '../fakes/payments-app';
import { dbKinds, json, signUp as signUpShopper, startTestApp, type TestApp } from '../helpers/test-app';

// Money as ar-EG writes it: Arabic-Indic digits, the Arabic decimal and group separators, ج.م., and the
// right-to-left marks Intl puts around it.
const rlm = '\u200f';
const egp = (digits: string) => `${rlm}${digits}\u00a0ج.م.${rlm}`;

describe.each(dbKinds)('the password-reset mail in the language asked for on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function mailTo(email: string) {
    const outbox = json(await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${email}` }));
    return outbox.data[0] as { subject: string; text: string };
  }
  const forgot = (email: string, url = '/api/v1/auth/forgotPasswords', headers = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload: { email } });

  it('writes the mail in Arabic for Accept-Language: ar, and answers in the contract English', async () => {
    const s = await signUpShopper(t.app, { name: 'منى عادل' });
    const res = await forgot(s.email, undefined, { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ statusMsg: 'success', message: 'Reset code sent to your email' });
    const mail = await mailTo(s.email);
    expect(mail.subject).toBe('رمز إعادة تعيين كلمة المرور لحسابك في FreshCart (صالح لمدة 10 دقائق)');
    expect(mail.text).toMatch(
      /^مرحبا منى عادل،\n\nوصلنا طلب لإعادة تعيين كلمة المرور لحسابك في FreshCart\.\nرمز إعادة التعيين: \d{10}\n\n/,
    );
    expect(mail.text).toContain('تنتهي صلاحيته بعد 10 دقائق.');
  });

  it('takes ?lang=ar over the header, and keeps the English mail as it was otherwise', async () => {
    const a = await signUpShopper(t.app);
    await forgot(a.email, '/api/v1/auth/forgotPasswords?lang=ar', { 'accept-language': 'en' });
    expect((await mailTo(a.email)).subject).toMatch(/^رمز إعادة تعيين كلمة المرور/);

    const e = await signUpShopper(t.app, { name: 'Mona' });
    await forgot(e.email, '/api/v1/auth/forgotPasswords?lang=fr', { 'accept-language': 'ar' });
    const mail = await mailTo(e.email);
    expect(mail.subject).toBe('Your FreshCart password reset code (valid for 10 minutes)');
    const code = /Your reset code is: (\d{10})/.exec(mail.text)![1]!;
    expect(mail.text).toBe(
      'Hi Mona,\n\n' +
        'We received a request to reset the password of your FreshCart account.\n' +
        `Your reset code is: ${code}\n\n` +
        'Enter it on the "Enter Your verify Code" step. It expires in 10 minutes.\n' +
        'If you did not ask for this, ignore this e-mail: your password stays the same.\n',
    );
  });

  it('answers in the contract English whatever the language, and an unknown address alike', async () => {
    const res = await forgot('nobody@example.com', '/api/v1/auth/forgotPasswords?lang=ar');
    expect(json(res)).toEqual({ statusMsg: 'success', message: 'Reset code sent to your email' });
  });
});

describe.each(dbKinds)('the hosted payment page in the shopper language on %s', (kind) => {
  let h: Harness;
  let lamp: SeededProduct;
  let plain: SeededProduct;

  beforeAll(async () => {
    h = await startApp(kind);
    [lamp, plain] = (await seedProducts(h.database, [
      { title: 'Brass Lamp', price: 1350, quantity: 500 },
      { title: 'Plain Mug', price: 100, quantity: 500 },
    ])) as [SeededProduct, SeededProduct];
    await h.database.db.update(products).set({ titleAr: 'أباجورة نحاس' }).where(eq(products.id, lamp.id));
  });
  afterAll(async () => {
    await h?.close();
  });

  async function session(
    productIds: string[],
    how: { query?: string; headers?: Record<string, string> },
  ): Promise<{ s: SessionJson; shopper: Awaited<ReturnType<typeof signUp>> }> {
    const shopper = await signUp(h.app);
    const cartId = await fillCart(h.app, shopper, productIds);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/orders/checkout-session/${cartId}?url=${encodeURIComponent(returnBase)}${how.query ?? ''}`,
      headers: { token: shopper.token, ...how.headers },
      payload: { shippingAddress: address },
    });
    expect(res.statusCode).toBe(200);
    return { s: (res.json() as { session: SessionJson }).session, shopper };
  }
  const path = (s: SessionJson) => new URL(s.url).pathname;
  const open = (s: SessionJson, query = '', headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url: `${path(s)}${query}`, headers });
  const post = async (s: SessionJson, fields: Record<string, string>) => {
    const csrf = csrfFrom((await open(s)).body);
    return h.app.inject({
      method: 'POST',
      url: path(s),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://api.shop.test',
        'sec-fetch-site': 'same-origin',
      },
      payload: formBody({ ...fields, csrf }),
    });
  };

  it('opens in Arabic, right to left, with the Arabic titles and amounts in ج.م. as ar-EG writes them', async () => {
    const { s } = await session([lamp.id, lamp.id, plain.id], { query: '&lang=ar' });
    const page = await open(s);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<h1>الدفع لـ FreshCart</h1>');
    expect(html).toContain('<h2 id="card-title">بيانات البطاقة</h2>');
    expect(html).toContain('<label for="card-number">رقم البطاقة</label>');
    // A title with Arabic shows it; one without shows its English (field by field).
    expect(html).toContain(
      `<tr><td>أباجورة نحاس</td><td class="num">٢</td><td class="num">${egp('٢٬٧٠٠')}</td></tr>`,
    );
    expect(html).toContain(
      `<tr><td>Plain Mug</td><td class="num">١</td><td class="num">${egp('١٠٠')}</td></tr>`,
    );
    // 2800 + 311 tax − 280 savings = 2831.
    expect(html).toContain(`<dt>الضريبة</dt><dd>${egp('٣١١')}</dd>`);
    expect(html).toContain(`<dt>التوفير</dt><dd>\u061c-${egp('٢٨٠')}</dd>`);
    expect(html).toContain(`<dd class="total" id="amount">${egp('٢٬٨٣١')}</dd>`);
    expect(html).toContain(`<button type="submit">ادفع ${egp('٢٬٨٣١')}</button>`);
    // Card numbers stay in ASCII digits, isolated so a right-to-left line keeps their groups in order.
    expect(html).toContain('<span dir="ltr">4000 0000 0000 0002</span>');
    expect(html).toMatch(/<input id="card-number" name="cardNumber" dir="ltr"/);
    for (const english of [
      'Card details',
      'Your order',
      'Test payment page',
      'Cancel and return',
      'Skip to main',
    ])
      expect(html).not.toContain(english);
  });

  it('takes the language from Accept-Language when the session request has no ?lang=, and English by default', async () => {
    const { s: ar } = await session([plain.id], { headers: { 'accept-language': 'ar' } });
    expect((await open(ar)).body).toContain('<html lang="ar" dir="rtl">');
    const { s: en } = await session([lamp.id], {});
    const english = (await open(en)).body;
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(
      '<tr><td>Brass Lamp</td><td class="num">1</td><td class="num">1,350 EGP</td></tr>',
    );
    expect(english).toContain('<dt>Savings</dt><dd>-135 EGP</dd>');
    expect(english).toContain('<button type="submit">Pay 1,365 EGP</button>');
    // The page's own ?lang= switches it.
    expect((await open(en, '?lang=ar')).body).toContain('<html lang="ar" dir="rtl">');
    expect((await open(ar, '?lang=en')).body).toContain('<html lang="en">');
  });

  it('lists the summary as the cart does (original, savings, tax, items and pieces, total) with one minus sign', async () => {
    const terms = (html: string) =>
      [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(([, dt, dd]) => `${dt}: ${dd}`);
    // Two lines, three pieces: 2 × 1350 + 100 = 2800; savings 280, tax 311, total 2831.
    const { s: english } = await session([lamp.id, lamp.id, plain.id], {});
    expect(terms((await open(english)).body)).toEqual([
      'Original price: 2,800 EGP',
      'Savings: -280 EGP',
      'Tax: 311 EGP',
      'Cart Items: 2 (3 pieces)',
      'Total: 2,831 EGP',
    ]);
    const { s: arabic } = await session([lamp.id, lamp.id, plain.id], { query: '&lang=ar' });
    expect(terms((await open(arabic)).body)).toEqual([
      `السعر الأصلي: ${egp('٢٬٨٠٠')}`,
      `التوفير: \u061c-${egp('٢٨٠')}`,
      `الضريبة: ${egp('٣١١')}`,
      'منتجات العربة: ٢ (٣ قطع)',
      `الإجمالي: ${egp('٢٬٨٣١')}`,
    ]);
    // One line of one piece: the count alone.
    const { s: one } = await session([plain.id], {});
    expect(terms((await open(one)).body)).toContain('Cart Items: 1');
  });

  it('explains card problems in Arabic, and takes card digits typed on an Arabic keyboard', async () => {
    const { s, shopper } = await session([lamp.id], { query: '&lang=ar' });
    const invalid = await post(s, { cardNumber: '', expiry: '13/99', cvc: '12', cardName: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('<h2 id="error-summary-title">توجد مشكلة</h2>');
    expect(invalid.body).toContain('<span class="visually-hidden">خطأ: </span>أدخل رقم البطاقة.');
    expect(invalid.body).toContain('أدخل تاريخ الانتهاء بصيغة شهر/سنة، مثل 04/29.');
    expect(invalid.body).toContain('رمز الأمان (CVC) هو الأرقام الثلاثة أو الأربعة المطبوعة على ظهر بطاقتك.');
    const declined = await post(s, { ...card4242, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<h2 id="error-summary-title">لم يكتمل الدفع</h2>');
    expect(declined.body).toContain('تم رفض بطاقتك.');
    const paid = await post(s, {
      cardNumber: '٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢',
      expiry: '١٢/٣٤',
      cvc: '١٢٣',
      cardName: 'منى',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${returnBase}/allorders`);
    expect(await orderHistory(h.app, shopper)).toHaveLength(1);
    const again = await open(s);
    expect(again.body).toContain('<h1>تم دفع هذا الطلب بالفعل</h1>');
  });

  it("keeps the page's language after a declined card or a form error, also when its address chose it (?lang=)", async () => {
    /** Submits the page's own form, to the address its `action` names, as a browser does. */
    const submit = async (page: string, fields: Record<string, string>) => {
      const html = (await h.app.inject({ method: 'GET', url: page })).body;
      const action = /<form method="post" action="([^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&');
      const target = new URL(action, `http://api.shop.test${page}`);
      return h.app.inject({
        method: 'POST',
        url: `${target.pathname}${target.search}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://api.shop.test',
          'sec-fetch-site': 'same-origin',
        },
        payload: formBody({ ...fields, csrf: csrfFrom(html) }),
      });
    };
    const declinedCard = { ...card4242, cardNumber: '4000 0000 0000 0002' };

    // A session opened in English, its page asked for in Arabic.
    const { s: english } = await session([plain.id], {});
    const declined = await submit(`${path(english)}?lang=ar`, declinedCard);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<html lang="ar" dir="rtl">');
    expect(declined.body).toContain('تم رفض بطاقتك.');
    const invalid = await submit(`${path(english)}?lang=ar`, { ...card4242, expiry: '13/99' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('<html lang="ar" dir="rtl">');
    expect(invalid.body).toContain('أدخل تاريخ الانتهاء بصيغة شهر/سنة، مثل 04/29.');
    // And the form shown again still posts in Arabic.
    const again = /<form method="post" action="([^"]*)"/.exec(invalid.body)![1]!;
    expect(again).toContain('lang=ar');

    // A session opened in Arabic, its page asked for in English: English stays English.
    const { s: arabic } = await session([plain.id], { query: '&lang=ar' });
    const inEnglish = await submit(`${path(arabic)}?lang=en`, declinedCard);
    expect(inEnglish.body).toContain('<html lang="en">');
    expect(inEnglish.body).toContain('Your card was declined.');
    // Without ?lang=, the session's language, as before.
    const asOpened = await submit(path(arabic), declinedCard);
    expect(asOpened.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('gives its error pages in Arabic, the stored failure reasons included', async () => {
    const missing = await h.app.inject({
      method: 'GET',
      url: `/pay/${'f'.repeat(24)}`,
      headers: { 'accept-language': 'ar' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="ar" dir="rtl">');
    expect(missing.body).toContain('<h1>لم نعثر على عملية الدفع هذه</h1>');

    const [scarce] = await seedProducts(h.database, [{ title: 'Last Lamp', price: 250, quantity: 1 }]);
    const { s } = await session([scarce!.id], { query: '&lang=ar' });
    const csrf = csrfFrom((await open(s)).body);
    await h.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, scarce!.id));
    const res = await h.app.inject({
      method: 'POST',
      url: path(s),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({ ...card4242, csrf }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('<h1>تعذر إتمام هذا الطلب</h1>');
    expect(res.body).toContain('<p>الكمية المتاحة لا تكفي من «Last Lamp». لم يتم خصم أي مبلغ.</p>');
    expect(res.body).toContain('العودة إلى سلة المشتريات');
  });

  it('lays out with logical properties only: no left or right in its stylesheet', async () => {
    const { s } = await session([plain.id], { query: '&lang=ar' });
    const css = /<style[^>]*>([\s\S]*?)<\/style>/.exec((await open(s)).body)![1]!;
    expect(css).toContain('inset-inline-start');
    expect(css).not.toMatch(/(?:^|[{;\s-])(?:left|right)\s*:|-(?:left|right)\b|:\s*(?:left|right)\b/);
  });
});
