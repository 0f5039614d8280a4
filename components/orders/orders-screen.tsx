'use client';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '@/lib/router/react';
import { orderReference } from '@/lib/rules/order-reference';
import { useT } from '@/lib/i18n/i18n';
import { cardCheckoutStartedAt, forgetCardCheckout } from '@/lib/session/checkout-return';
import { useOrders } from '@/lib/session/use-orders';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { OrderCard } from './order-card';
import { OrderConfirmation } from './order-confirmation';
import { newestFirst, paidCardOrder } from './order-history';
import styles from './orders-screen.module.scss';
import '@/lib/i18n/compiled/en-cart';
import '@/lib/i18n/compiled/en-orders';

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
          <OrderCard key={order._id} order={order} refresh={refreshOrders} />
        ))}
      </ol>
    );
  }

  return (
    <div className={styles.page}>
      {placed ? <OrderConfirmation order={placed} /> : null}
      <h1 className={styles.title}>{t('orders.title')}</h1>
      {body}
    </div>
  );
}
