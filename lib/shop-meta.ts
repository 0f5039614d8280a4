// What the shop says about itself in link previews, search results and the installed app (issue 29, item 2): the
// link-preview tags of the storefront's page (written by our server in the page's language, server/web/shell-meta.ts,
// or by the build for a CDN, app/layout.tsx) and the web manifest (public/manifest.webmanifest).
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
 * The storefront's own address for a build a CDN serves (`NEXT_PUBLIC_SITE_URL`, `https://shop.example`): the build
 * then writes the link-preview tags itself, in English. Empty (the default): the build writes none, and our server
 * writes them into the page it sends, on PUBLIC_URL (a preview bot resolves no relative address).
 */
export const siteUrl = (process.env.NEXT_PUBLIC_SITE_URL ?? '').replace(/\/+$/, '');

type Lang = 'en' | 'ar';

/** The link-preview tags (canonical and hreflang links, Open Graph, Twitter) of the shop's page, as name → value. */
export function previewTags(site: string, lang: Lang) {
  const home = `${site}${basePath}/`;
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const url = lang === 'ar' ? `${home}?lang=ar` : home;
  const card = `${site}${lang === 'ar' ? shopMeta.card.path.replace(/\.png$/, '-ar.png') : shopMeta.card.path}`;
  return {
    links: [
      { rel: 'canonical', href: url },
      { rel: 'alternate', hrefLang: 'en', href: `${home}?lang=en` },
      { rel: 'alternate', hrefLang: 'ar', href: `${home}?lang=ar` },
    ],
    meta: [
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', shopMeta.name],
      ['property', 'og:title', shopMeta.name],
      ['property', 'og:description', shopMeta.description[lang]],
      ['property', 'og:url', url],
      ['property', 'og:image', card],
      ['property', 'og:image:width', String(shopMeta.card.width)],
      ['property', 'og:image:height', String(shopMeta.card.height)],
      ['property', 'og:image:alt', shopMeta.card.alt[lang]],
      ['property', 'og:locale', shopMeta.locale[lang]],
      ['property', 'og:locale:alternate', shopMeta.locale[other]],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', shopMeta.name],
      ['name', 'twitter:description', shopMeta.description[lang]],
      ['name', 'twitter:image', card],
    ] as const,
  };
}
