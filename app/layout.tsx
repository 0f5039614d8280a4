import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { basePath } from '@/lib/base-path';
import { themeInitScript } from '@/lib/session/theme';
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

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The pre-paint script adds the "dark" class before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
