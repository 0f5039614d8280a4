import { earlyPaintSource } from './source';

// Written once at export as out/early-paint.js: the script the head script loads on product details, the
// product list and the cart.
export const dynamic = 'force-static';

export function GET(): Response {
  return new Response(earlyPaintSource, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
}
