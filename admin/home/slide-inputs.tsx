// One banner slide's fields, inside the slides' iterator (react-admin prefixes each source with `slides.<i>.`):
// its picture (an upload, or one of the banners that ship with the storefront), its words in English and Arabic,
// its link and its schedule.
import { Box, Button, Typography } from '@mui/material';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateTimeInput, TextInput, maxLength, required, useSourceContext, useTranslate } from 'react-admin';
import { SinglePictureInput } from '../pictures/pictures-input';
import { thumbnail } from '../pictures/upload';
import { builtInPictures, limits, shopLink, untilAfterFrom } from './home-values';

const wide = { width: '100%', maxWidth: 520 };
const arabic = { htmlInput: { dir: 'rtl', lang: 'ar' } };
const nameOf = (src: string) => src.replace(/^\/banners\/|\.svg$/g, '').replace('-', '_');

/** The built-in banners as pressed-or-not buttons, each a thumbnail named for a screen reader. */
function BuiltInPictures() {
  const translate = useTranslate();
  const labelId = useId();
  const source = useSourceContext().getSource('picture');
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as string | undefined;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate('freshcart.home.builtin')}
      </Typography>
      {/* Buttons pressed or not, not MUI's ToggleButton: esbuild would put that in the first load (its files are
          reached through @mui/material's index, which the first load holds), for this screen alone. */}
      <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {builtInPictures.map((src) => (
          <Button
            key={src}
            variant={value === src ? 'contained' : 'outlined'}
            aria-pressed={value === src}
            onClick={() => setValue(source, src, { shouldDirty: true, shouldValidate: true })}
            sx={{ p: 0.5, minWidth: 0 }}
          >
            <Box
              component="img"
              src={thumbnail(src)}
              alt={translate(`freshcart.home.builtin_${nameOf(src)}`)}
              sx={{ width: 96, height: 40, objectFit: 'cover', display: 'block' }}
            />
          </Button>
        ))}
      </Box>
    </Box>
  );
}

/** One text of the slide in both languages, the Arabic one laid out right to left. */
function BothLanguages({ field, max, multiline }: { field: string; max: number; multiline?: boolean }) {
  const validate = [required(), maxLength(max)];
  const common = { validate, multiline, sx: wide, helperText: false as const };
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <TextInput source={`${field}.en`} label={`freshcart.home.${field}_en`} {...common} />
      </Box>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <TextInput
          source={`${field}.ar`}
          label={`freshcart.home.${field}_ar`}
          slotProps={arabic}
          {...common}
        />
      </Box>
    </Box>
  );
}

export function SlideInputs() {
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <SinglePictureInput source="picture" label="freshcart.home.picture" />
      <BuiltInPictures />
      <BothLanguages field="title" max={limits.titleMax} />
      <BothLanguages field="text" max={limits.textMax} multiline />
      <BothLanguages field="linkLabel" max={limits.linkLabelMax} />
      <TextInput
        source="link"
        label="freshcart.home.link"
        helperText="freshcart.home.link_hint"
        validate={[required(), maxLength(limits.linkMax), shopLink]}
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
        sx={wide}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DateTimeInput source="from" label="freshcart.home.from" helperText="freshcart.home.from_hint" />
        <DateTimeInput
          source="until"
          label="freshcart.home.until"
          helperText="freshcart.home.until_hint"
          validate={untilAfterFrom}
        />
      </Box>
    </Box>
  );
}
