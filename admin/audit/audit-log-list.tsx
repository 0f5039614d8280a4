import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  SelectInput,
  SimpleList,
  TextInput,
  useLocale,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { intlLocales } from '@/lib/i18n/language';
import type { AuditRecord } from '../api/data-provider';

const entityChoices = [
  { id: 'product', name: 'resources.products.name' },
  { id: 'category', name: 'resources.categories.name' },
  { id: 'brand', name: 'resources.brands.name' },
  { id: 'picture', name: 'freshcart.audit.picture' },
  { id: 'import', name: 'freshcart.audit.import' },
  { id: 'home', name: 'freshcart.audit.home' },
  { id: 'order', name: 'freshcart.audit.order' },
];

const filters = [
  <SelectInput key="entity" source="entity" choices={entityChoices} translateChoice alwaysOn />,
  <TextInput key="entityId" source="entityId" alwaysOn />,
];

/** A record as it was, in a box that scrolls when long: reachable by keyboard, named for a screen reader. */
function Json({ value, label }: { value: unknown; label: string }) {
  const translate = useTranslate();
  if (value === null || value === undefined) return null;
  return (
    <Box
      component="pre"
      dir="ltr"
      tabIndex={0}
      role="region"
      aria-label={translate(label)}
      sx={{ m: 0, maxWidth: 320, maxHeight: 160, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}
    >
      {JSON.stringify(value, null, 1)}
    </Box>
  );
}

/** The audit log, read-only: who changed what, when, before and after. */
export function AuditLogList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(intlLocales[locale === 'ar' ? 'ar' : 'en'], {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const when = (record: RaRecord) => date.format(new Date((record as AuditRecord).at));
  return (
    <List filters={filters} perPage={25} sort={{ field: 'at', order: 'DESC' }} exporter={false}>
      {small ? (
        <SimpleList
          primaryText={(record) => `${(record as AuditRecord).action} ${(record as AuditRecord).entity}`}
          secondaryText={(record) => (record as AuditRecord).actorEmail}
          tertiaryText={when}
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="at" disableSort render={when} />
          <DataTable.Col source="actorEmail" disableSort />
          <DataTable.Col source="action" disableSort />
          <DataTable.Col source="entity" disableSort />
          <DataTable.Col source="entityId" disableSort />
          <DataTable.Col
            source="before"
            disableSort
            render={(r) => <Json value={(r as AuditRecord).before} label="freshcart.audit.before" />}
          />
          <DataTable.Col
            source="after"
            disableSort
            render={(r) => <Json value={(r as AuditRecord).after} label="freshcart.audit.after" />}
          />
        </DataTable>
      )}
    </List>
  );
}
