import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n/i18n';
import type { CartContextValue } from '@/lib/session/cart-store';
import { CartNotice } from './cart-notice';
import { RetryMessage } from './retry-message';
import { Spinner } from './spinner';
import '@/lib/i18n/compiled/en-cart';

/**
 * Class names from the screen's own stylesheet (a style shared by two routes would ship with every first
 * screen; the screen passes its module): the cart's notice, the box of a failed read, the spinner's place
 * (`center`), and the buttons.
 */
export interface CartGateClasses {
  notice?: string;
  failed?: string;
  center?: string;
  primary?: string;
  secondary?: string;
}

/**
 * What a screen built on the cart shows before its own content: the cart's notice, then a failed read (with
 * another try), the cart loading, or an empty cart (`empty`); the screen's content (`children`) once there
 * are lines.
 */
export function CartGate({
  cart,
  empty,
  classes,
  children,
}: {
  cart: CartContextValue;
  empty: ReactNode;
  classes: CartGateClasses;
  children: ReactNode;
}) {
  const t = useT();
  let body: ReactNode;
  if (!cart.cartLoaded && cart.cartLoadFailed) {
    // A failed read is not an empty cart: saying 'No Product In Your Cart' would be untrue.
    body = (
      <RetryMessage
        text={t('cart.loadFailed')}
        busy={cart.isLoadingCartOperation}
        onRetry={() => void cart.reloadCart()}
        classes={{ notice: classes.failed, button: classes.primary }}
      />
    );
  } else if (!cart.cartLoaded) {
    body = (
      <div className={classes.center}>
        <Spinner label={t('cart.loading')} />
      </div>
    );
  } else if (cart.cartId === null || cart.products.length === 0) {
    body = empty;
  } else {
    body = children;
  }
  return (
    <>
      <CartNotice
        text={cart.cartNotice}
        onDismiss={cart.dismissNotice}
        classes={{ notice: classes.notice, button: classes.secondary }}
      />
      {body}
    </>
  );
}
