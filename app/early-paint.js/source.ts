import { createHash } from 'node:crypto';
import { apiHost } from '@/lib/api/config';
import { basePath } from '@/lib/base-path';
import { en } from '@/lib/i18n/en';
import { ar } from '@/lib/i18n/ar';
import { productPictureFallbackWidth, productPictureSizes } from '@/components/catalogue/lcp-pictures';
import { earlyPaintScript, earlyPaintScriptPath } from '@/lib/early-paint/script';

// Read at export only (route.ts here writes the file, app/layout.tsx puts its address in the head script).

/** The early paint's script as the build writes it. */
export const earlyPaintSource = earlyPaintScript({
  apiHost,
  detailsSizes: productPictureSizes,
  fallbackWidth: productPictureFallbackWidth,
  home: { en: en['nav.home'], ar: ar['nav.home'] },
});

/**
 * Its address, with its content's hash: the file's name carries no hash and caches keep it for an hour, so a page
 * from a new deployment never runs a script from the one before (whose names and marks the screens may no longer use).
 */
export const earlyPaintUrl = `${basePath}${earlyPaintScriptPath}?v=${createHash('sha256')
  .update(earlyPaintSource)
  .digest('hex')
  .slice(0, 10)}`;
