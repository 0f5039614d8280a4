import { Edit, SaveButton, Toolbar, useRecordContext } from 'react-admin';
import type { ProductRecord } from '../api/data-provider';
import { ArchiveButton, ProductEditActions } from './product-actions';
import { ProductForm } from './product-form';
import { StockHistory } from './stock-history';

function ProductTitle() {
  const record = useRecordContext<ProductRecord>();
  return record ? <span>{record.title}</span> : null;
}

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <ArchiveButton />
    </Toolbar>
  );
}

export function ProductEdit() {
  return (
    <Edit title={<ProductTitle />} actions={<ProductEditActions />} mutationMode="pessimistic">
      <ProductForm toolbar={<EditToolbar />} aside={<StockHistory />} />
    </Edit>
  );
}
