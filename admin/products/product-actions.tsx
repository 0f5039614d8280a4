import ArchiveIcon from '@mui/icons-material/Inventory2Outlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  DeleteWithConfirmButton,
  ListButton,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { FreshCartDataProvider, ProductRecord } from '../api/data-provider';

/** POST /products/{id}/duplicate, then the copy's edit screen. */
export function DuplicateButton() {
  const record = useRecordContext<ProductRecord>();
  const dataProvider = useDataProvider<FreshCartDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const { mutate, isPending } = useMutation({
    mutationFn: (id: string) => dataProvider.duplicate('products', { id }),
    onSuccess: ({ data }) => {
      notify('freshcart.product.duplicated', { type: 'info' });
      redirect('edit', 'products', data.id);
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!record) return null;
  return (
    <Button label="freshcart.product.duplicate" onClick={() => mutate(record.id)} disabled={isPending}>
      <ContentCopyIcon />
    </Button>
  );
}

/** DELETE /products/{id} archives: the product leaves the storefront and stays in old orders. Asks first. */
export function ArchiveButton() {
  const record = useRecordContext<ProductRecord>();
  const translate = useTranslate();
  if (!record || record.status === 'archived') return null;
  return (
    <DeleteWithConfirmButton
      label="freshcart.product.archive"
      icon={<ArchiveIcon />}
      confirmTitle={translate('freshcart.product.archive_title', { title: record.title })}
      confirmContent="freshcart.product.archive_content"
      confirmColor="warning"
      mutationMode="pessimistic"
      successMessage="freshcart.product.archived"
      redirect="list"
    />
  );
}

export function ProductEditActions() {
  return (
    <TopToolbar>
      <ListButton />
      <DuplicateButton />
    </TopToolbar>
  );
}
