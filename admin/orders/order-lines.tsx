import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderRecord } from '../api/orders';
import { thumbnail } from '../pictures/upload';
import { OrderSection } from './order-section';
import { useOrderFormat } from './use-order-format';

/** The order's lines: picture, title, count and amount; narrow enough for a 375 px screen (titles wrap). */
export function OrderLines({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const format = useOrderFormat();
  return (
    <OrderSection title="freshcart.order.lines">
      <Table size="small" sx={{ '& th, & td': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('freshcart.order.item')}</TableCell>
            <TableCell align="right">{translate('freshcart.order.count')}</TableCell>
            <TableCell align="right">{translate('freshcart.order.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.cartItems.map((line) => (
            <TableRow key={line._id}>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
                  <Box
                    component="img"
                    src={thumbnail(line.product.imageCover, 160)}
                    alt={line.product.title}
                    width={48}
                    height={48}
                    loading="lazy"
                    sx={{ objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {line.product.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate('freshcart.order.each', { price: format.money(line.price) })}
                    </Typography>
                  </Box>
                </Box>
              </TableCell>
              <TableCell align="right">{line.count}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {format.money(line.price * line.count)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </OrderSection>
  );
}

/** Subtotal (the lines), tax, shipping and discount when there are any, and the total the shopper pays. */
export function OrderTotals({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const format = useOrderFormat();
  const subtotal = order.cartItems.reduce((sum, line) => sum + line.price * line.count, 0);
  const rows: [string, string][] = [
    ['freshcart.order.subtotal', format.money(subtotal)],
    ['freshcart.order.tax', format.money(order.taxPrice)],
  ];
  if (order.shippingPrice > 0)
    rows.push(['freshcart.order.shipping_price', format.money(order.shippingPrice)]);
  if (order.discountPrice > 0) rows.push(['freshcart.order.discount', format.moneyOff(order.discountPrice)]);
  rows.push(['freshcart.order.total', format.money(order.totalOrderPrice)]);
  return (
    <OrderSection title="freshcart.order.totals">
      {/* Each term and its value in a div of their own: a definition list's groups, as HTML allows them. */}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([label, value], index) => (
          <Box
            key={label}
            sx={{ display: 'contents', fontWeight: index === rows.length - 1 ? 700 : undefined }}
          >
            <Typography component="dt" sx={{ fontWeight: 'inherit' }}>
              {translate(label)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'end', fontWeight: 'inherit' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </OrderSection>
  );
}
