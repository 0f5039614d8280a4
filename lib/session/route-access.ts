// Spec section 2: which routes need the session token ('tkn') and which are for guests only. One list for the
// route table (components/app/route-table.tsx, the guards React applies) and for the page's head script
// (lib/session/boot-script.ts, the same guards applied before the first paint).

/** Protected: without a token the shopper is sent to /login. Paths as the route table writes them. */
export const protectedRoutePaths = [
  '/',
  'home',
  'products',
  'categories',
  'brands',
  'productDetails/:id',
  'productsWithBrand/:brandId',
  'productwithCategory/:categoryId',
  'cart',
  'order',
  'allorders',
] as const;

export type ProtectedRoutePath = (typeof protectedRoutePaths)[number];

/** Guest-only: a token holder is sent to /home. */
export const guestOnlyRoutePaths = ['login', 'register'] as const;

export type GuestOnlyRoutePath = (typeof guestOnlyRoutePaths)[number];

/**
 * A regular expression source matching a pathname against route paths the way lib/router/match.ts does:
 * segments compared without regard to case, a parameter is any one non-empty segment, and empty segments
 * (repeated or trailing slashes) do not count.
 */
export function routePattern(paths: readonly string[]): string {
  const alternatives = paths.map((path) =>
    path
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/+'),
  );
  return `^/*(?:${alternatives.join('|')})/*$`;
}
