// Light and dark themes from react-admin's defaults, with the system's own fonts (nothing is fetched from a font
// host) and the reading direction of the language.
import { createTheme, type Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';

export const systemFonts = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  'Tahoma',
  'Arial',
  'sans-serif',
].join(', ');

/** `loadingLabel` names the spinners (react-admin's app bar shows one while it reads) for screen readers. */
export function makeTheme(mode: 'light' | 'dark', direction: 'ltr' | 'rtl', loadingLabel: string): Theme {
  const base = mode === 'dark' ? defaultDarkTheme : defaultLightTheme;
  return createTheme({
    ...base,
    direction,
    typography: { ...base.typography, fontFamily: systemFonts },
    palette: {
      ...base.palette,
      // FreshCart's green, dark enough for 4.5:1 on white and light enough on the dark background.
      primary: { main: mode === 'dark' ? '#6fcf8f' : '#0a7a35' },
      secondary: { main: mode === 'dark' ? '#9fd3ff' : '#1d4f91' },
      // Archive (warning) and Delete (error) buttons as text on the page, the form's grey toolbar and the dark
      // background: MUI's defaults give 2.7–3.8:1 there; these give at least 4.5:1.
      warning: { main: mode === 'dark' ? '#ffb74d' : '#9a4a00' },
      error: { main: mode === 'dark' ? '#ffa4a2' : '#b71c1c' },
    },
    components: {
      ...base.components,
      // On a phone the app bar's title needs the room: the language button shows its icons only, and still says the
      // language to a screen reader (its words are there, at no size).
      RaLocalesMenuButton: {
        styleOverrides: {
          root: { '@media (max-width: 599.95px)': { '& .MuiButton-root': { fontSize: 0, minWidth: 0 } } },
        },
      },
      // react-admin names its row and page checkboxes with aria-label on MUI's Checkbox, which MUI 9 leaves on
      // the wrapping span: the label goes to the checkbox itself, and the span keeps none.
      MuiCheckbox: {
        ...base.components?.MuiCheckbox,
        defaultProps: {
          ...base.components?.MuiCheckbox?.defaultProps,
          slotProps: {
            root: { 'aria-label': undefined },
            input: (ownerState: { 'aria-label'?: string }) => ({ 'aria-label': ownerState['aria-label'] }),
          },
        },
      },
      MuiCircularProgress: {
        ...base.components?.MuiCircularProgress,
        defaultProps: { ...base.components?.MuiCircularProgress?.defaultProps, 'aria-label': loadingLabel },
      },
      // The list's toolbar buttons (Add filter, Create, Export) are small text buttons: at least 32 px high, so
      // each is a 24 px target however long its words (Arabic's are longer).
      MuiButton: {
        ...base.components?.MuiButton,
        styleOverrides: {
          ...base.components?.MuiButton?.styleOverrides,
          sizeSmall: { minHeight: 32 },
        },
      },
      // A list's bulk actions, folded away while nothing is ticked: hidden then, not only 0 px high, so their
      // buttons are out of the tab order and no longer crowd the header's sort buttons they sit over.
      RaBulkActionsToolbar: {
        ...base.components?.RaBulkActionsToolbar,
        styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } },
      },
      // Sort buttons in the list headers: at least 24 px high, as touch targets should be.
      MuiTableSortLabel: {
        ...base.components?.MuiTableSortLabel,
        styleOverrides: { root: { minHeight: 24, paddingBlock: 2 } },
      },
    },
  });
}
