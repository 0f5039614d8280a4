// The exported page's link-preview tags (app/layout.tsx: Open Graph, Twitter, canonical and hreflang links), as our
// server sends them: the addresses made absolute on PUBLIC_URL (a preview bot resolves nothing), and for
// `/ecommerceweb/?lang=ar` the Arabic description, picture and locale, so a link shared from the Arabic shop previews
// in Arabic (issue 29, item 2).
import type { Language } from '@/lib/contract/common';
import { basePath } from '@/lib/base-path';
import { shopMeta } from '@/lib/shop-meta';
import { escapeMarkup } from './share';

const addressTag =
  /(<(?:meta (?:property|name)="(?:og:url|og:image|twitter:image)" content|link rel="(?:canonical|alternate)"[^>]*? href)=")\//g;

/** The page's head for `lang` (null: as built, English) with absolute addresses. */
export function withShellMeta(html: string, publicUrl: string, lang: Language | null): string {
  let page = html.replace(addressTag, (_m, start: string) => `${start}${publicUrl}/`);
  if (lang !== 'ar') return page;
  const home = `${publicUrl}${basePath}/`;
  const swap = (from: string, to: string) => {
    page = page.split(from).join(to);
  };
  swap(
    `content="${escapeMarkup(shopMeta.description.en)}"`,
    `content="${escapeMarkup(shopMeta.description.ar)}"`,
  );
  swap(`content="${escapeMarkup(shopMeta.card.alt.en)}"`, `content="${escapeMarkup(shopMeta.card.alt.ar)}"`);
  swap(`${shopMeta.card.path}"`, `${shopMeta.card.path.replace(/\.png$/, '-ar.png')}"`);
  swap(
    `<meta property="og:locale" content="${shopMeta.locale.en}"/><meta property="og:locale:alternate" content="${shopMeta.locale.ar}"/>`,
    `<meta property="og:locale" content="${shopMeta.locale.ar}"/><meta property="og:locale:alternate" content="${shopMeta.locale.en}"/>`,
  );
  swap(`<link rel="canonical" href="${home}"/>`, `<link rel="canonical" href="${home}?lang=ar"/>`);
  swap(`<meta property="og:url" content="${home}"/>`, `<meta property="og:url" content="${home}?lang=ar"/>`);
  return page;
}
