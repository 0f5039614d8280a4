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

export function makeTheme(mode: 'light' | 'dark', direction: 'ltr' | 'rtl'): Theme {
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
    },
  });
}
