import type { ReactNode } from 'react';
import type { CartSummary } from '@/lib/rules/cart-summary';
import { useMoney, useMoneyOff } from '@/lib/i18n/format';
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
 * An order's figures as the cart showed them: original, savings, tax and total (the total left out where the
 * screen shows it elsewhere), with a row of the screen's own first (the pieces) or before the total.
 */
export function OrderSummary({
  figures,
  classes,
  first,
  beforeTotal,
  withTotal = true,
}: {
  figures: CartSummary;
  classes: SummaryClasses;
  first?: SummaryRow;
  beforeTotal?: SummaryRow;
  withTotal?: boolean;
}) {
  const t = useT();
  const money = useMoney();
  const moneyOff = useMoneyOff();
  return (
    <dl className={classes.figures}>
      {first ? <Row {...first} /> : null}
      <Row label={t('cart.original')} value={money(figures.original)} />
      <Row label={t('cart.savings')} value={moneyOff(figures.savings)} valueClass={classes.savings} />
      <Row label={t('cart.tax')} value={money(figures.tax)} />
      {beforeTotal ? <Row {...beforeTotal} /> : null}
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
