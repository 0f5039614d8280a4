'use client';
import { useRef, useState } from 'react';
import { Link } from '@/lib/router/react';
import { useWishlist } from '@/lib/api/wishlist';
import type { CartLine } from '@/lib/contract/cart';
import { cartSummary } from '@/lib/rules/cart-summary';
import { formatEgp } from '@/lib/rules/money';
import { useCart } from '@/lib/session/cart-store';
import { announce } from '@/lib/session/announcer';
import { cartFailureReason } from '@/lib/session/cart-failure';
import { getToken, useSession } from '@/lib/session/session-store';
import { CartNotice } from '@/components/ui/cart-notice';
import { RetryMessage } from '@/components/ui/retry-message';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { cartToasts } from './cart-toasts';
import { ConfirmDialog } from './confirm-dialog';
import styles from './cart-screen.module.scss';

/** 'Shopping Cart': the lines, their counts, favourites, and the order summary. */
export function CartScreen() {
  useDocumentTitle('Cart');
  const cart = useCart();
  const { token } = useSession();
  const wishlist = useWishlist(token);
  const [favoritePending, setFavoritePending] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  // The server's reason for a refused change, shown beside the line it concerns ("Only 3 of … in stock").
  const [reasons, setReasons] = useState<Record<string, string>>({});
  // Guards a second click or key press that lands before React has re-rendered the locked buttons.
  const busy = useRef(false);
  const locked = cart.isLoadingCartOperation;

  async function run(action: () => Promise<boolean>, onSuccess: () => void, productId?: string) {
    if (busy.current || cart.isLoadingCartOperation) return;
    busy.current = true;
    try {
      if (await action()) {
        if (productId) setReasons(({ [productId]: _gone, ...rest }) => rest);
        onSuccess();
        return;
      }
      // The session ended (the login screen explains): no 'error occured' on top of it.
      if (!getToken()) return;
      cartToasts.failed();
      const reason = cartFailureReason();
      if (productId && reason) {
        setReasons((all) => ({ ...all, [productId]: reason }));
        announce(reason);
      }
    } finally {
      busy.current = false;
    }
  }

  const changeCount = (line: CartLine, count: number) =>
    run(
      () => cart.updateCount(line.product._id, count),
      () => {
        cartToasts.countUpdated();
        announce(`${line.product.title}: quantity ${count}`);
      },
      line.product._id,
    );

  const remove = (line: CartLine) =>
    run(
      () => cart.removeItem(line.product._id),
      () => {
        cartToasts.itemRemoved();
        announce(`${line.product.title} removed from the cart`);
      },
      line.product._id,
    );

  const clear = () =>
    run(cart.clearCart, () => {
      setReasons({});
      cartToasts.cartCleared();
      announce('The cart is empty');
    });

  async function toggleFavorite(line: CartLine) {
    if (favoritePending) return;
    setFavoritePending(line.product._id);
    try {
      const on = await wishlist.toggle(line.product._id);
      announce(`${line.product.title} ${on ? 'added to' : 'removed from'} your favorites`);
    } catch (err) {
      console.error(err);
      if (getToken()) cartToasts.failed();
    } finally {
      setFavoritePending(null);
    }
  }

  const summary = cartSummary(cart.totalCartPrice);
  const pieces = cart.products.reduce((n, l) => n + l.count, 0);

  let body;
  if (!cart.cartLoaded && cart.cartLoadFailed) {
    // A failed read is not an empty cart: saying 'No Product In Your Cart' would be untrue.
    body = (
      <RetryMessage
        text="We could not load your cart. Check your connection and try again."
        busy={cart.isLoadingCartOperation}
        onRetry={() => void cart.reloadCart()}
        classes={{ notice: styles.failed, button: styles.primary }}
      />
    );
  } else if (!cart.cartLoaded) {
    body = (
      <div className={styles.center}>
        <Spinner label="Loading your cart" />
      </div>
    );
  } else if (cart.products.length === 0) {
    body = (
      <div className={styles.empty}>
        <p className={styles.emptyText}>No Product In Your Cart</p>
        <Link to="/products" className={styles.secondary}>
          Continue Shopping
        </Link>
      </div>
    );
  } else {
    body = (
      <div className={styles.layout}>
        <ul className={styles.lines} aria-label="Cart items">
          {cart.products.map((line) => {
            const favorite = wishlist.ids.includes(line.product._id);
            const stock = line.product.quantity;
            const atStock = line.count >= stock;
            const reason = reasons[line.product._id];
            const stockNoteId = `stock-${line._id}`;
            return (
              <li key={line._id} className={styles.line}>
                <img
                  className={styles.image}
                  src={line.product.imageCover}
                  alt={line.product.title}
                  width={96}
                  height={128}
                  loading="lazy"
                />
                <div className={styles.info}>
                  <h2 className={styles.name}>{line.product.title}</h2>
                  <p className={styles.price}>
                    <span className={styles.visuallyHidden}>Item price: </span>
                    {formatEgp(line.price)}
                  </p>
                  {line.count > 1 ? (
                    <p className={styles.lineTotal}>
                      {line.count} × {formatEgp(line.price)} = {formatEgp(line.count * line.price)}
                    </p>
                  ) : null}
                  <div className={styles.lineActions}>
                    <button
                      type="button"
                      className={styles.favorite}
                      aria-pressed={favorite}
                      aria-disabled={!token || wishlist.isLoading || favoritePending !== null}
                      onClick={() => {
                        if (token && !wishlist.isLoading) void toggleFavorite(line);
                      }}
                    >
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3.1 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.7 0 5.9 3.8 4.4 7.2C19.5 16.4 12 21 12 21z" />
                      </svg>
                      Add to Favorites
                    </button>
                    <button
                      type="button"
                      className={styles.remove}
                      aria-disabled={locked}
                      onClick={() => void remove(line)}
                    >
                      Remove
                    </button>
                  </div>
                  {reason ? (
                    <p className={styles.reason} role="alert">
                      {reason}
                    </p>
                  ) : null}
                </div>
                <div className={styles.quantityBox}>
                  <div
                    className={styles.quantity}
                    role="group"
                    aria-label={`Quantity of ${line.product.title}`}
                  >
                    <button
                      type="button"
                      className={styles.step}
                      aria-label={`Decrease quantity of ${line.product.title}`}
                      // A count of 0 is never sent (spec section 4): 'Remove' is how a line goes.
                      aria-disabled={locked || line.count <= 1}
                      onClick={() => {
                        if (line.count > 1) void changeCount(line, line.count - 1);
                      }}
                    >
                      -
                    </button>
                    <span className={styles.count} aria-hidden="true">
                      {line.count}
                    </span>
                    <span className={styles.visuallyHidden}>Quantity {line.count}</span>
                    <button
                      type="button"
                      className={styles.step}
                      aria-label={`Increase quantity of ${line.product.title}`}
                      // The stock the server last reported: one more could only be refused.
                      aria-disabled={locked || atStock}
                      aria-describedby={atStock ? stockNoteId : undefined}
                      onClick={() => {
                        if (!atStock) void changeCount(line, line.count + 1);
                      }}
                    >
                      +
                    </button>
                  </div>
                  {atStock ? (
                    <p id={stockNoteId} className={styles.stockNote}>
                      {stock === 1 ? 'Only 1 in stock' : `Only ${stock} in stock`}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
        <aside className={styles.summary} aria-labelledby="summary-title">
          <h2 id="summary-title" className={styles.summaryTitle}>
            Order Summary
          </h2>
          <dl className={styles.figures}>
            <div>
              <dt>Original price</dt>
              <dd>{formatEgp(summary.original)}</dd>
            </div>
            <div>
              <dt>Savings</dt>
              <dd className={styles.saving}>-{formatEgp(summary.savings)}</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>{formatEgp(summary.tax)}</dd>
            </div>
            <div>
              <dt>Cart Items</dt>
              <dd>
                {cart.numOfCartItems}
                {pieces !== cart.numOfCartItems ? (
                  <span className={styles.pieces}> ({pieces} pieces)</span>
                ) : null}
              </dd>
            </div>
            <div className={styles.total}>
              <dt>Total</dt>
              <dd>{formatEgp(summary.total)}</dd>
            </div>
          </dl>
          <Link to="/order" className={styles.primary}>
            Proceed to Checkout
          </Link>
          <Link to="/products" className={styles.secondary}>
            Continue Shopping
          </Link>
          <button
            type="button"
            className={styles.danger}
            aria-disabled={locked}
            onClick={() => {
              if (!locked) setConfirmClear(true);
            }}
          >
            Remove Cart Item
          </button>
        </aside>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Shopping Cart</h1>
      <CartNotice
        text={cart.cartNotice}
        onDismiss={cart.dismissNotice}
        classes={{ notice: styles.notice, button: styles.secondary }}
      />
      {body}
      <ConfirmDialog
        open={confirmClear}
        title="Empty your cart?"
        confirmLabel="Remove all items"
        cancelLabel="Keep my cart"
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          void clear();
        }}
      >
        <p>
          {pieces === 1
            ? 'The item in your cart will be removed.'
            : `All ${pieces} items in your cart will be removed.`}{' '}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
