// The order mails' template (server/mail/order-mail.tsx): subject, the plain-text part and the HTML part of each
// mail, in English and in Arabic, rendered from one template.
import { describe, expect, it } from 'vitest';
import { orderMail, type OrderMailEvent, type OrderMailFacts } from '@/server/mail/order-mail';

const facts: OrderMailFacts = {
  to: 'mona@example.com',
  name: 'Mona <Adel>',
  shopName: 'FreshCart',
  number: 1047,
  lines: [
    { title: 'Brass Lamp', count: 2, price: 1350 },
    { title: 'Plain Mug & Saucer', count: 1, price: 100 },
  ],
  totals: { original: 2800, tax: 311, savings: 280, total: 2831 },
  payment: 'cash',
  isPaid: false,
  shipping: { details: '12 Nile Corniche', city: 'Giza', phone: '01012345678' },
  carrier: 'Aramex',
  trackingReference: 'EG-7781/22',
};
const arabicFacts: OrderMailFacts = {
  ...facts,
  name: 'منى عادل',
  lines: [
    { title: 'أباجورة نحاس', count: 2, price: 1350 },
    { title: 'كوب وطبق', count: 1, price: 100 },
  ],
};

const rlm = '\u200f';
const egp = (digits: string) => `${rlm}${digits}\u00a0ج.م.${rlm}`;

const events: OrderMailEvent[] = [
  { kind: 'placed' },
  { kind: 'shipped' },
  { kind: 'delivered' },
  { kind: 'cancelled', by: 'shop' },
  { kind: 'cancelled', by: 'shopper' },
  { kind: 'refunded', amount: 500 },
];

