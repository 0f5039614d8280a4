'use client';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '@/lib/router/react';
import type { Order } from '@/lib/contract/orders';
import { orderReference } from '@/lib/rules/money';
import { useCount, useIntlLocale, useMoney, useMoneyOff } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
import { cardCheckoutStartedAt, forgetCardCheckout } from '@/lib/session/checkout-return';
import { useOrders } from '@/lib/session/use-orders';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import styles from './orders-screen.module.scss';
import '@/lib/i18n/compiled/en-cart';
import '@/lib/i18n/compiled/en-orders';

// Dates as the language writes them: "25 Nov 2026" (en-GB's order, kept for English), "٢٥ نوفمبر ٢٠٢٦" (ar-EG).
const dateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function formatDate(locale: string, iso: string): string {
  const key = locale === 'en-US' ? 'en-GB' : locale;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(key, dateOptions);
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** Server and browser clocks differ a little: an order this much older than the checkout still counts. */
const clockSlackMs = 5 * 60 * 1000;

function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

function piecesOf(order: Order): number {
  return order.cartItems.reduce((n, l) => n + l.count, 0);
}

/** The order's own figures, as the cart showed them: original, savings, tax and total. */
function breakdownOf(order: Order) {
  const original = order.cartItems.reduce((sum, l) => sum + l.count * l.price, 0);
  return { original, savings: order.discountPrice, tax: order.taxPrice, total: order.totalOrderPrice };
}

/** The order a paid card checkout of this tab created: the newest paid card order since it started. */
function paidCardOrder(orders: readonly Order[], startedAt: number): Order | undefined {
  return newestFirst(orders).find(
    (o) => o.paymentMethodType === 'card' && o.isPaid && Date.parse(o.createdAt) >= startedAt - clockSlackMs,
  );
}

/**
 * The shopper's orders, newest first. After an order (`?placed=<id>`, or back from a paid card checkout)
 * a confirmation with its summary comes first.
 */
export function OrdersScreen() {
  const t = useT();
  useDocumentTitle(t('orders.title'));
  const { userOrders, refresh: refreshOrders } = useOrders();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'done'>('loading');
  const placedId = new URLSearchParams(search).get('placed');

  useEffect(() => {
    let live = true;
    // Fresh on every visit: a card payment may have just been fulfilled.
    void refreshOrders().finally(() => {
      if (live) setState('done');
    });
    return () => {
      live = false;
    };
  }, [refreshOrders]);

  // Back from the payment page: the order that payment created gets its confirmation (and keeps it on a
  // refresh, through the URL).
  const checkedReturn = useRef(false);
  useEffect(() => {
    if (checkedReturn.current || state !== 'done' || !userOrders || placedId) return;
    checkedReturn.current = true;
    const startedAt = cardCheckoutStartedAt();
    if (startedAt === null) return;
    const order = paidCardOrder(userOrders, startedAt);
    if (!order) return;
    forgetCardCheckout();
    navigate(`/allorders?placed=${encodeURIComponent(order._id)}`, { replace: true, keepScroll: true });
  }, [state, userOrders, placedId, navigate]);

  const placed = placedId && userOrders ? userOrders.find((o) => o._id === placedId) : undefined;
  useDocumentTitle(placed ? t('orders.placedTitle', { reference: orderReference(placed.id) }) : null);

  let body;
  if (userOrders === null) {
    body =
      state === 'loading' ? (
        <div className={styles.center}>
          <Spinner label={t('orders.loading')} />
        </div>
      ) : (
        <div className={styles.empty} role="alert">
          <p>{t('orders.loadFailed')}</p>
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              setState('loading');
              void refreshOrders().finally(() => setState('done'));
            }}
          >
            {t('ui.tryAgain')}
          </button>
        </div>
      );
  } else if (userOrders.length === 0) {
    body = (
      <div className={styles.empty}>
        <p>{t('orders.none')}</p>
        <Link to="/products" className={styles.button}>
          {t('cart.continue')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ol className={styles.orders} aria-label={t('orders.history')}>
        {newestFirst(userOrders).map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
      </ol>
    );
  }

  return (
    <div className={styles.page}>
      {placed ? <Confirmation order={placed} /> : null}
      <h1 className={styles.title}>{t('orders.title')}</h1>
      {body}
    </div>
  );
}

function Confirmation({ order }: { order: Order }) {
  const t = useT();
  const money = useMoney();
  const moneyOff = useMoneyOff();
  const count = useCount();
  const ref = useRef<HTMLElement>(null);
  // The confirmation is what the shopper waited for: it takes the focus, so screen readers read it first.
  useEffect(() => ref.current?.focus(), []);
  const { original, savings, tax, total } = breakdownOf(order);
  const pieces = piecesOf(order);
  return (
    <section ref={ref} className={styles.confirmation} aria-labelledby="confirmation-title" tabIndex={-1}>
      <h2 id="confirmation-title" className={styles.confirmationTitle}>
        {t('orders.thanks', { reference: orderReference(order.id) })}
      </h2>
      <p>
        {order.paymentMethodType === 'card'
          ? t('orders.paidByCardAmount', { amount: money(order.totalOrderPrice) })
          : t('orders.cashAmount', { amount: money(order.totalOrderPrice) })}{' '}
        {t('orders.goesTo', {
          details: order.shippingAddress.details,
          city: order.shippingAddress.city,
          phone: order.shippingAddress.phone,
        })}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('orders.pieces')}</dt>
          <dd>{count(pieces)}</dd>
        </div>
        <div>
          <dt>{t('cart.original')}</dt>
          <dd>{money(original)}</dd>
        </div>
        <div>
          <dt>{t('cart.savings')}</dt>
          <dd>{moneyOff(savings)}</dd>
        </div>
        <div>
          <dt>{t('cart.tax')}</dt>
          <dd>{money(tax)}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>{t('cart.total')}</dt>
          <dd>{money(total)}</dd>
        </div>
      </dl>
      <Link to="/products" className={styles.onward}>
        {t('cart.continue')}
      </Link>
    </section>
  );
}

