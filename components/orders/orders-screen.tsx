'use client';
import { useEffect, useState } from 'react';
import { Link } from '@/lib/router/react';
import type { Order } from '@/lib/contract/orders';
import { useOrders } from '@/lib/session/use-orders';
import { Spinner } from '@/components/ui/spinner';
import { dollars } from '@/components/ui/dollars';
import styles from './orders-screen.module.scss';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The shopper's orders, newest first. A paid checkout returns here. */
export function OrdersScreen() {
  const { userOrders, refresh: refreshOrders } = useOrders();
  const [state, setState] = useState<'loading' | 'done'>('loading');

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

  let body;
  if (userOrders === null) {
    body =
      state === 'loading' ? (
        <div className={styles.center}>
          <Spinner />
        </div>
      ) : (
        <div className={styles.empty} role="alert">
          <p>Your orders could not be loaded.</p>
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              setState('loading');
              void refreshOrders().finally(() => setState('done'));
            }}
          >
            Try again
          </button>
        </div>
      );
  } else if (userOrders.length === 0) {
    body = (
      <div className={styles.empty}>
        <p>You have no orders yet.</p>
        <Link to="/products" className={styles.button}>
          Continue Shopping
        </Link>
      </div>
    );
  } else {
    body = (
      <ol className={styles.orders}>
        {newestFirst(userOrders).map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
      </ol>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your Orders</h1>
      {body}
    </div>
  );
}

function OrderCard({ order }: { order: Order }) {
  const headingId = `order-${order._id}`;
  return (
    <li className={styles.order} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.number}>
          Order #{order.id}
        </h2>
        <time dateTime={order.createdAt} className={styles.date}>
          {dateFormat.format(new Date(order.createdAt))}
        </time>
      </header>
      <ul className={styles.lines} aria-label={`Items of order ${order.id}`}>
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
              {line.count} × {dollars(line.price)}
            </span>
          </li>
        ))}
      </ul>
      <footer className={styles.footer}>
        <span className={styles.badge}>
          {order.paymentMethodType === 'card' ? 'Paid by card' : 'Cash on delivery'}
        </span>
        <span className={order.isPaid ? styles.good : styles.badge}>
          {order.isPaid ? 'Paid' : 'Not paid'}
        </span>
        <span className={order.isDelivered ? styles.good : styles.badge}>
          {order.isDelivered ? 'Delivered' : 'Not delivered'}
        </span>
        <span className={styles.total}>
          Total <strong>{dollars(order.totalOrderPrice)}</strong>
        </span>
      </footer>
    </li>
  );
}
