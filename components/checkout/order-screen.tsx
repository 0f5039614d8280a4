'use client';
import { Link } from '@/lib/router/react';
import { cartSummary, pieceCount } from '@/lib/rules/cart-summary';
import { useT } from '@/lib/i18n/i18n';
import { useCart } from '@/lib/session/cart-store';
import { CartGate } from '@/components/ui/cart-gate';
import { OrderSummary } from '@/components/ui/order-summary';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { OrderForm } from './order-form';
import { useOrderForm } from './use-order-form';
import styles from './order-screen.module.scss';
import '@/lib/i18n/compiled/en-cart';
import '@/lib/i18n/compiled/en-order';

export { ORDER_FORM_KEY } from './order-draft';

/** Create order: the shipping address, then a cash order or a card checkout session. */
export function OrderScreen() {
  const t = useT();
  useDocumentTitle(t('order.docTitle'));
  const cart = useCart();
  const form = useOrderForm(cart);
  const pieces = pieceCount(cart.products);
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="order-title">
        <h1 id="order-title" className={styles.title}>
          {t('order.title')}
        </h1>
        <CartGate cart={cart} classes={styles} empty={<EmptyCart problem={form.problem} />}>
          <section className={styles.breakdown} aria-labelledby="order-summary-title">
            <h2 id="order-summary-title" className={styles.subtitle}>
              {t('order.yourOrder', { count: pieces })}
            </h2>
            <OrderSummary
              figures={cartSummary(cart.totalCartPrice)}
              classes={{ figures: styles.figures, total: styles.total }}
            />
          </section>
          <OrderForm form={form} />
        </CartGate>
      </section>
    </div>
  );
}

/** Nothing to order (perhaps just ordered elsewhere: the problem says so). */
function EmptyCart({ problem }: { problem: string | null }) {
  const t = useT();
  return (
    <div className={styles.empty}>
      <p>{t('cart.empty')}</p>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <Link to="/products" className={styles.secondary}>
        {t('cart.continue')}
      </Link>
    </div>
  );
}
