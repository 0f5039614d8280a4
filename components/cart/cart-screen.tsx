'use client';
import { useRef, useState } from 'react';
import { Link } from '@/lib/router/react';
import { useWishlist } from '@/lib/api/wishlist';
import type { CartLine } from '@/lib/contract/cart';
import { cartSummary } from '@/lib/rules/cart-summary';
import { useCount, useMoney, useMoneyOff } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
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
import '@/lib/i18n/compiled/en-cart';

/** 'Shopping Cart': the lines, their counts, favourites, and the order summary. */
export function CartScreen() {
  const t = useT();
  const money = useMoney();
  const moneyOff = useMoneyOff();
  const count = useCount();
  useDocumentTitle(t('cart.docTitle'));
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
        announce(t('cart.quantityAnnounce', { title: line.product.title, count }));
      },
      line.product._id,
    );

  const remove = (line: CartLine) =>
    run(
      () => cart.removeItem(line.product._id),
      () => {
        cartToasts.itemRemoved();
        announce(t('cart.removedAnnounce', { title: line.product.title }));
      },
      line.product._id,
    );

  const clear = () =>
    run(cart.clearCart, () => {
      setReasons({});
      cartToasts.cartCleared();
      announce(t('cart.emptyAnnounce'));
    });

  async function toggleFavorite(line: CartLine) {
    if (favoritePending) return;
    setFavoritePending(line.product._id);
    try {
      const on = await wishlist.toggle(line.product._id);
      announce(t(on ? 'cart.favAdded' : 'cart.favRemoved', { title: line.product.title }));
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
        text={t('cart.loadFailed')}
        busy={cart.isLoadingCartOperation}
        onRetry={() => void cart.reloadCart()}
        classes={{ notice: styles.failed, button: styles.primary }}
      />
    );
  } else if (!cart.cartLoaded) {
    body = (
      <div className={styles.center}>
        <Spinner label={t('cart.loading')} />
      </div>
    );
  } else if (cart.products.length === 0) {
    body = (
      <div className={styles.empty}>
        <p className={styles.emptyText}>{t('cart.empty')}</p>
        <Link to="/products" className={styles.secondary}>
          {t('cart.continue')}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className={styles.layout}>
        <ul className={styles.lines} aria-label={t('cart.items')}>
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
                    <span className={styles.visuallyHidden}>{t('cart.itemPrice')}</span>
                    {money(line.price)}
                  </p>
                  {line.count > 1 ? (
                    <p className={styles.lineTotal}>
                      {count(line.count)} × {money(line.price)} = {money(line.count * line.price)}
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
                      {t('cart.addFavorite')}
                    </button>
                    <button
                      type="button"
                      className={styles.remove}
                      aria-disabled={locked}
                      onClick={() => void remove(line)}
                    >
                      {t('cart.remove')}
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
                    aria-label={t('cart.quantityOf', { title: line.product.title })}
                  >
                    <button
                      type="button"
                      className={styles.step}
                      aria-label={t('cart.decrease', { title: line.product.title })}
                      // A count of 0 is never sent (spec section 4): 'Remove' is how a line goes.
                      aria-disabled={locked || line.count <= 1}
                      onClick={() => {
                        if (line.count > 1) void changeCount(line, line.count - 1);
                      }}
                    >
                      -
                    </button>
                    <span className={styles.count} aria-hidden="true">
                      {count(line.count)}
                    </span>
                    <span className={styles.visuallyHidden}>{t('cart.quantity', { count: line.count })}</span>
                    <button
                      type="button"
                      className={styles.step}
                      aria-label={t('cart.increase', { title: line.product.title })}
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
                      {t('cart.onlyInStock', { count: stock })}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
        <aside className={styles.summary} aria-labelledby="summary-title">
          <h2 id="summary-title" className={styles.summaryTitle}>
            {t('cart.summary')}
          </h2>
          <dl className={styles.figures}>
            <div>
              <dt>{t('cart.original')}</dt>
              <dd>{money(summary.original)}</dd>
            </div>
            <div>
              <dt>{t('cart.savings')}</dt>
              <dd className={styles.saving}>{moneyOff(summary.savings)}</dd>
            </div>
            <div>
              <dt>{t('cart.tax')}</dt>
              <dd>{money(summary.tax)}</dd>
            </div>
            <div>
              <dt>{t('cart.cartItems')}</dt>
              <dd>
                {count(cart.numOfCartItems)}
                {pieces !== cart.numOfCartItems ? (
                  <span className={styles.pieces}> {t('cart.pieces', { count: pieces })}</span>
                ) : null}
              </dd>
            </div>
            <div className={styles.total}>
              <dt>{t('cart.total')}</dt>
              <dd>{money(summary.total)}</dd>
            </div>
          </dl>
          <Link to="/order" className={styles.primary}>
            {t('cart.checkout')}
          </Link>
          <Link to="/products" className={styles.secondary}>
            {t('cart.continue')}
          </Link>
          <button
            type="button"
            className={styles.danger}
            aria-disabled={locked}
            onClick={() => {
              if (!locked) setConfirmClear(true);
            }}
          >
            {t('cart.clear')}
          </button>
        </aside>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('cart.title')}</h1>
      <CartNotice
        text={cart.cartNotice}
        onDismiss={cart.dismissNotice}
        classes={{ notice: styles.notice, button: styles.secondary }}
      />
      {body}
      <ConfirmDialog
        open={confirmClear}
        title={t('cart.confirmTitle')}
        confirmLabel={t('cart.confirmYes')}
        cancelLabel={t('cart.confirmNo')}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          void clear();
        }}
      >
        <p>{t('cart.confirmText', { count: pieces })}</p>
      </ConfirmDialog>
    </div>
  );
}
