import { apiHost } from './config';

import { imageWidths } from '../contract/images';

// Our server resizes product images for `?w=` in that set (WebP). Other hosts get the URL unchanged.

function resizable(url: URL): boolean {
  if (typeof window === 'undefined') return false;
  const own = window.location.origin;
  let api = own;
  if (apiHost) {
    try {
      api = new URL(apiHost).origin;
    } catch {
      return false;
    }
  }
  return url.origin === api || url.origin === own;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
}

/** src and srcset for a product image; `fallbackWidth` is the src for browsers that ignore srcset. */
export function responsiveImage(url: string, fallbackWidth = 640): ResponsiveImage {
  let parsed: URL;
  try {
    parsed = new URL(url, typeof window === 'undefined' ? 'http://localhost' : window.location.href);
  } catch {
    return { src: url };
  }
  if (!resizable(parsed)) return { src: url };
  const at = (w: number) => {
    const u = new URL(parsed.href);
    u.searchParams.set('w', String(w));
    return u.href;
  };
  return { src: at(fallbackWidth), srcSet: imageWidths.map((w) => `${at(w)} ${w}w`).join(', ') };
}
