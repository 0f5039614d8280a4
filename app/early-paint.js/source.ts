import { createHash } from 'node:crypto';
import { apiHost } from '@/lib/api/config';
import { basePath } from '@/lib/base-path';
import { en } from '@/lib/i18n/en';
import { ar } from '@/lib/i18n/ar';
import {
  productCardPictureSizes,
  productPictureFallbackWidth,
  productPictureSizes,
} from '@/components/catalogue/lcp-pictures';
import { starPath } from '@/components/ui/catalogue-icons';
import { heartPath } from '@/components/cart/heart-path';
import { earlyPaintScript, earlyPaintScriptPath } from '@/lib/early-paint/script';

// Read at export only (route.ts here writes the file, app/layout.tsx puts its address in the head script).

/** The early paint's script as the build writes it. */
export const earlyPaintSource = earlyPaintScript({
  apiHost,
  detailsSizes: productPictureSizes,
  cardSizes: productCardPictureSizes,
  fallbackWidth: productPictureFallbackWidth,
  starPath,
  heartPath,
  words: {
    home: { en: en['nav.home'], ar: ar['nav.home'] },
    products: { en: en['products.title'], ar: ar['products.title'] },
    filters: { en: en['products.filters'], ar: ar['products.filters'] },
    search: { en: en['products.search'], ar: ar['products.search'] },
    sortBy: { en: en['products.sortBy'], ar: ar['products.sortBy'] },
    addToCart: { en: en['card.addToCart'], ar: ar['card.addToCart'] },
    cart: { en: en['cart.title'], ar: ar['cart.title'] },
    addFavorite: { en: en['cart.addFavorite'], ar: ar['cart.addFavorite'] },
    remove: { en: en['cart.remove'], ar: ar['cart.remove'] },
  },
});

/**
 * Its address, with its content's hash: the file's name carries no hash and caches keep it for an hour, so a page
 * from a new deployment never runs a script from the one before (whose names and marks the screens may no longer use).
 */
export const earlyPaintUrl = `${basePath}${earlyPaintScriptPath}?v=${createHash('sha256')
  .update(earlyPaintSource)
  .digest('hex')
  .slice(0, 10)}`;
