import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { basePath } from '@/lib/base-path';
import { bootScript } from '@/lib/session/boot-script';
import { shopMeta, siteUrl } from '@/lib/shop-meta';
import {
  homeBannerPicture,
  productCardPictureSizes,
  productPictureFallbackWidth,
  productPictureSizes,
} from '@/components/catalogue/lcp-pictures';
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

const home = `${siteUrl}${basePath}/`;
const card = `${siteUrl}${shopMeta.card.path}`;

/**
 * Link previews (Open Graph, Twitter) and the canonical address, written by hand rather than through `metadata`:
 * Next would make these addresses absolute with a made-up host at export. Relative here unless NEXT_PUBLIC_SITE_URL
 * was set at build; our server writes its PUBLIC_URL in when it sends the page (server/web/shell-meta.ts), and
 * swaps in the Arabic for `?lang=ar`.
 */
function PreviewTags() {
  return (
    <>
      <link rel="canonical" href={home} />
      <link rel="alternate" hrefLang="en" href={`${home}?lang=en`} />
      <link rel="alternate" hrefLang="ar" href={`${home}?lang=ar`} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={shopMeta.name} />
      <meta property="og:title" content={shopMeta.name} />
      <meta property="og:description" content={shopMeta.description.en} />
      <meta property="og:url" content={home} />
      <meta property="og:image" content={card} />
      <meta property="og:image:width" content={String(shopMeta.card.width)} />
      <meta property="og:image:height" content={String(shopMeta.card.height)} />
      <meta property="og:image:alt" content={shopMeta.card.alt.en} />
      <meta property="og:locale" content={shopMeta.locale.en} />
      <meta property="og:locale:alternate" content={shopMeta.locale.ar} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={shopMeta.name} />
      <meta name="twitter:description" content={shopMeta.description.en} />
      <meta name="twitter:image" content={card} />
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
  productPicture: {
    detailsSizes: productPictureSizes,
    cardSizes: productCardPictureSizes,
    fallbackWidth: productPictureFallbackWidth,
  },
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
