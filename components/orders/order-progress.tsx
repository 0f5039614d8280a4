import type { Order, OrderStatus } from '@/lib/contract/orders';
import { useMoney } from '@/lib/i18n/format';
import { useIntlLocale } from '@/lib/i18n/order-formats';
import { useT } from '@/lib/i18n/i18n';
import { formatDateTime } from './order-history';
import styles from './orders-screen.module.scss';

const statusStyle: Record<OrderStatus, string | undefined> = {
  placed: styles.badge,
  paid: styles.badge,
  processing: styles.badge,
  shipped: styles.good,
  delivered: styles.good,
  cancelled: styles.stopped,
};

/** Where an order stands: a badge of its status (our server's; the public host sends only the flags). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span className={statusStyle[status]}>
      {t('orders.statusOf', { status: t(`orders.status.${status}`) })}
    </span>
  );
}

/** How the parcel travels, once shipped: the carrier and the tracking number staff gave, when they did. */
export function Tracking({ order }: { order: Order }) {
  const t = useT();
  if (!order.carrier && !order.trackingReference) return null;
  return (
    <p className={styles.tracking}>
      {order.carrier ? <span dir="auto">{t('orders.shippedWith', { carrier: order.carrier })}</span> : null}
      {order.trackingReference ? (
        <span>
          {t('orders.tracking')} <bdi className={styles.reference}>{order.trackingReference}</bdi>
        </span>
      ) : null}
    </p>
  );
}

/** What came back of a card order: said once anything was refunded. */
export function Refunded({ order }: { order: Order }) {
  const t = useT();
  const money = useMoney();
  if (!order.refundedAmount) return null;
  return <p className={styles.tracking}>{t('orders.refundedOf', { amount: money(order.refundedAmount) })}</p>;
}

/** Every status the order has had, oldest first, with when: a disclosure, closed until asked for. */
export function OrderProgress({ order }: { order: Order }) {
  const t = useT();
  const money = useMoney();
  const locale = useIntlLocale();
  const steps = order.statusHistory;
  if (!steps || steps.length === 0) return null;
  return (
    <details className={styles.progress}>
      <summary>{t('orders.progress')}</summary>
      <ol>
        {steps.map((step, i) => (
          <li key={`${step.status}-${i}`}>
            <span>
              {step.refunded
                ? t('orders.refunded', { amount: money(step.refunded) })
                : t(`orders.status.${step.status}`)}
            </span>
            <time dateTime={step.at}>{formatDateTime(locale, step.at)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
