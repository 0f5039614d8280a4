import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ProductRecord } from '../api/data-provider';

export const statusChoices = [
  { id: 'active', name: 'freshcart.product.status_active' },
  { id: 'archived', name: 'freshcart.product.status_archived' },
  { id: 'all', name: 'freshcart.product.status_all' },
];

export function StatusField() {
  const record = useRecordContext<ProductRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const archived = record.status === 'archived';
  return (
    <Chip
      size="small"
      variant={archived ? 'outlined' : 'filled'}
      color={archived ? 'default' : 'success'}
      label={translate(archived ? 'freshcart.product.status_archived' : 'freshcart.product.status_active')}
    />
  );
}
