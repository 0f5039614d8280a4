// @jsxRuntime automatic
// @jsxImportSource react
// The mails that keep a shopper informed about an order (issue 28, item 4): placed, shipped, delivered, cancelled,
// refunded. One React Email template per mail renders both parts: the HTML (tables and inline styles, as mail
// clients want them; no picture, so nothing is fetched from anywhere) and the plain text made from that same HTML.
// In the order's language: Arabic mail is laid out right to left (dir="rtl" lang="ar") and says Content-Language: ar.
// Labels the storefront's order screens already show come from its message catalogues, money from its formatter.
import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { render, toPlainText } from '@react-email/render';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Language } from '@/lib/contract/common';
import { ar } from '@/lib/i18n/ar';
import { en } from '@/lib/i18n/en';
import { formatEgp } from '@/lib/rules/money';
import { formatEgpOff } from '@/lib/rules/money-off';
import { orderReference } from '@/lib/rules/order-reference';
import type { MailMessage } from './mailer';

/** What happened to the order. A refund says how much went back (pounds). */
export type OrderMailEvent =
  | { kind: 'placed' }
  | { kind: 'shipped' }
  | { kind: 'delivered' }
  | { kind: 'cancelled'; by: 'shopper' | 'shop' }
  | { kind: 'refunded'; amount: number };

export type OrderMailKind = OrderMailEvent['kind'];

/** The order as its mail tells it: read after the change committed (server/modules/orders/order-mail.ts). */
export interface OrderMailFacts {
  to: string;
  /** The account's name, as the shopper typed it. */
  name: string;
  shopName: string;
  /** The order's number: the mail shows its reference (FC-000123), as the storefront does. */
  number: number;
  /** Product titles in the order's language; unit prices in pounds, as the order recorded them. */
  lines: { title: string; count: number; price: number }[];
  /** The order's figures (pounds): its lines' sum, tax, savings and total. */
  totals: { original: number; tax: number; savings: number; total: number };
  payment: 'cash' | 'card';
  isPaid: boolean;
  shipping: { details: string; city: string; phone: string };
  carrier: string | null;
  trackingReference: string | null;
  /** Delivered: the order was paid at the door, by this delivery (cash). */
  paidOnDelivery?: boolean;
}

type Catalogue = Record<keyof typeof en, string>;
const catalogues: Record<Language, Catalogue> = { en, ar };

/** A storefront message with its plain {placeholders} filled (the ones used here have no plurals). */
function message(lang: Language, id: keyof typeof en, values: Record<string, string> = {}): string {
  return catalogues[lang][id].replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}

interface Texts {
  greeting: (name: string) => string;
  subject: Record<OrderMailKind, (ref: string, shop: string, amount: string) => string>;
  lead: {
    placed: string;
    shipped: string;
    delivered: string;
    cancelled: Record<'shopper' | 'shop', string>;
    refunded: (amount: string, total: string) => string;
  };
  carrier: string;
  tracking: string;
  noTracking: string;
  paidOnDelivery: (amount: string) => string;
  /** What a cancellation means for the goods, and for the money as the order stood. */
  cancelledGoods: string;
  cancelledMoney: { unpaid: string; paidCash: (amount: string) => string; paidCard: string };
  refundDelay: string;
  thanks: (shop: string) => string;
  footer: (shop: string) => string;
}

