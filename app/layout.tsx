import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { basePath } from '@/lib/base-path';
import { bootScript } from '@/lib/session/boot-script';
import { earlyPaintUrl } from './early-paint.js/source';
import { previewTags, shopMeta, siteUrl } from '@/lib/shop-meta';
import { homeBannerPicture } from '@/components/catalogue/lcp-pictures';
import '@/styles/globals.scss';

// Next does not prefix basePath onto metadata icons of a static export: link them under it.
export const metadata: Metadata = {
  title: shopMeta.name,
  description: shopMeta.description.en,
  manifest: `${basePath}/manifest.webmanifest`,
  icons: {
    icon: [
      { url: `${basePath}/favicon.ico`, sizes: '48x48' },
      { url: `${basePath}/favicon.svg`, type: 'image/svg+xml' },
    ],
    apple: [{ url: `${basePath}/icons/apple-touch-icon.png`, sizes: '180x180' }],
  },
};

/**
 * Link previews (Open Graph, Twitter) and the canonical address, in English, when the build knows the storefront's
 * address (NEXT_PUBLIC_SITE_URL: a CDN serves it). Otherwise none here: our server writes them into the page it sends,
 * on PUBLIC_URL and in the language asked for (server/web/shell-meta.ts). Not through `metadata`, which would make
 * the addresses absolute on a made-up host; and React must not render tags the server changes, or hydration adds its
 * own copies beside them.
 */
function PreviewTags() {
  if (!siteUrl) return null;
  const tags = previewTags(siteUrl, 'en');
  return (
    <>
      {tags.links.map((l) => (
        <link key={`${l.rel}${l.hrefLang ?? ''}`} {...l} />
      ))}
      {tags.meta.map(([attr, key, content]) => (
        <meta key={key} {...{ [attr]: key }} content={content} />
      ))}
    </>
  );
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#111513' },
  ],
};

// Theme, session class, guards, the first screen's reads and largest picture: before the first paint.
const headScript = bootScript({
  homePicture: `${basePath}${homeBannerPicture}`,
  earlyPaint: earlyPaintUrl,
});

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The head script sets classes and a marker on <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: headScript }} />
        <PreviewTags />
      </head>
      <body>{children}</body>
    </html>
  );
}
