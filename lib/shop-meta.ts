// What the shop says about itself in link previews, search results and the installed app (issue 29, item 2): the
// exported page's head (app/layout.tsx, in English), our server's answer for `/ecommerceweb/?lang=ar` (the same
// tags in Arabic: server/web/shell-meta.ts) and the web manifest (public/manifest.webmanifest).
import { basePath } from './base-path';

export const shopMeta = {
  name: 'FreshCart',
  description: {
    en: 'FreshCart: shop fashion, electronics and more, delivered to your door.',
    ar: 'فريش كارت: تسوّق الأزياء والإلكترونيات والمزيد، ويصلك حتى باب بيتك.',
  },
  /** og:locale of each language. */
  locale: { en: 'en_US', ar: 'ar_EG' },
  /** The link preview's picture (1200 × 630, drawn by scripts/draw-icons.mjs) and its text. */
  card: {
    path: `${basePath}/share-card.png`,
    width: 1200,
    height: 630,
    alt: { en: 'FreshCart: fashion, electronics and more', ar: 'فريش كارت: أزياء وإلكترونيات والمزيد' },
  },
} as const;

/**
 * The shop's own address, written into the exported page's head: `NEXT_PUBLIC_SITE_URL` at build (a storefront on a
 * CDN: `https://shop.example`), else empty, and the addresses stay relative to the host; our server makes them
 * absolute with PUBLIC_URL when it sends the page.
 */
export const siteUrl = (process.env.NEXT_PUBLIC_SITE_URL ?? '').replace(/\/+$/, '');
