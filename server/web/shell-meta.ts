// The storefront page's link-preview tags (canonical and hreflang links, Open Graph, Twitter: lib/shop-meta.ts), as
// our server sends the page: on PUBLIC_URL (a preview bot resolves no relative address) and, for
// `/ecommerceweb/?lang=ar`, in Arabic, so a link shared from the Arabic shop previews in Arabic (issue 29, item 2).
// The build writes none unless NEXT_PUBLIC_SITE_URL was set (a CDN's build: then they are left as built): tags React
// rendered and the server changed would be rendered again beside them when the page hydrates.
import type { Language } from '@/lib/contract/common';
import { previewTags } from '@/lib/shop-meta';
import { escapeMarkup } from './share';

/** The page with its preview tags for `lang` (null: none asked, English) written at the end of its head. */
export function withShellMeta(html: string, publicUrl: string, lang: Language | null): string {
  if (html.includes('property="og:type"')) return html;
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  const e = escapeMarkup;
  const tags = previewTags(publicUrl, lang ?? 'en');
  const block =
    tags.links
      .map(
        (l) =>
          `<link rel="${l.rel}"${'hrefLang' in l ? ` hreflang="${l.hrefLang}"` : ''} href="${e(l.href)}"/>`,
      )
      .join('') +
    tags.meta.map(([attr, key, content]) => `<meta ${attr}="${key}" content="${e(content)}"/>`).join('');
  return `${html.slice(0, end)}${block}${html.slice(end)}`;
}
