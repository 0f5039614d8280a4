// What any host of the built storefront must do to serve it as our server does: the rules docs/deploy.md ("The
// storefront on a CDN") gives a CDN. Which paths belong to the API origin, where a path without '#' goes, and how
// long each file may be kept. Our server (storefront.ts) and the plain static host (bench/static-server.ts, the
// Lighthouse bench's and e2e/static-host.spec.ts's) apply these same functions.
import { basePath } from '../../lib/base-path';

/** Paths the API origin answers (our server): the API, pictures, the payment pages, share pages, the root files. */
export function goesToOrigin(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') ||
    pathname.startsWith('/images/') ||
    pathname.startsWith('/pay/') ||
    pathname.startsWith(`${basePath}/p/`) ||
    pathname === '/robots.txt' ||
    pathname === '/favicon.ico' ||
    pathname === '/sitemap.xml' ||
    /^\/sitemap-products-\d+\.xml$/.test(pathname)
  );
}

/**
 * Cache-Control of a file of the build, by its path inside out/: content-hashed files (`_next/static/`) kept a
 * year, the pages and Next's route data (.html, .txt) always revalidated so a deploy shows at once, anything else
 * (pictures, icons) an hour.
 */
export function cacheControlFor(relPath: string): string {
  if (relPath.startsWith('_next/static/')) return 'public, max-age=31536000, immutable';
  if (relPath.endsWith('.html') || relPath.endsWith('.txt')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * A shopper who types or follows a storefront address without the '#' (`/ecommerceweb/products`) means
 * the screen of that name: it is a hash route of the storefront (which shows its own not-found page for
 * a path it does not know). Files (a name with an extension) and the build's own folder stay plain 404s.
 */
export function screenFor(method: string, url: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const [pathname = '', query] = url.split('?', 2);
  if (!pathname.startsWith(`${basePath}/`)) return null;
  const rest = pathname.slice(basePath.length + 1);
  const last = rest.split('/').pop() ?? '';
  if (!rest || rest.startsWith('_next/') || last.includes('.')) return null;
  return `${basePath}/#/${rest}${query ? `?${query}` : ''}`;
}

/**
 * Where a GET or HEAD of a path that names no file of the build goes (302), or null for a 404: the root and the
 * bare base path to the storefront, the payment returns (`<url>/allorders`, `<url>/cart`) and any storefront
 * path without '#' to its hash route.
 */
export function redirectFor(method: string, url: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const pathname = url.split('?', 1)[0] ?? '';
  if (pathname === '/' || pathname === basePath) return `${basePath}/`;
  if (pathname === '/allorders') return `${basePath}/#/allorders`;
  if (pathname === '/cart') return `${basePath}/#/cart`;
  return screenFor(method, url);
}
