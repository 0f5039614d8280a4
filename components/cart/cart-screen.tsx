'use client';
import { useRef, useState } from 'react';
import { Link } from '@/lib/router/react';
import { useWishlist } from '@/lib/api/wishlist';
import type { CartLine } from '@/lib/contract/cart';
import { cartSummary } from '@/lib/rules/cart-summary';
import { useCart } from '@/lib/session/cart-store';
import { announce } from '@/lib/session/announcer';
import { useSession } from '@/lib/session/session-store';
import { Spinner } from '@/components/ui/spinner';
import { cartToasts } from './cart-toasts';
import { dollars } from '@/components/ui/dollars';
import styles from './cart-screen.module.scss';

/** 'Shopping Cart': the lines, their counts, favourites, and the order summary. */
export function CartScreen() {
  const cart = useCart();
  const { token } = useSession();
  const wishlist = useWishlist(token);
  const [favoritePending, setFavoritePending] = useState<string | null>(null);
  // Guards a second click that lands before React has re-rendered the disabled buttons.
  const busy = useRef(false);
  const locked = cart.isLoadingCartOperation;

  async function run(action: () => Promise<boolean>, onSuccess: () => void) {
    if (busy.current) return;
    busy.current = true;
    try {
      if (await action()) onSuccess();
      else cartToasts.failed();
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
    );

  const remove = (line: CartLine) =>
    run(
      () => cart.removeItem(line.product._id),
      () => {
        cartToasts.itemRemoved();
        announce(`${line.product.title} removed from the cart`);
      },
    );

  const clear = () =>
    run(cart.clearCart, () => {
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
      cartToasts.failed();
    } finally {
      setFavoritePending(null);
    }
  }

  const loadingFirstTime = locked && cart.products.length === 0 && cart.cartId === null;
  const summary = cartSummary(cart.totalCartPrice);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Shopping Cart</h1>
      {loadingFirstTime ? (
        <div className={styles.center}>
          <Spinner />
        </div>
      ) : cart.products.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyText}>No Product In Your Cart</p>
          <Link to="/products" className={styles.secondary}>
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className={styles.layout}>
          <ul className={styles.lines} aria-label="Cart items">
            {cart.products.map((line) => {
              const favorite = wishlist.ids.includes(line.product._id);
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
                      {dollars(line.price)}
                    </p>
                    <div className={styles.lineActions}>
                      <button
                        type="button"
                        className={styles.favorite}
                        aria-pressed={favorite}
                        disabled={!token || wishlist.isLoading || favoritePending !== null}
                        onClick={() => void toggleFavorite(line)}
                      >
                        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                          <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3.1 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.7 0 5.9 3.8 4.4 7.2C19.5 16.4 12 21 12 21z" />
                        </svg>
                        Add to Favorites
                      </button>
                      <button
                        type="button"
                        className={styles.remove}
                        disabled={locked}
                        onClick={() => void remove(line)}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
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
                      disabled={locked || line.count <= 1}
                      onClick={() => void changeCount(line, line.count - 1)}
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
                      disabled={locked}
                      onClick={() => void changeCount(line, line.count + 1)}
                    >
                      +
                    </button>
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
                <dd>{dollars(summary.original)}</dd>
              </div>
              <div>
                <dt>Savings</dt>
                <dd className={styles.saving}>-{dollars(summary.savings)}</dd>
              </div>
              <div>
                <dt>Tax</dt>
                <dd>{dollars(summary.tax)}</dd>
              </div>
              <div>
                <dt>Cart Items</dt>
                <dd>{cart.numOfCartItems}</dd>
              </div>
              <div className={styles.total}>
                <dt>Total</dt>
                <dd>{dollars(summary.total)}</dd>
              </div>
            </dl>
            <Link to="/order" className={styles.primary}>
              Proceed to Checkout
            </Link>
            <Link to="/products" className={styles.secondary}>
              Continue Shopping
            </Link>
            <button type="button" className={styles.danger} disabled={locked} onClick={() => void clear()}>
              Remove Cart Item
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