describe('every order mail, in both languages', () => {
  for (const lang of ['en', 'ar'] as const) {
    for (const event of events) {
      it(`${event.kind} in ${lang}: a text part without markup, an HTML part without remote pictures`, async () => {
        const mail = await orderMail(lang, event, lang === 'ar' ? arabicFacts : facts);
        expect(mail.to).toBe('mona@example.com');
        expect(mail.language).toBe(lang);
        expect(mail.subject).toContain('FC-001047');
        expect(mail.text).toContain('FC-001047');
        // No tag in the text part (the name's "<Adel>" is text, kept as typed).
        expect(mail.text.replace('<Adel>', '')).not.toMatch(/<\/?[a-z][^>]*>/i);
        expect(mail.text).not.toMatch(/&(amp|lt|gt|quot|#\d+);/);
        const html = mail.html!;
        expect(html).toMatch(/^<!DOCTYPE html/);
        expect(html).not.toMatch(/<img\b/i);
        expect(html).not.toMatch(/src\s*=\s*["']?\s*https?:/i);
        expect(html).not.toMatch(/url\(\s*["']?https?:/i);
        expect(html).toContain(lang === 'ar' ? '<html dir="rtl" lang="ar">' : '<html dir="ltr" lang="en">');
        // The shopper's name is escaped in the HTML, never markup.
        if (lang === 'en') expect(html).toContain('Mona &lt;Adel&gt;');
      });
    }
  }
});

describe('the placed mail', () => {
  it('lists the lines and the totals in English, with the payment and the address', async () => {
    const mail = await orderMail('en', { kind: 'placed' }, facts);
    expect(mail.subject).toBe('Your FreshCart order FC-001047 is placed');
    expect(mail.text).toContain('Hi Mona <Adel>,');
    expect(mail.text).toContain('Brass Lamp × 2\n2,700 EGP');
    expect(mail.text).toContain('Plain Mug & Saucer × 1\n100 EGP');
    expect(mail.text).toContain('Original price\n2,800 EGP');
    expect(mail.text).toContain('Tax\n311 EGP');
    expect(mail.text).toContain('Savings\n-280 EGP');
    expect(mail.text).toContain('Total\n2,831 EGP');
    expect(mail.text).toContain('Cash on delivery: please have 2,831 EGP ready.');
    expect(mail.text).toContain('It goes to 12 Nile Corniche, Giza (phone 01012345678).');
    expect(mail.html).toContain('Plain Mug &amp; Saucer × 1');
  });

  it('says a card order is paid', async () => {
    const mail = await orderMail('en', { kind: 'placed' }, { ...facts, payment: 'card', isPaid: true });
    expect(mail.text).toContain('Paid by card: 2,831 EGP.');
    expect(mail.text).not.toContain('Cash on delivery');
  });

  it('is Arabic, right to left, with money and counts as the Arabic storefront writes them', async () => {
    const mail = await orderMail('ar', { kind: 'placed' }, arabicFacts);
    expect(mail.subject).toBe('تم تسجيل طلبك FC-001047 في FreshCart');
    expect(mail.text).toContain('مرحبا منى عادل،');
    expect(mail.text).toContain(`أباجورة نحاس × ٢\n${egp('٢٬٧٠٠')}`);
    expect(mail.text).toContain(`الضريبة\n${egp('٣١١')}`);
    expect(mail.text).toContain(`الإجمالي\n${egp('٢٬٨٣١')}`);
    expect(mail.text).toContain(`الدفع عند الاستلام: يرجى تجهيز ${egp('٢٬٨٣١')}.`);
    expect(mail.text).toContain('يُرسل الطلب إلى 12 Nile Corniche، Giza (الهاتف 01012345678).');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    // Amounts sit at the line's end: the left, in Arabic.
    expect(mail.html).toMatch(/<td align="left"[^>]*>‏٢٬٧٠٠/);
    expect(mail.text).not.toContain('EGP');
  });
});

describe('the shipped mail', () => {
  it('gives the carrier and the tracking reference, kept left to right inside Arabic', async () => {
    const en = await orderMail('en', { kind: 'shipped' }, facts);
    expect(en.subject).toBe('Your FreshCart order FC-001047 is on its way');
    expect(en.text).toContain('Carrier: Aramex');
    expect(en.text).toContain('Tracking reference: EG-7781/22');
    const ar = await orderMail('ar', { kind: 'shipped' }, arabicFacts);
    expect(ar.subject).toBe('طلبك FC-001047 من FreshCart في الطريق إليك');
    expect(ar.text).toContain('رقم التتبع: EG-7781/22');
    expect(ar.html).toContain('<span dir="ltr">EG-7781/22</span>');
  });

  it('says so when the shop gave no tracking reference', async () => {
    const mail = await orderMail(
      'en',
      { kind: 'shipped' },
      { ...facts, carrier: null, trackingReference: null },
    );
    expect(mail.text).toContain('The shop gave no tracking reference for this parcel.');
    expect(mail.text).not.toContain('Carrier:');
  });
});

describe('the delivered, cancelled and refunded mails', () => {
  it('delivered: says what was paid at the door', async () => {
    const mail = await orderMail(
      'en',
      { kind: 'delivered' },
      { ...facts, isPaid: true, paidOnDelivery: true },
    );
    expect(mail.subject).toBe('Your FreshCart order FC-001047 was delivered');
    expect(mail.text).toContain('Paid on delivery: 2,831 EGP.');
  });

  it('cancelled: says who cancelled, that nothing comes, and what happens to the money', async () => {
    const unpaid = await orderMail('en', { kind: 'cancelled', by: 'shopper' }, facts);
    expect(unpaid.subject).toBe('Your FreshCart order FC-001047 is cancelled');
    expect(unpaid.text).toContain('You cancelled this order.');
    expect(unpaid.text).toContain('Nothing will be delivered');
    expect(unpaid.text).toContain('Nothing was charged and you owe nothing.');
    const paid = await orderMail('en', { kind: 'cancelled', by: 'shop' }, { ...facts, isPaid: true });
    expect(paid.text).toContain('The shop cancelled this order.');
    expect(paid.text).toContain('You paid 2,831 EGP in cash: contact the shop to get it back.');
    const ar = await orderMail('ar', { kind: 'cancelled', by: 'shop' }, arabicFacts);
    expect(ar.subject).toBe('تم إلغاء طلبك FC-001047 في FreshCart');
    expect(ar.text).toContain('لم يُخصم منك أي مبلغ، ولا يلزمك دفع شيء.');
  });

  it('refunded: gives the amount in the subject and the text', async () => {
    const card = { ...facts, payment: 'card' as const, isPaid: true };
    const mail = await orderMail('en', { kind: 'refunded', amount: 1250.5 }, card);
    expect(mail.subject).toBe('FreshCart refunded 1,250.50 EGP for your order FC-001047');
    expect(mail.text).toContain('We refunded 1,250.50 EGP of this order (its total was 2,831 EGP).');
    const ar = await orderMail('ar', { kind: 'refunded', amount: 500 }, { ...arabicFacts, payment: 'card' });
    expect(ar.subject).toBe(`أعاد FreshCart مبلغ ${egp('٥٠٠')} عن طلبك FC-001047`);
    expect(ar.text).toContain(`أعدنا مبلغ ${egp('٥٠٠')} من هذا الطلب`);
  });
});
