import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { basePath } from '@/lib/base-path';
import { bootScript } from '@/lib/session/boot-script';
import {
  homeBannerPicture,
  productCardPictureSizes,
  productPictureFallbackWidth,
  productPictureSizes,
} from '@/components/catalogue/lcp-pictures';
import '@/styles/globals.scss';

// Next does not prefix basePath onto metadata icons of a static export: link them under it.
export const metadata: Metadata = {
  title: 'FreshCart',
  description: 'FreshCart: shop fashion, electronics and more, delivered to your door.',
  icons: { icon: [{ url: `${basePath}/favicon.svg`, type: 'image/svg+xml' }] },
};

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
      </head>
      <body>{children}</body>
    </html>
  );
}