const texts: Record<Language, Texts> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    subject: {
      placed: (ref, shop) => `Your ${shop} order ${ref} is placed`,
      shipped: (ref, shop) => `Your ${shop} order ${ref} is on its way`,
      delivered: (ref, shop) => `Your ${shop} order ${ref} was delivered`,
      cancelled: (ref, shop) => `Your ${shop} order ${ref} is cancelled`,
      refunded: (ref, shop, amount) => `${shop} refunded ${amount} for your order ${ref}`,
    },
    lead: {
      placed: 'Thank you for your order. Here is what you ordered:',
      shipped: 'Your order has left the shop and is on its way to you.',
      delivered: 'Your order was delivered. We hope you enjoy it.',
      cancelled: {
        shopper: 'You cancelled this order.',
        shop: 'The shop cancelled this order.',
      },
      refunded: (amount, total) => `We refunded ${amount} of this order (its total was ${total}).`,
    },
    carrier: 'Carrier',
    tracking: 'Tracking reference',
    noTracking: 'The shop gave no tracking reference for this parcel.',
    paidOnDelivery: (amount) => `Paid on delivery: ${amount}.`,
    cancelledGoods: 'Nothing will be delivered: the items went back into the shop’s stock.',
    cancelledMoney: {
      unpaid: 'Nothing was charged and you owe nothing.',
      paidCash: (amount) => `You paid ${amount} in cash: contact the shop to get it back.`,
      paidCard: 'Your card payment was refunded before the order was cancelled (see the refund e-mail).',
    },
    refundDelay: 'The money goes back to the card you paid with; your bank may take a few days to show it.',
    thanks: (shop) => `Thank you for shopping at ${shop}.`,
    footer: (shop) => `${shop} sends this e-mail about your order. Replies are not read.`,
  },
  ar: {
    greeting: (name) => `مرحبا ${name}،`,
    subject: {
      placed: (ref, shop) => `تم تسجيل طلبك ${ref} في ${shop}`,
      shipped: (ref, shop) => `طلبك ${ref} من ${shop} في الطريق إليك`,
      delivered: (ref, shop) => `تم توصيل طلبك ${ref} من ${shop}`,
      cancelled: (ref, shop) => `تم إلغاء طلبك ${ref} في ${shop}`,
      refunded: (ref, shop, amount) => `أعاد ${shop} مبلغ ${amount} عن طلبك ${ref}`,
    },
    lead: {
      placed: 'شكرًا لطلبك. هذه المنتجات التي طلبتها:',
      shipped: 'غادر طلبك المتجر وهو في الطريق إليك.',
      delivered: 'تم توصيل طلبك. نتمنى أن ينال إعجابك.',
      cancelled: {
        shopper: 'لقد ألغيت هذا الطلب.',
        shop: 'ألغى المتجر هذا الطلب.',
      },
      refunded: (amount, total) => `أعدنا مبلغ ${amount} من هذا الطلب (كان إجماليه ${total}).`,
    },
    carrier: 'شركة الشحن',
    tracking: 'رقم التتبع',
    noTracking: 'لم يحدد المتجر رقم تتبع لهذه الشحنة.',
    paidOnDelivery: (amount) => `تم الدفع عند الاستلام: ${amount}.`,
    cancelledGoods: 'لن يُرسل إليك شيء: عادت المنتجات إلى مخزون المتجر.',
    cancelledMoney: {
      unpaid: 'لم يُخصم منك أي مبلغ، ولا يلزمك دفع شيء.',
      paidCash: (amount) => `دفعت ${amount} نقدًا: تواصل مع المتجر لاسترداده.`,
      paidCard: 'أُعيد مبلغ الدفع بالبطاقة قبل إلغاء الطلب (راجع رسالة الاسترداد).',
    },
    refundDelay: 'يعود المبلغ إلى البطاقة التي دفعت بها، وقد يستغرق ظهوره لدى البنك بضعة أيام.',
    thanks: (shop) => `شكرًا لتسوقك من ${shop}.`,
    footer: (shop) => `أرسل ${shop} هذه الرسالة بخصوص طلبك. الردود عليها لا تُقرأ.`,
  },
};

const page = { backgroundColor: '#f4f6f5', fontFamily: 'Arial, Helvetica, sans-serif', color: '#212529' };
const card = { backgroundColor: '#ffffff', padding: '24px', borderRadius: '8px' };
const brand = { color: '#0aad0a', fontSize: '20px', fontWeight: 700, margin: '0 0 8px' };
const muted = { color: '#6c757d', fontSize: '12px', lineHeight: '18px' };
const cell = { fontSize: '14px', lineHeight: '22px', padding: '4px 0', verticalAlign: 'top' as const };

/** Text that must keep its left-to-right order inside Arabic (a tracking reference, a carrier's Latin name). */
function Ltr({ children }: { children: ReactNode }) {
  return <span dir="ltr">{children}</span>;
}

/** A label and an amount on one line: the amount at the line's end (the left in Arabic). */
function Figure({
  label,
  amount,
  lang,
  strong,
}: {
  label: string;
  amount: string;
  lang: Language;
  strong?: boolean;
}) {
  const weight = strong ? { fontWeight: 700 } : {};
  return (
    <Row>
      <Column style={{ ...cell, ...weight }}>{label}</Column>
      <Column align={lang === 'ar' ? 'left' : 'right'} style={{ ...cell, ...weight }}>
        {amount}
      </Column>
    </Row>
  );
}

function Lines({ facts, lang }: { facts: OrderMailFacts; lang: Language }) {
  const money = (pounds: number) => formatEgp(pounds, lang);
  return (
    <Section>
      {facts.lines.map((line, i) => (
        <Figure
          key={i}
          lang={lang}
          label={`${line.title} × ${count(line.count, lang)}`}
          amount={money(line.price * line.count)}
        />
      ))}
    </Section>
  );
}

/** A count as the language writes it (ar-EG: Arabic-Indic digits), as the storefront's order screens do. */
function count(n: number, lang: Language): string {
  return lang === 'en' ? String(n) : n.toLocaleString('ar-EG');
}

function Totals({ facts, lang }: { facts: OrderMailFacts; lang: Language }) {
  const { original, tax, savings, total } = facts.totals;
  return (
    <Section>
      <Figure lang={lang} label={message(lang, 'cart.original')} amount={formatEgp(original, lang)} />
      <Figure lang={lang} label={message(lang, 'cart.savings')} amount={formatEgpOff(savings, lang)} />
      <Figure lang={lang} label={message(lang, 'cart.tax')} amount={formatEgp(tax, lang)} />
      <Figure lang={lang} label={message(lang, 'cart.total')} amount={formatEgp(total, lang)} strong />
    </Section>
  );
}

