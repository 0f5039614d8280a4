import { Link } from '@/lib/router/react';
import { cartSummary } from '@/lib/rules/cart-summary';
import { useCount } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
import { OrderSummary } from '@/components/ui/order-summary';
import styles from './cart-screen.module.scss';

/** The cart's order summary, beside its lines: the figures, then checkout, more shopping, or clearing it. */
export function CartSummaryPanel({
  totalCartPrice,
  lineCount,
  pieces,
  locked,
  onClear,
}: {
  totalCartPrice: number;
  /** The contract's numOfCartItems: how many lines. */
  lineCount: number;
  pieces: number;
  locked: boolean;
  onClear: () => void;
}) {
  const t = useT();
  const count = useCount();
  return (
    <aside className={styles.summary} aria-labelledby="summary-title">
      <h2 id="summary-title" className={styles.summaryTitle}>
        {t('cart.summary')}
      </h2>
      <OrderSummary
        figures={cartSummary(totalCartPrice)}
        classes={{ figures: styles.figures, total: styles.total, savings: styles.saving }}
        count={{
          label: t('cart.cartItems'),
          value: (
            <>
              {count(lineCount)}
              {pieces !== lineCount ? (
                <span className={styles.pieces}> {t('cart.pieces', { count: pieces })}</span>
              ) : null}
            </>
          ),
        }}
      />
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
          if (!locked) onClear();
        }}
      >
        {t('cart.clear')}
      </button>
    </aside>
  );
}
