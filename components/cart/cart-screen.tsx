'use client';
import { useState } from 'react';
import { Link } from '@/lib/router/react';
import { pieceCount } from '@/lib/rules/cart-summary';
import { useT } from '@/lib/i18n/i18n';
import { useCart } from '@/lib/session/cart-store';
import { CartGate } from '@/components/ui/cart-gate';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useEarlyPaintHandoff } from '@/lib/early-paint/handoff';
import { CartLines } from './cart-lines';
import { CartSummaryPanel } from './cart-summary-panel';
import { CheckoutBar } from './checkout-bar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCartActions } from './use-cart-actions';
import styles from './cart-screen.module.scss';
import '@/lib/i18n/compiled/en-cart';

/** 'Shopping Cart': the lines, their counts, favourites, and the order summary. */
export function CartScreen() {
  const t = useT();
  useDocumentTitle(t('cart.docTitle'));
  const cart = useCart();
  const actions = useCartActions(cart);
  const [confirmClear, setConfirmClear] = useState(false);
  const locked = cart.isLoadingCartOperation;
  const pieces = pieceCount(cart.products);
  // The lines drawn before this code arrived (lib/early-paint/script.ts) go as this screen shows the cart, its
  // emptiness or why it could not be read.
  useEarlyPaintHandoff(cart.cartLoaded || cart.cartLoadFailed);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('cart.title')}</h1>
      <CartGate cart={cart} classes={styles} empty={<EmptyCart />}>
        <div className={styles.layout}>
          <CartLines lines={cart.products} actions={actions} locked={locked} />
          <CartSummaryPanel
            totalCartPrice={cart.totalCartPrice}
            lineCount={cart.numOfCartItems}
            pieces={pieces}
            locked={locked}
            onClear={() => setConfirmClear(true)}
          />
        </div>
        <CheckoutBar totalCartPrice={cart.totalCartPrice} />
      </CartGate>
      <ConfirmDialog
        open={confirmClear}
        title={t('cart.confirmTitle')}
        confirmLabel={t('cart.confirmYes')}
        cancelLabel={t('cart.confirmNo')}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          void actions.clear();
        }}
      >
        <p>{t('cart.confirmText', { count: cart.numOfCartItems })}</p>
      </ConfirmDialog>
    </div>
  );
}

function EmptyCart() {
  const t = useT();
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>{t('cart.empty')}</p>
      <Link to="/products" className={styles.secondary}>
        {t('cart.continue')}
      </Link>
    </div>
  );
}