function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '14px', lineHeight: '22px', margin: '12px 0' }}>{children}</Text>;
}

/** What each mail says between the greeting and the thanks. */
function Story({ event, facts, lang }: { event: OrderMailEvent; facts: OrderMailFacts; lang: Language }) {
  const t = texts[lang];
  const total = formatEgp(facts.totals.total, lang);
  const address = message(lang, 'orders.goesTo', facts.shipping);
  switch (event.kind) {
    case 'placed':
      return (
        <>
          <Paragraph>{t.lead.placed}</Paragraph>
          <Lines facts={facts} lang={lang} />
          <Hr />
          <Totals facts={facts} lang={lang} />
          <Paragraph>
            {facts.payment === 'card'
              ? message(lang, 'orders.paidByCardAmount', { amount: total })
              : message(lang, 'orders.cashAmount', { amount: total })}
          </Paragraph>
          <Paragraph>{address}</Paragraph>
        </>
      );
    case 'shipped':
      return (
        <>
          <Paragraph>{t.lead.shipped}</Paragraph>
          {facts.carrier && (
            <Paragraph>
              {t.carrier}: <Ltr>{facts.carrier}</Ltr>
            </Paragraph>
          )}
          {facts.trackingReference ? (
            <Paragraph>
              {t.tracking}: <Ltr>{facts.trackingReference}</Ltr>
            </Paragraph>
          ) : (
            <Paragraph>{t.noTracking}</Paragraph>
          )}
          <Lines facts={facts} lang={lang} />
          <Paragraph>{address}</Paragraph>
          {facts.payment === 'cash' && !facts.isPaid && (
            <Paragraph>{message(lang, 'orders.cashAmount', { amount: total })}</Paragraph>
          )}
        </>
      );
    case 'delivered':
      return (
        <>
          <Paragraph>{t.lead.delivered}</Paragraph>
          {facts.paidOnDelivery && <Paragraph>{t.paidOnDelivery(total)}</Paragraph>}
        </>
      );
    case 'cancelled':
      return (
        <>
          <Paragraph>{t.lead.cancelled[event.by]}</Paragraph>
          <Lines facts={facts} lang={lang} />
          <Paragraph>{t.cancelledGoods}</Paragraph>
          <Paragraph>
            {!facts.isPaid
              ? t.cancelledMoney.unpaid
              : facts.payment === 'cash'
                ? t.cancelledMoney.paidCash(total)
                : t.cancelledMoney.paidCard}
          </Paragraph>
        </>
      );
    case 'refunded':
      return (
        <>
          <Paragraph>{t.lead.refunded(formatEgp(event.amount, lang), total)}</Paragraph>
          <Paragraph>{t.refundDelay}</Paragraph>
        </>
      );
  }
}

function OrderMail({
  event,
  facts,
  lang,
  subject,
}: {
  event: OrderMailEvent;
  facts: OrderMailFacts;
  lang: Language;
  subject: string;
}) {
  const t = texts[lang];
  const reference = orderReference(facts.number);
  return (
    <Html lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'}>
      <Head>
        <title>{subject}</title>
      </Head>
      <Preview>{subject}</Preview>
      <Body style={page}>
        <Container style={{ padding: '16px' }}>
          <Section style={card}>
            <Text style={brand}>{facts.shopName}</Text>
            <Heading as="h1" style={{ fontSize: '20px', margin: '0 0 16px' }}>
              {message(lang, 'orders.order', { reference })}
            </Heading>
            <Paragraph>{t.greeting(facts.name)}</Paragraph>
            <Story event={event} facts={facts} lang={lang} />
            <Paragraph>{t.thanks(facts.shopName)}</Paragraph>
          </Section>
          <Text style={muted}>{t.footer(facts.shopName)}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The mail for this event, in `lang`: subject, the plain-text part and the HTML part, both from one template. */
export async function orderMail(
  lang: Language,
  event: OrderMailEvent,
  facts: OrderMailFacts,
): Promise<MailMessage> {
  const reference = orderReference(facts.number);
  const amount = event.kind === 'refunded' ? formatEgp(event.amount, lang) : '';
  const subject = texts[lang].subject[event.kind](reference, facts.shopName, amount);
  const mail = <OrderMail event={event} facts={facts} lang={lang} subject={subject} />;
  const html = await render(mail);
  // The text part is the HTML's own text (React Email's converter: the preview line and pictures skipped, each
  // cell on its own line), headings in the case they were written in.
  const text = toPlainText(html, { selectors: [{ selector: 'h1', options: { uppercase: false } }] });
  return { to: facts.to, language: lang, subject, text: `${text.trim()}\n`, html };
}