function OrderCard({ order }: { order: Order }) {
  const t = useT();
  const money = useMoney();
  const moneyOff = useMoneyOff();
  const count = useCount();
  const locale = useIntlLocale();
  const headingId = `order-${order._id}`;
  const reference = orderReference(order.id);
  const { original, savings, tax, total } = breakdownOf(order);
  const pieces = piecesOf(order);
  return (
    <li className={styles.order} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.number}>
          {t('orders.order', { reference })}
        </h2>
        <time dateTime={order.createdAt} className={styles.date}>
          {formatDate(locale, order.createdAt)}
        </time>
      </header>
      <ul className={styles.lines} aria-label={t('orders.itemsOf', { reference })}>
        {order.cartItems.map((line) => (
          <li key={line._id} className={styles.line}>
            <img
              src={line.product.imageCover}
              alt={line.product.title}
              width={56}
              height={75}
              loading="lazy"
              className={styles.image}
            />
            <span className={styles.lineTitle}>{line.product.title}</span>
            <span className={styles.lineCount}>
              {count(line.count)} × {money(line.price)}
              {line.count > 1 ? (
                <span className={styles.lineTotal}>{money(line.count * line.price)}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <dl className={`${styles.figures} ${styles.compact}`}>
        <div>
          <dt>{t('orders.pieces')}</dt>
          <dd>{count(pieces)}</dd>
        </div>
        <div>
          <dt>{t('cart.original')}</dt>
          <dd>{money(original)}</dd>
        </div>
        <div>
          <dt>{t('cart.savings')}</dt>
          <dd>{moneyOff(savings)}</dd>
        </div>
        <div>
          <dt>{t('cart.tax')}</dt>
          <dd>{money(tax)}</dd>
        </div>
      </dl>
      <footer className={styles.footer}>
        <span className={styles.badge}>
          {order.paymentMethodType === 'card' ? t('orders.paidByCard') : t('orders.cash')}
        </span>
        <span className={order.isPaid ? styles.good : styles.badge}>
          {order.isPaid ? t('orders.paid') : t('orders.notPaid')}
        </span>
        <span className={order.isDelivered ? styles.good : styles.badge}>
          {order.isDelivered ? t('orders.delivered') : t('orders.notDelivered')}
        </span>
        <span className={styles.total}>
          {t('cart.total')} <strong>{money(total)}</strong>
        </span>
      </footer>
    </li>
  );
}
