// Categories and brands have one shape (lib/contract/catalogue.ts: Brand = Category): one set of screens for both.
import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  Create,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  Edit,
  List,
  SaveButton,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { TaxonomyRecord } from '../api/data-provider';
import { SinglePictureInput } from '../pictures/pictures-input';
import { thumbnail } from '../pictures/upload';

/** The list's small picture: decorative (the name is in the next column), drawn at the server's smallest width. */
function TaxonomyPicture() {
  const record = useRecordContext<TaxonomyRecord>();
  if (!record?.image) return null;
  return (
    <Box
      component="img"
      src={thumbnail(record.image, 160)}
      alt=""
      loading="lazy"
      sx={{ width: 48, height: 48, objectFit: 'contain', display: 'block' }}
    />
  );
}

export function TaxonomyList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List perPage={25} sort={{ field: 'name', order: 'ASC' }}>
      {small ? (
        <SimpleList
          primaryText={(record) => (record as TaxonomyRecord).name}
          secondaryText={(record) => (record as TaxonomyRecord).slug}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="image" disableSort>
            <TaxonomyPicture />
          </DataTable.Col>
          <DataTable.Col source="name" disableSort />
          <DataTable.Col source="slug" disableSort />
          <DataTable.Col source="updatedAt" disableSort>
            <DateField source="updatedAt" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function TaxonomyFields() {
  return (
    <>
      <TextInput
        source="name"
        validate={[required(), maxLength(100)]}
        sx={{ width: '100%', maxWidth: 480 }}
      />
      <SinglePictureInput source="image" label="freshcart.picture.picture" />
    </>
  );
}

/** Delete asks first; the server refuses (409, its message shown) while a product uses it. */
function DeleteTaxonomyButton() {
  const record = useRecordContext<TaxonomyRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={translate('freshcart.taxonomy.delete_title', { name: record.name })}
      confirmContent="freshcart.taxonomy.delete_content"
      mutationMode="pessimistic"
      redirect="list"
    />
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
      <SaveButton />
      <DeleteTaxonomyButton />
    </Toolbar>
  );
}

function TaxonomyTitle() {
  const record = useRecordContext<TaxonomyRecord>();
  return record ? <span>{record.name}</span> : null;
}

export function TaxonomyEdit() {
  return (
    <Edit title={<TaxonomyTitle />} mutationMode="pessimistic">
      <SimpleForm toolbar={<EditToolbar />}>
        <TaxonomyFields />
      </SimpleForm>
    </Edit>
  );
}

export function TaxonomyCreate() {
  return (
    <Create redirect="list">
      <SimpleForm>
        <TaxonomyFields />
      </SimpleForm>
    </Create>
  );
}
