// Next does not prefix the base path onto plain <img> or <link> URLs of a static export, so every public asset
// goes through this helper.
import { basePath } from '@/lib/base-path';

/** asset('/logo.svg') → '/ecommerceweb/logo.svg' */
export function asset(path: string): string {
  return `${basePath}${path.startsWith('/') ? path : `/${path}`}`;
}
