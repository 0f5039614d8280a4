// Emotion caches: the Arabic one runs every style through stylis-plugin-rtl, which mirrors left and right, so MUI's
// components read right to left (MUI's documented way of doing right to left with emotion). No vendor prefixer:
// the browsers the shop supports need none for MUI's styles.
import createCache from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';

export const ltrCache = createCache({ key: 'mui' });
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
