import DownloadIcon from '@mui/icons-material/Download';
import { useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocale,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { saveExport } from '../api/imports';
import { formatEgp } from '@/lib/rules/money';
import type { ProductRecord } from '../api/data-provider';
import { ProductBulkActions } from './bulk-actions';
import { StatusField, statusChoices } from './status';

/** Every product (any status) as our CSV, which imports back unchanged (docs/api.md "Import and export"). */
function ExportCsvButton() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await saveExport();
    } catch {
      notify('freshcart.import.export_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="freshcart.import.export" onClick={() => void exportCsv()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}

const stockChoices = [
  { id: 'out', name: 'freshcart.product.stock_out' },
  { id: 'low', name: 'freshcart.product.stock_low' },
  { id: 'in', name: 'freshcart.product.stock_in' },
];

function useFilters() {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText="" />,
    <ReferenceInput key="category" source="category" reference="categories" perPage={100}>
      <SelectInput optionText="name" />
    </ReferenceInput>,
    <ReferenceInput key="brand" source="brand" reference="brands" perPage={100}>
      <SelectInput optionText="name" />
    </ReferenceInput>,
    <SelectInput key="stock" source="stock" choices={stockChoices} emptyText="" />,
    <NumberInput key="price_gte" source="price_gte" min={0} />,
    <NumberInput key="price_lte" source="price_lte" min={0} />,
  ];
}

export function ProductList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const locale = useLocale();
  const translate = useTranslate();
  const lang = locale === 'ar' ? 'ar' : 'en';
  const money = (record: RaRecord) => formatEgp((record as ProductRecord).price, lang);
  return (
    <List
      filters={useFilters()}
      filterDefaultValues={{ status: 'active' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<ListActions />}
    >
      {small ? (
        <SimpleList
          primaryText={(record) => (record as ProductRecord).title}
          secondaryText={(record) =>
            `${money(record)} · ${translate('freshcart.product.stock')}: ${(record as ProductRecord).quantity}`
          }
          tertiaryText={(record) => (record as ProductRecord).categoryName}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={<ProductBulkActions />}>
          <DataTable.Col source="title" />
          <DataTable.Col source="categoryName" disableSort />
          <DataTable.Col source="brandName" disableSort />
          <DataTable.Col source="price" render={money} />
          <DataTable.NumberCol source="quantity" />
          <DataTable.Col source="status" disableSort>
            <StatusField />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
