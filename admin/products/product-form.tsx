import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  number,
  required,
  useTranslate,
} from 'react-admin';
import { GalleryInput, SinglePictureInput } from '../pictures/pictures-input';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%', minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const wide = { width: '100%', maxWidth: 720 };

/** The price after discount, when given, is below the price (the storefront shows both). */
function belowPrice(value: unknown, values: { price?: unknown }) {
  if (value === null || value === undefined || value === '') return undefined;
  const price = Number(values.price);
  return Number.isFinite(price) && Number(value) >= price ? 'ra.validation.maxValue' : undefined;
}

/** The product's fields, the same for create and edit: English and Arabic side by side, then price, stock and kind. */
export function ProductForm({ toolbar, aside }: { toolbar?: React.ReactElement | false; aside?: ReactNode }) {
  return (
    <SimpleForm toolbar={toolbar} sx={{ maxWidth: 960 }}>
      <Section title="freshcart.product.english">
        <TextInput source="title" validate={[required(), maxLength(200)]} sx={wide} />
        <TextInput
          source="description"
          multiline
          minRows={3}
          validate={[required(), maxLength(5000)]}
          sx={wide}
        />
      </Section>
      <Section title="freshcart.product.arabic">
        <TextInput
          source="titleAr"
          validate={[maxLength(200)]}
          sx={wide}
          slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
        />
        <TextInput
          source="descriptionAr"
          multiline
          minRows={3}
          validate={[maxLength(5000)]}
          sx={wide}
          slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
        />
      </Section>
      <Section title="freshcart.product.pricing">
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <NumberInput source="price" step={1} validate={[required(), number(), minValue(0)]} />
          <NumberInput
            source="priceAfterDiscount"
            step={1}
            validate={[number(), minValue(0), (value, values) => belowPrice(value, values)]}
          />
          <NumberInput source="quantity" step={1} validate={[required(), number(), minValue(0)]} />
        </Box>
      </Section>
      <Section title="freshcart.product.classification">
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <ReferenceInput source="category" reference="categories" perPage={100}>
            <SelectInput optionText="name" validate={required()} />
          </ReferenceInput>
          <ReferenceInput source="brand" reference="brands" perPage={100}>
            <SelectInput optionText="name" validate={required()} />
          </ReferenceInput>
        </Box>
      </Section>
      <Section title="freshcart.product.picture">
        <SinglePictureInput source="imageCover" label="freshcart.picture.cover" />
        <GalleryInput />
      </Section>
      {aside}
    </SimpleForm>
  );
}
