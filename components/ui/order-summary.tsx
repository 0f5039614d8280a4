import type { ReactNode } from 'react';
import type { CartSummary } from '@/lib/rules/cart-summary';
import { useMoney } from '@/lib/i18n/format';
import { useMoneyOff } from '@/lib/i18n/order-formats';
import { useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/compiled/en-cart';

/** A row the screen adds to the figures: its label and what it says. */
export interface SummaryRow {
  label: string;
  value: ReactNode;
}

/**
 * Class names from the screen's own stylesheet (a style shared by two routes would ship with every first
 * screen): `figures` is the list, `total` the total's row, `savings` the savings figure.
 */
export interface SummaryClasses {
  figures?: string;
  total?: string;
  savings?: string;
}

/**
 * An order's figures in the spec's order (section 2, Cart), the same on every screen and on the payment page:
 * original, savings, tax, the count (the screen's own row: the cart's items, an order's pieces) and total (left out
 * where the screen shows it elsewhere).
 */
export function OrderSummary({
  figures,
  classes,
  count,
  withTotal = true,
}: {
  figures: CartSummary;
  classes: SummaryClasses;
  count?: SummaryRow;
  withTotal?: boolean;
}) {
  const t = useT();
  const money = useMoney();
  const moneyOff = useMoneyOff();
  return (
    <dl className={classes.figures}>
      <Row label={t('cart.original')} value={money(figures.original)} />
      <Row label={t('cart.savings')} value={moneyOff(figures.savings)} valueClass={classes.savings} />
      <Row label={t('cart.tax')} value={money(figures.tax)} />
      {count ? <Row {...count} /> : null}
      {withTotal ? (
        <Row label={t('cart.total')} value={money(figures.total)} rowClass={classes.total} />
      ) : null}
    </dl>
  );
}

function Row({
  label,
  value,
  rowClass,
  valueClass,
}: SummaryRow & { rowClass?: string; valueClass?: string }) {
  return (
    <div className={rowClass}>
      <dt>{label}</dt>
      <dd className={valueClass}>{value}</dd>
    </div>
  );
}
