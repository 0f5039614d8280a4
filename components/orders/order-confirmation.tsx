import { useEffect, useRef } from 'react';
import { Link } from '@/lib/router/react';
import type { Order } from '@/lib/contract/orders';
import { pieceCount } from '@/lib/rules/cart-summary';
import { orderReference } from '@/lib/rules/order-reference';
import { useCount, useMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
import { OrderSummary } from '@/components/ui/order-summary';
import { breakdownOf } from './order-history';
import styles from './orders-screen.module.scss';

/** The order just placed (or paid): its reference, how it is paid, where it goes, and its figures. */
export function OrderConfirmation({ order }: { order: Order }) {
  const t = useT();
  const money = useMoney();
  const count = useCount();
  const ref = useRef<HTMLElement>(null);
  // The confirmation is what the shopper waited for: it takes the focus, so screen readers read it first.
  useEffect(() => ref.current?.focus(), []);
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
      <OrderSummary
        figures={breakdownOf(order)}
        classes={{ figures: styles.figures, total: styles.totalRow }}
        count={{ label: t('orders.pieces'), value: count(pieceCount(order.cartItems)) }}
      />
      <Link to="/products" className={styles.onward}>
        {t('cart.continue')}
      </Link>
    </section>
  );
}
