import { useId } from 'react';
import { useCount } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/i18n';
import { asciiDigits } from '@/lib/rules/arabic';
import styles from './product-details-screen.module.scss';

/** The whole number a shopper typed (Arabic digits too), or null when there is none. */
export function typedCount(text: string): number | null {
  const digits = asciiDigits(text).replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}

/** `n` within 1..max (1 when max is below 1: the server says why such an add cannot be made). */
export function withinRange(n: number | null, max: number): number {
  return Math.max(1, Math.min(n ?? 1, max));
}

/**
 * How many to add: − and + around a field the shopper may type in, kept within 1..max (what the stock and the
 * per-product cap leave beside what the cart already holds). The typed text is kept as typed until the field is
 * left; the add takes the number within range.
 */
export function QuantityPicker({
  text,
  max,
  disabled,
  onText,
}: {
  text: string;
  max: number;
  disabled: boolean;
  onText: (text: string) => void;
}) {
  const t = useT();
  const count = useCount();
  const noteId = useId();
  const typed = typedCount(text);
  const value = withinRange(typed, max);
  // The note shows once the shopper reaches (or types past) the most that can be added.
  const atMost = max >= 1 && (typed ?? 1) >= max;
  const set = (n: number) => onText(count(withinRange(n, max)));
  return (
    <div className={styles.quantityPicker}>
      <label className={styles.quantityLabel} htmlFor={`${noteId}-field`}>
        {t('details.quantity')}
      </label>
      <div className={styles.quantityControls}>
        <button
          type="button"
          className={styles.quantityStep}
          aria-label={t('details.fewer')}
          aria-disabled={disabled || value <= 1}
          onClick={() => {
            if (!disabled && value > 1) set(value - 1);
          }}
        >
          -
        </button>
        <input
          id={`${noteId}-field`}
          className={styles.quantityField}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          dir="auto"
          value={text}
          disabled={disabled}
          aria-describedby={atMost ? noteId : undefined}
          onChange={(e) => onText(e.target.value)}
          onBlur={() => set(value)}
        />
        <button
          type="button"
          className={styles.quantityStep}
          aria-label={t('details.more')}
          aria-disabled={disabled || value >= max}
          onClick={() => {
            if (!disabled && value < max) set(value + 1);
          }}
        >
          +
        </button>
      </div>
      {atMost ? (
        <p id={noteId} className={styles.quantityNote}>
          {t('details.upTo', { count: max })}
        </p>
      ) : null}
    </div>
  );
}
