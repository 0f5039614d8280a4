import { useLocale, useTranslate } from 'react-admin';
import { intlLocales } from '@/lib/i18n/language';
import { formatEgp } from '@/lib/rules/money';
import { formatEgpOff } from '@/lib/rules/money-off';
import { orderReference } from '@/lib/rules/order-reference';
import type { OrderRecord } from '../api/orders';

/** Amounts, dates and words of an order in the back office's language (the storefront's formats). */
export function useOrderFormat() {
  const locale = useLocale();
  const translate = useTranslate();
  const lang = locale === 'ar' ? 'ar' : 'en';
  const dates = new Intl.DateTimeFormat(intlLocales[lang], { dateStyle: 'medium', timeStyle: 'short' });
  return {
    money: (pounds: number) => formatEgp(pounds, lang),
    /** Money taken off, with the storefront's one minus sign. */
    moneyOff: (pounds: number) => formatEgpOff(pounds, lang),
    date: (iso: string | undefined) => (iso ? dates.format(new Date(iso)) : ''),
    reference: (order: Pick<OrderRecord, 'number'>) => orderReference(order.number),
    /** "Cash · not paid", "Card · paid". */
    payment: (order: Pick<OrderRecord, 'paymentMethodType' | 'isPaid'>) =>
      `${translate(`freshcart.order.method_${order.paymentMethodType}`)} · ${translate(
        order.isPaid ? 'freshcart.order.paid' : 'freshcart.order.unpaid',
      )}`,
  };
}
