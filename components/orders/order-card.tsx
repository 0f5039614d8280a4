import { useEffect, useRef, useState } from 'react';
import type { Order } from '@/lib/contract/orders';
import { pieceCount } from '@/lib/rules/cart-summary';
import { orderReference } from '@/lib/rules/order-reference';
import { useCount, useMoney } from '@/lib/i18n/format';
import { useIntlLocale } from '@/lib/i18n/order-formats';
import { useT } from '@/lib/i18n/i18n';
import { OrderSummary } from '@/components/ui/order-summary';
import { CancelOrder, type CancelOutcome } from './cancel-order';
import { breakdownOf, formatDate } from './order-history';
import { OrderProgress, Refunded, StatusBadge, Tracking } from './order-progress';
import styles from './orders-screen.module.scss';

/**
 * One order of the history: its number and date, its lines, its figures, and how it stands (its status, tracking
 * and progress on our server; the public host's flags otherwise). While it is placed the shopper may cancel it.
 */
export function OrderCard({ order, refresh }: { order: Order; refresh: () => Promise<void> }) {
  const t = useT();
  const money = useMoney();
  const count = useCount();
  const locale = useIntlLocale();
  const headingId = `order-${order._id}`;
  const reference = orderReference(order.id);
  const figures = breakdownOf(order);
  const [outcome, setOutcome] = useState<CancelOutcome | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // The cancel button is gone once the order moved on: the focus goes to what happened.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
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
            <span className={styles.lineTitle} dir="auto">
              {line.product.title}
            </span>
            <span className={styles.lineCount}>
              {count(line.count)} × {money(line.price)}
              {line.count > 1 ? (
                <span className={styles.lineTotal}>{money(line.count * line.price)}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <OrderSummary
        figures={figures}
        classes={{ figures: `${styles.figures} ${styles.compact}` }}
        count={{ label: t('orders.pieces'), value: count(pieceCount(order.cartItems)) }}
        withTotal={false}
      />
      <footer className={styles.footer}>
        <span className={styles.badge}>
          {order.paymentMethodType === 'card' ? t('orders.paidByCard') : t('orders.cash')}
        </span>
        <span className={order.isPaid ? styles.good : styles.badge}>
          {order.isPaid ? t('orders.paid') : t('orders.notPaid')}
        </span>
        {order.status ? (
          <StatusBadge status={order.status} />
        ) : (
          <span className={order.isDelivered ? styles.good : styles.badge}>
            {order.isDelivered ? t('orders.delivered') : t('orders.notDelivered')}
          </span>
        )}
        <span className={styles.total}>
          {t('cart.total')} <strong>{money(figures.total)}</strong>
        </span>
      </footer>
      <Tracking order={order} />
      <Refunded order={order} />
      {outcome ? (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          className={outcome.ok ? styles.outcome : styles.failure}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.text}
        </p>
      ) : null}
      {order.status === 'placed' || order.statusHistory ? (
        <div className={styles.more}>
          <OrderProgress order={order} />
          {order.status === 'placed' ? (
            <CancelOrder order={order} refresh={refresh} onOutcome={setOutcome} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
