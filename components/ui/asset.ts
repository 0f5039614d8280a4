// next.config.mjs sets basePath '/ecommerceweb'; Next does not prefix it onto plain <img> or <link> URLs
// of a static export, so every public asset goes through this helper.
export const basePath = '/ecommerceweb';

/** asset('/logo.svg') → '/ecommerceweb/logo.svg' */
export function asset(path: string): string {
  return `${basePath}${path.startsWith('/') ? path : `/${path}`}`;
}
