// Packing slips (#/packing-slips?ids=…): the ticked orders, one per printed sheet, each in its order's language
// (the language the shopper placed it in) whatever the back office is shown in. A page of its own, without the
// back office's frame, so what prints is the slips alone; Print and Back show on screen only.
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, CircularProgress, Stack, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { intlLocales } from '@/lib/i18n/language';
import { formatEgp } from '@/lib/rules/money';
import { orderReference } from '@/lib/rules/order-reference';
import { ordersById, type OrderRecord } from '../api/orders';
import { catalogues, phrase } from '../i18n/i18n-provider';
import { maxBulkOrders } from './order-bulk-actions';

type Lang = 'en' | 'ar';

const languageOf = (order: OrderRecord): Lang => (order.language === 'ar' ? 'ar' : 'en');

/** The orders named, each with its products' names in its own language: one read per language at most. */
async function slipOrders(ids: string[]): Promise<OrderRecord[]> {
  const english = await ordersById(ids, 'en');
  const arabicIds = english.filter((o) => languageOf(o) === 'ar').map((o) => o.id);
  const arabic = new Map((await ordersById(arabicIds, 'ar')).map((o) => [o.id, o]));
  const byId = new Map(english.map((o) => [o.id, arabic.get(o.id) ?? o]));
  // In the order they were ticked.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function Slip({ order }: { order: OrderRecord }) {
  const lang = languageOf(order);
  const text = (key: string, values?: Record<string, string>) =>
    phrase(catalogues[lang], `freshcart.slip.${key}`, values);
  const date = new Intl.DateTimeFormat(intlLocales[lang], { dateStyle: 'long' }).format(
    new Date(order.createdAt),
  );
  const count = (n: number) => n.toLocaleString(intlLocales[lang]);
  const pieces = order.cartItems.reduce((sum, line) => sum + line.count, 0);
  // The reference is one left-to-right token in either language (isolated: FC-000123 never reorders).
  const title = text('order', { reference: `\u2066${orderReference(order.number)}\u2069` });
  const { details, city, phone } = order.shippingAddress;
  return (
    <article className="slip" lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} aria-label={title}>
      <header>
        <p className="shop">FreshCart · {text('heading')}</p>
        <h1>{title}</h1>
        <p>{text('placed', { date })}</p>
      </header>
      {order.status === 'cancelled' ? <p className="warning">{text('cancelled')}</p> : null}
      <section>
        <h2>{text('ship_to')}</h2>
        <p className="address">
          <bdi>{order.user.name}</bdi>
          <br />
          <bdi>{details}</bdi>
          <br />
          <bdi>{city}</bdi>
          <br />
          {text('phone')}: <bdi dir="ltr">{phone}</bdi>
        </p>
      </section>
      <section>
        <h2>{text('items')}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{text('item')}</th>
              <th scope="col">{text('count')}</th>
              <th scope="col">{text('packed')}</th>
            </tr>
          </thead>
          <tbody>
            {order.cartItems.map((line) => (
              <tr key={line._id}>
                <td>
                  <bdi>{line.product.title}</bdi>
                </td>
                <td className="count">{count(line.count)}</td>
                <td className="box" aria-hidden="true">
                  ☐
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{text('pieces')}</th>
              <td className="count">{count(pieces)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </section>
      <p className="payment">
        {order.isPaid ? text('paid') : text('collect', { amount: formatEgp(order.totalOrderPrice, lang) })}
      </p>
    </article>
  );
}

/** The sheets' look, on screen as paper and in print one order a page. */
const sheetStyles = {
  '@media screen': {
    // Paper on a desk: a grey page of the theme's scheme around white sheets.
    bgcolor: (theme: Theme) =>
      theme.palette.mode === 'dark' ? theme.palette.grey[900] : theme.palette.grey[200],
    minHeight: '100vh',
    py: 2,
    '& .slip': { bgcolor: 'common.white', boxShadow: 2, mx: 'auto', mb: 2, maxWidth: '210mm', p: '12mm' },
  },
  '@media print': {
    '& .no-print': { display: 'none' },
    '& .slip': { breakAfter: 'page', p: 0 },
    '& .slip:last-of-type': { breakAfter: 'auto' },
  },
  '& .slip': {
    color: '#000',
    fontFamily: 'system-ui, sans-serif',
    '& h1': { fontSize: '1.5rem', m: '0 0 4px' },
    '& h2': { fontSize: '1rem', m: '16px 0 4px', textTransform: 'uppercase', letterSpacing: '0.05em' },
    '& .shop': { m: 0, fontWeight: 700 },
    '& .address': { fontSize: '1.125rem', lineHeight: 1.5, m: 0 },
    '& .warning': { border: '2px solid #b00020', color: '#b00020', p: 1, fontWeight: 700 },
    '& table': { width: '100%', borderCollapse: 'collapse' },
    '& th, & td': { borderBottom: '1px solid #999', p: '6px 4px', textAlign: 'start' },
    '& .count, & .box': { textAlign: 'center', width: '5em', whiteSpace: 'nowrap' },
    '& .box': { fontSize: '1.25rem' },
    '& .payment': { mt: 2, fontSize: '1.125rem', fontWeight: 700 },
  },
} as const;

export function PackingSlips() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = [...new Set((params.get('ids') ?? '').split(',').filter(Boolean))].slice(0, maxBulkOrders);
  const key = ids.join(',');
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['packing-slips', key],
    queryFn: () => slipOrders(ids),
    enabled: ids.length > 0,
  });
  useEffect(() => {
    document.title = `${translate('freshcart.slip.heading')} · FreshCart`;
  }, [translate]);

  let body;
  if (ids.length === 0) body = <Alert severity="info">{translate('freshcart.slip.none')}</Alert>;
  else if (isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void refetch()}>
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {translate('freshcart.slip.failed')}
      </Alert>
    );
  else if (isPending || !data)
    body = (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} />
        <span>{translate('freshcart.slip.loading')}</span>
      </Stack>
    );
  else body = data.map((order) => <Slip key={order.id} order={order} />);

  return (
    <Box component="main" sx={sheetStyles}>
      <Stack
        direction="row"
        spacing={1}
        className="no-print"
        sx={{ maxWidth: '210mm', mx: 'auto', mb: 2, px: 1 }}
      >
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!data}>
          {translate('freshcart.slip.print')}
        </Button>
        <Button onClick={() => navigate('/orders')}>{translate('freshcart.slip.back')}</Button>
      </Stack>
      <Box className="no-print-wrap" sx={{ maxWidth: '210mm', mx: 'auto' }}>
        {body}
      </Box>
    </Box>
  );
}
