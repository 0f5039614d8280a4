import type { CartLine } from '@/lib/contract/cart';
import { useCount } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
import styles from './cart-screen.module.scss';

/** A line's count with its − and + (never below 1, nor above the stock the server last reported). */
export function LineQuantity({
  line,
  locked,
  onCount,
}: {
  line: CartLine;
  locked: boolean;
  onCount: (count: number) => void;
}) {
  const t = useT();
  const count = useCount();
  const stock = line.product.quantity;
  const atStock = line.count >= stock;
  const stockNoteId = `stock-${line._id}`;
  return (
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
            if (line.count > 1) onCount(line.count - 1);
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
            if (!atStock) onCount(line.count + 1);
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
  );
}
