// The shopper's mail about each change of their order (issue 28, item 4), read in the development outbox: placed
// (cash, and card through the hosted test page), shipped with its tracking reference, delivered, cancelled by staff
// or by the shopper, in the language the order was placed in. Exactly one mail per change, even when two staff
// press at once; none for pay and process; a mailer that fails never fails the change.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '@/server/db/schema';
import type { Mailer } from '@/server/mail/mailer';
import {
  card4242,
  csrfFrom,
  fillCart as fillPayCart,
  formBody,
  returnBase,
  seedProducts,
  signUp as signUpPayer,
  type SeededProduct,
  type SessionJson,
} from '../fakes/payments-app';
import { mailOrderLater, sendOrderMail } from '@/server/modules/orders';
import { cardOrder, fillCart, nextShipping } from '../helpers/orders';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp';
import { call, staffMember } from '../helpers/staff';
import {
  dbKinds,
  json,
  signUp,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

async function outbox(t: TestApp, to: string): Promise<Mail[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  // Newest first in the answer: oldest first here, the order they were sent in.
  return (json(res).data as Mail[]).reverse();
}

/** A cash order placed through the API; `query` carries ?lang=, `headers` Accept-Language. */
async function placeCash(
  t: TestApp,
  shopper: Shopper,
  lines: [string, number][],
  how: { query?: string; headers?: Record<string, string> } = {},
): Promise<Json> {
  const cartId = await fillCart(t.app, shopper.token, lines);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${cartId}${how.query ?? ''}`,
    headers: { token: shopper.token, ...how.headers },
    payload: { shippingAddress: nextShipping() },
  });
  expect(res.statusCode).toBe(201);
  return json(res).data as Json;
}

const rlm = '\u200f';
const egp = (digits: string) => `${rlm}${digits}\u00a0ج.م.${rlm}`;

describe.each(dbKinds)('order mail on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let lamp: SeededProduct;
  let mug: SeededProduct;

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: false, env: { HELD_STOCK_SHARE_PERCENT: '100' } });
    staff = await staffMember(t.app, t.database, 'staff');
    [lamp, mug] = (await seedProducts(t.database, [
      { title: 'Brass Lamp', price: 1350, quantity: 1000 },
      { title: 'Plain Mug', price: 100, quantity: 1000 },
    ])) as [SeededProduct, SeededProduct];
    await t.database.db.update(products).set({ titleAr: 'أباجورة نحاس' }).where(eq(products.id, lamp.id));
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (id: string, action: string, token: string, body?: unknown) =>
    call(t.app, 'PUT', `/api/v1/orders/${id}/${action}`, token, body);

  it('a cash order placed in Arabic: the order keeps ar, and its placed mail is Arabic with lines and totals', async () => {
    const shopper = await signUp(t.app, { name: 'منى عادل' });
    const order = await placeCash(
      t,
      shopper,
      [
        [lamp.id, 2],
        [mug.id, 1],
      ],
      { headers: { 'accept-language': 'ar-EG,ar;q=0.9' } },
    );
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order._id as string));
    expect(row!.language).toBe('ar');
    const mails = await outbox(t, shopper.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`تم تسجيل طلبك FC-${String(order.id).padStart(6, '0')} في FreshCart`);
    expect(mail.text).toContain('مرحبا منى عادل،');
    // The Arabic title where the product has one, its English where it has none.
    expect(mail.text).toContain(`أباجورة نحاس × ٢\n${egp('٢٬٧٠٠')}`);
    expect(mail.text).toContain(`Plain Mug × ١\n${egp('١٠٠')}`);
    // 2800 + 311 tax − 280 savings = 2831.
    expect(mail.text).toContain(`الإجمالي\n${egp('٢٬٨٣١')}`);
    expect(mail.text).toContain(`الدفع عند الاستلام: يرجى تجهيز ${egp('٢٬٨٣١')}.`);
    expect(mail.text).not.toMatch(/<[a-z/][^>]*>/i);
    expect(mail.html).toContain('<html dir="rtl" lang="ar">');
    expect(mail.html).not.toMatch(/src\s*=\s*["']?https?:/i);
  });

  it('?lang=ar on the order request decides over Accept-Language; English otherwise', async () => {
    const ar = await signUp(t.app);
    await placeCash(t, ar, [[mug.id, 1]], { query: '?lang=ar', headers: { 'accept-language': 'en' } });
    expect((await outbox(t, ar.email))[0]!.subject).toMatch(/^تم تسجيل طلبك FC-\d{6} في FreshCart$/);
    const en = await signUp(t.app, { name: 'Mona' });
    const order = await placeCash(t, en, [[lamp.id, 1]]);
    const [mail] = await outbox(t, en.email);
    expect(mail!.subject).toBe(`Your FreshCart order FC-${String(order.id).padStart(6, '0')} is placed`);
    expect(mail!.text).toContain('Brass Lamp × 1\n1,350 EGP');
    expect(mail!.html).toContain('<html dir="ltr" lang="en">');
  });

  it('ship with a tracking reference, then deliver: one mail each, in the order’s language whatever staff use', async () => {
    const shopper = await signUp(t.app);
    const order = await placeCash(t, shopper, [[mug.id, 3]], { query: '?lang=ar' });
    const id = order._id as string;
    expect(
      (await put(id, 'ship', staff.token, { carrier: 'Aramex', trackingReference: 'EG-7781/22' })).statusCode,
    ).toBe(200);
    let mails = await outbox(t, shopper.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^تم تسجيل طلبك/),
      expect.stringMatching(/^طلبك FC-\d{6} من FreshCart في الطريق إليك$/),
    ]);
    expect(mails[1]!.text).toContain('شركة الشحن: Aramex');
    expect(mails[1]!.text).toContain('رقم التتبع: EG-7781/22');
    expect(mails[1]!.html).toContain('<span dir="ltr">EG-7781/22</span>');

    const delivered = await call(t.app, 'PUT', `/api/v1/orders/${id}/deliver?lang=en`, staff.token);
    expect(delivered.statusCode).toBe(200);
    mails = await outbox(t, shopper.email);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toMatch(/^تم توصيل طلبك FC-\d{6} من FreshCart$/);
    // A cash order is paid at the door: the mail says what was paid.
    expect(mails[2]!.text).toContain(`تم الدفع عند الاستلام: ${egp('٣٠٣')}.`);
  });

  it('ship without a tracking reference says there is none; pay and process send nothing', async () => {
    const shopper = await signUp(t.app);
    const id = (await placeCash(t, shopper, [[mug.id, 1]]))._id as string;
    expect((await put(id, 'pay', staff.token)).statusCode).toBe(200);
    expect((await put(id, 'process', staff.token)).statusCode).toBe(200);
    expect(await outbox(t, shopper.email)).toHaveLength(1);
    expect((await put(id, 'ship', staff.token)).statusCode).toBe(200);
    const mails = await outbox(t, shopper.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('The shop gave no tracking reference for this parcel.');
    // Paid already: no "please have the cash ready".
    expect(mails[1]!.text).not.toContain('Cash on delivery');
  });

  it('staff cancel: the mail says the shop cancelled, nothing comes, nothing is owed', async () => {
    const shopper = await signUp(t.app);
    const id = (await placeCash(t, shopper, [[lamp.id, 1]]))._id as string;
    expect((await put(id, 'cancel', staff.token)).statusCode).toBe(200);
    const mails = await outbox(t, shopper.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Your FreshCart order FC-\d{6} is cancelled$/);
    expect(mails[1]!.text).toContain('The shop cancelled this order.');
    expect(mails[1]!.text).toContain('Nothing will be delivered: the items went back into the shop’s stock.');
    expect(mails[1]!.text).toContain('Nothing was charged and you owe nothing.');
  });

  it('the shopper cancels their own order: the mail says they did, in their language', async () => {
    const shopper = await signUp(t.app);
    const id = (await placeCash(t, shopper, [[mug.id, 2]], { query: '?lang=ar' }))._id as string;
    expect((await put(id, 'cancel', shopper.token)).statusCode).toBe(200);
    const mails = await outbox(t, shopper.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^تم إلغاء طلبك FC-\d{6} في FreshCart$/);
    expect(mails[1]!.text).toContain('لقد ألغيت هذا الطلب.');
    // A refused change sends nothing: the order is cancelled already.
    expect((await put(id, 'cancel', staff.token)).statusCode).toBe(409);
    expect(await outbox(t, shopper.email)).toHaveLength(2);
  });

  it('the refund mail (for the refunds slice to call): the amount, in the order’s language', async () => {
    const shopper = await signUp(t.app);
    const id = await cardOrder(t, shopper, [[lamp.id, 1]]);
    await t.database.db.update(orders).set({ language: 'ar' }).where(eq(orders.id, id));
    mailOrderLater(t.app.ctx, id, { kind: 'refunded', amount: 500 });
    const mails = await outbox(t, shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(new RegExp(`^أعاد FreshCart مبلغ ${egp('٥٠٠')} عن طلبك FC-\\d{6}$`));
    expect(mails[0]!.text).toContain(`أعدنا مبلغ ${egp('٥٠٠')} من هذا الطلب`);
    // Sent now and awaited, it rejects when it cannot send (here: no such order).
    await expect(sendOrderMail(t.app.ctx, 'f'.repeat(24), { kind: 'refunded', amount: 1 })).rejects.toThrow(
      /not found/,
    );
  });

  it('a repeated order request (same cart) sends no second placed mail', async () => {
    const shopper = await signUp(t.app);
    const cartId = await fillCart(t.app, shopper.token, [[mug.id, 1]]);
    const body = { shippingAddress: nextShipping() };
    const first = await call(t.app, 'POST', `/api/v1/orders/${cartId}`, shopper.token, body);
    expect(first.statusCode).toBe(201);
    const again = await call(t.app, 'POST', `/api/v1/orders/${cartId}`, shopper.token, body);
    expect(json(again).data._id).toBe(json(first).data._id);
    expect(await outbox(t, shopper.email)).toHaveLength(1);
  });
});

describe.each(dbKinds)('order mail when two staff press at once on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let staff: Shopper;
  let other: Shopper;
  let product: SeededProduct;

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: false, env: { HELD_STOCK_SHARE_PERCENT: '100' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await staffMember(t.app, t.database, 'staff');
    other = await staffMember(t.app, t.database, 'admin');
    [product] = (await seedProducts(t.database, [{ title: 'Race Crate', price: 25, quantity: 1000 }])) as [
      SeededProduct,
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  // Real HTTP: on PostgreSQL the two requests truly overlap.
  const put = (id: string, action: string, token: string, body?: unknown) =>
    fetch(`${base}/api/v1/orders/${id}/${action}`, {
      method: 'PUT',
      headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.status);

  for (const action of ['cancel', 'ship', 'deliver'] as const) {
    it(`two ${action}s at once: one 200, one 409, exactly one mail`, async () => {
      const shopper = await signUp(t.app);
      const id = (await placeCash(t, shopper, [[product.id, 2]]))._id as string;
      const body = action === 'ship' ? { trackingReference: 'RACE-1' } : undefined;
      const statuses = await Promise.all([
        put(id, action, staff.token, body),
        put(id, action, other.token, body),
      ]);
      expect(statuses.sort()).toEqual([200, 409]);
      const mails = await outbox(t, shopper.email);
      expect(mails).toHaveLength(2);
      const words = { cancel: 'is cancelled', ship: 'is on its way', deliver: 'was delivered' };
      expect(mails[1]!.subject).toContain(words[action]);
    });
  }

  it('the shopper cancelling while staff ship: one mail, the winner’s', async () => {
    const shopper = await signUp(t.app);
    const id = (await placeCash(t, shopper, [[product.id, 1]]))._id as string;
    const [cancel, ship] = await Promise.all([
      put(id, 'cancel', shopper.token),
      put(id, 'ship', staff.token),
    ]);
    expect([cancel, ship].sort()).toEqual([200, 409]);
    const mails = await outbox(t, shopper.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain(cancel === 200 ? 'is cancelled' : 'is on its way');
  });
});

describe.each(dbKinds)('a card order placed through the hosted test page on %s', (kind) => {
  let t: TestApp;
  let lamp: SeededProduct;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: false,
      env: { PUBLIC_URL: 'http://api.shop.test', CORS_ORIGINS: 'http://shop.test' },
    });
    [lamp] = (await seedProducts(t.database, [{ title: 'Brass Lamp', price: 1350, quantity: 500 }])) as [
      SeededProduct,
    ];
    await t.database.db.update(products).set({ titleAr: 'أباجورة نحاس' }).where(eq(products.id, lamp.id));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends one placed mail in the session’s language, saying it was paid by card; a repeated payment sends none', async () => {
    const shopper = await signUpPayer(t.app);
    const cartId = await fillPayCart(t.app, shopper, [lamp.id, lamp.id]);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/checkout-session/${cartId}?url=${encodeURIComponent(returnBase)}&lang=ar`,
      headers: { token: shopper.token },
      payload: { shippingAddress: { details: '12 Tahrir St', phone: '01012345678', city: 'Cairo' } },
    });
    expect(opened.statusCode).toBe(200);
    const session = (opened.json() as { session: SessionJson }).session;
    const path = new URL(session.url).pathname;
    const csrf = csrfFrom((await t.app.inject({ method: 'GET', url: path })).body);
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://api.shop.test',
          'sec-fetch-site': 'same-origin',
        },
        payload: formBody({ ...card4242, csrf }),
      });
    expect((await pay()).statusCode).toBe(303);
    const mails = await outbox(t, shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^تم تسجيل طلبك FC-\d{6} في FreshCart$/);
    expect(mails[0]!.text).toContain(`أباجورة نحاس × ٢\n${egp('٢٬٧٠٠')}`);
    // 2700 + 300 tax − 270 savings = 2730.
    expect(mails[0]!.text).toContain(`تم الدفع بالبطاقة: ${egp('٢٬٧٣٠')}.`);
    expect(mails[0]!.html).toContain('<html dir="rtl" lang="ar">');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.userId, shopper.userId));
    expect(row!.language).toBe('ar');
    // The form posted again (a refresh, a second tab) finds the session complete: no second mail.
    expect((await pay()).statusCode).toBe(303);
    expect(await outbox(t, shopper.email)).toHaveLength(1);
  });
});

