import type { CartLine } from '@/lib/contract/cart';
import { useCount, useMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
import { heartPath } from './heart-path';
import { LineQuantity } from './line-quantity';
import type { CartActions } from './use-cart-actions';
import styles from './cart-screen.module.scss';

/** The cart's lines, each with its picture, price, favourite, removal and count. */
export function CartLines({
  lines,
  actions,
  locked,
}: {
  lines: readonly CartLine[];
  actions: CartActions;
  locked: boolean;
}) {
  const t = useT();
  return (
    <ul className={styles.lines} aria-label={t('cart.items')}>
      {lines.map((line) => (
        <LineItem key={line._id} line={line} actions={actions} locked={locked} />
      ))}
    </ul>
  );
}

function LineItem({ line, actions, locked }: { line: CartLine; actions: CartActions; locked: boolean }) {
  const t = useT();
  const money = useMoney();
  const count = useCount();
  const reason = actions.reasons[line.product._id];
  return (
    <li className={styles.line}>
      <img
        className={styles.image}
        src={line.product.imageCover}
        alt={line.product.title}
        width={96}
        height={128}
        loading="lazy"
      />
      <div className={styles.info}>
        <h2 className={styles.name} dir="auto">
          {line.product.title}
        </h2>
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
            aria-pressed={actions.isFavorite(line)}
            aria-disabled={actions.favoriteLocked}
            onClick={() => actions.favorite(line)}
          >
            <HeartIcon />
            {t('cart.addFavorite')}
          </button>
          <button
            type="button"
            className={styles.remove}
            aria-disabled={locked}
            onClick={() => void actions.remove(line)}
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
      <LineQuantity line={line} locked={locked} onCount={(n) => void actions.changeCount(line, n)} />
    </li>
  );
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={heartPath} />
    </svg>
  );
}
