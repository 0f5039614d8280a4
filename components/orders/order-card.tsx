import type { Order } from '@/lib/contract/orders';
import { pieceCount } from '@/lib/rules/cart-summary';
import { orderReference } from '@/lib/rules/money';
import { useCount, useIntlLocale, useMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
import { OrderSummary } from '@/components/ui/order-summary';
import { breakdownOf, formatDate } from './order-history';
import styles from './orders-screen.module.scss';

/** One order of the history: its number and date, its lines, its figures, and how it stands. */
export function OrderCard({ order }: { order: Order }) {
  const t = useT();
  const money = useMoney();
  const count = useCount();
  const locale = useIntlLocale();
  const headingId = `order-${order._id}`;
  const reference = orderReference(order.id);
  const figures = breakdownOf(order);
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
      <OrderSummary
        figures={figures}
        classes={{ figures: `${styles.figures} ${styles.compact}` }}
        first={{ label: t('orders.pieces'), value: count(pieceCount(order.cartItems)) }}
        withTotal={false}
      />
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
          {t('cart.total')} <strong>{money(figures.total)}</strong>
        </span>
      </footer>
    </li>
  );
}