describe('a mailer that fails', () => {
  let t: TestApp;
  const logged: string[] = [];
  const broken: Mailer = {
    kind: 'smtp',
    async send() {
      throw new Error('mail server down');
    },
    close() {},
  };

  beforeAll(async () => {
    t = await startTestApp('pglite', {
      seed: false,
      mailer: broken,
      env: { LOG_LEVEL: 'error', HELD_STOCK_SHARE_PERCENT: '100' },
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          logged.push(chunk.toString());
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never fails nor undoes the change, and logs the failure with the order id', async () => {
    const [product] = await seedProducts(t.database, [{ title: 'Crate', price: 10, quantity: 100 }]);
    const staff = await staffMember(t.app, t.database, 'staff');
    const shopper = await signUp(t.app);
    const order = await placeCash(t, shopper, [[product!.id, 2]]);
    const id = order._id as string;
    const shipped = await put(id, 'ship', { trackingReference: 'X1' });
    expect(shipped.statusCode).toBe(200);
    expect(json(shipped).data.status).toBe('shipped');
    await t.app.ctx.background.idle();
    const lines = logged.map((l) => JSON.parse(l) as Record<string, unknown>);
    const failures = lines.filter((l) => String(l.msg).startsWith('order mail'));
    expect(failures.map((l) => [l.msg, l.orderId]).sort()).toEqual([
      ['order mail (placed) failed', id],
      ['order mail (shipped) failed', id],
    ]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('shipped');
    expect(row!.trackingReference).toBe('X1');

    function put(orderId: string, action: string, body?: unknown) {
      return call(t.app, 'PUT', `/api/v1/orders/${orderId}/${action}`, staff.token, body);
    }
  });
});

describe('order mail over SMTP', () => {
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('sends the text and the HTML part as multipart/alternative, with Content-Language', async () => {
    const t = await startTestApp('pglite', {
      seed: false,
      env: { SMTP_URL: smtp.url, HELD_STOCK_SHARE_PERCENT: '100' },
    });
    try {
      const [product] = await seedProducts(t.database, [{ title: 'Crate', price: 10, quantity: 100 }]);
      const shopper = await signUp(t.app);
      await placeCash(t, shopper, [[product!.id, 1]], { query: '?lang=ar' });
      await t.app.ctx.background.idle();
      const mail = smtp.received.find((r) => r.to.includes(shopper.email));
      expect(mail).toBeDefined();
      const data = mail!.data;
      expect(data).toMatch(/Content-Type: multipart\/alternative/i);
      expect(data).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
      expect(data).toMatch(/Content-Type: text\/html; charset=utf-8/i);
      expect(data).toMatch(/^Content-Language: ar$/m);
      // Nothing lands in the outbox when SMTP is configured.
      expect(await outbox(t, shopper.email)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
