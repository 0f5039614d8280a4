import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocale, useRecordContext, useTranslate } from 'react-admin';
import { intlLocales } from '@/lib/i18n/language';
import type { FreshCartDataProvider, ProductRecord, StockChange } from '../api/data-provider';

function actorOf(change: StockChange): string {
  return typeof change.actor === 'string' ? change.actor : (change.actor?.email ?? change.actor?.id ?? '');
}

/** GET /products/{id}/stock-history: who changed the stock, when, from what to what, and why. */
export function StockHistory() {
  const record = useRecordContext<ProductRecord>();
  const dataProvider = useDataProvider<FreshCartDataProvider>();
  const translate = useTranslate();
  const locale = useLocale();
  const { data, isError, isPending } = useQuery({
    queryKey: ['products', 'stockHistory', record?.id],
    queryFn: () => dataProvider.stockHistory('products', { id: record!.id }),
    enabled: Boolean(record?.id),
    retry: false,
  });
  if (!record) return null;
  const date = new Intl.DateTimeFormat(intlLocales[locale === 'ar' ? 'ar' : 'en'], {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const rows = data?.data ?? [];
  return (
    <Box component="section" aria-labelledby="stock-history-heading" sx={{ width: '100%', mt: 2 }}>
      <Typography id="stock-history-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('freshcart.product.stock_history')}
      </Typography>
      {isPending ? null : isError ? (
        <Typography color="text.secondary">
          {translate('freshcart.product.stock_history_unavailable')}
        </Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{translate('freshcart.product.stock_history_empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.audit-log.fields.at')}</TableCell>
                <TableCell>{translate('resources.audit-log.fields.actorEmail')}</TableCell>
                <TableCell>{translate('freshcart.product.stock')}</TableCell>
                <TableCell>{translate('resources.audit-log.fields.action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((change, index) => (
                <TableRow key={`${change.at}-${index}`}>
                  <TableCell>{date.format(new Date(change.at))}</TableCell>
                  <TableCell>{actorOf(change)}</TableCell>
                  <TableCell>
                    {translate('freshcart.product.change', { before: change.before, after: change.after })}
                  </TableCell>
                  <TableCell>{change.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
