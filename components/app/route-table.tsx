import { parsePath, type RouterHistory } from '@/lib/router/history';
import { createMatcher, type RouteNode, type ScreenLoader } from '@/lib/router/match';
import { createRouter, preloadScreen } from '@/lib/router/router';
import {
  guestOnlyRoutePaths,
  protectedRoutePaths,
  type GuestOnlyRoutePath,
  type ProtectedRoutePath,
} from '@/lib/session/route-access';
import { setRouteReader, subscribeSession } from '@/lib/session/session-store';
import { guestOnly, requireAuth } from './guards';

/*
 * The spec's route table (section 2). One entry per route; each screen's code is loaded when its route is
 * first visited (`load`), so the first screen does not carry the whole app (scripts/check-budgets.mjs measures
 * what each route fetches, in Chromium). Which routes are protected or guest-only is listed once in
 * lib/session/route-access.ts: the page's head script applies the same guards before the first paint. The
 * frame around every route (navbar, footer: components/layout/root-layout.tsx) is not a route: the storefront
 * draws it around the router's outlet, prerendered.
 */

const homeScreen: ScreenLoader = () => import('@/components/catalogue/home-screen').then((m) => m.HomeScreen);

// Protected: a token in 'tkn' is required, else /login.
const protectedScreens: Record<ProtectedRoutePath, ScreenLoader> = {
  '/': homeScreen,
  home: homeScreen,
  products: () => import('@/components/catalogue/products-screen').then((m) => m.ProductsScreen),
  categories: () => import('@/components/catalogue/categories-screen').then((m) => m.CategoriesScreen),
  brands: () => import('@/components/catalogue/brands-screen').then((m) => m.BrandsScreen),
  'productDetails/:id': () =>
    import('@/components/catalogue/product-details-screen').then((m) => m.ProductDetailsScreen),
  'productsWithBrand/:brandId': () =>
    import('@/components/catalogue/brand-products-screen').then((m) => m.BrandProductsScreen),
  'productwithCategory/:categoryId': () =>
    import('@/components/catalogue/category-products-screen').then((m) => m.CategoryProductsScreen),
  cart: () => import('@/components/cart/cart-screen').then((m) => m.CartScreen),
  order: () => import('@/components/checkout/order-screen').then((m) => m.OrderScreen),
  allorders: () => import('@/components/orders/orders-screen').then((m) => m.OrdersScreen),
};

// Guest-only: a token holder is sent to /home.
const guestScreens: Record<GuestOnlyRoutePath, ScreenLoader> = {
  login: () => import('@/components/account/login-screen').then((m) => m.LoginScreen),
  register: () => import('@/components/account/register-screen').then((m) => m.RegisterScreen),
};

// Open to everyone.
const openRoutes: RouteNode[] = [
  {
    path: 'forgotpass',
    load: () => import('@/components/account/forgot-password-screen').then((m) => m.ForgotPasswordScreen),
  },
  {
    // Not a route of the spec: a home page preview link of the back office (#/preview?token=TOKEN), Home with the
    // draft in it, open to a guest too (marketing has no shopper account). The README's deliberate differences.
    path: 'preview',
    load: protectedScreens.home,
  },
  {
    path: 'changePass',
    load: () => import('@/components/account/change-password-screen').then((m) => m.ChangePasswordScreen),
  },
];

export const routes: RouteNode[] = [
  {
    path: '/',
    children: [
      {
        redirect: requireAuth,
        children: protectedRoutePaths.map((path) =>
          path === '/'
            ? { index: true, load: protectedScreens[path] }
            : { path, load: protectedScreens[path] },
        ),
      },
      {
        redirect: guestOnly,
        children: guestOnlyRoutePaths.map((path) => ({ path, load: guestScreens[path] })),
      },
      ...openRoutes,
      { path: '*', load: () => import('@/components/layout/not-found-screen').then((m) => m.NotFoundScreen) },
    ],
  },
];

const matchRoute = createMatcher(routes);

/**
 * Starts fetching the code of the screen at `pathname` (the page's hash, which the head script has already
 * passed through the guards) while the prerendered page is still being hydrated, before the router exists.
 */
export function preloadScreenAt(pathname: string): void {
  for (const node of matchRoute(pathname)?.branch ?? []) {
    if (node.load) preloadScreen(node.load);
  }
}

/**
 * The page's head script applied the guards before anything was drawn (a guest on a protected route is at #/login
 * already) and has no byte to spare to say what was asked for (lib/session/boot-script.ts). The address the page was
 * opened at still says it: its guards see it now, so the route a guest's link asked for is kept as the router keeps
 * every later one (components/app/guards.ts). Where the browser does not keep that address, the guest goes to
 * /home after signing in, as the spec has it.
 */
function keepRouteOpened(current: string): void {
  let opened: string;
  try {
    const [entry] = performance.getEntriesByType('navigation');
    opened = entry ? new URL(entry.name).hash.slice(1) : '';
  } catch {
    return;
  }
  const { pathname, search } = parsePath(opened || '/');
  if (!opened || `${pathname}${search}` === current) return;
  for (const node of matchRoute(pathname)?.branch ?? []) node.redirect?.(`${pathname}${search}`);
}

/**
 * The storefront's router on `history` (the browser's hash, or memory in tests). The guards read the token,
 * so a token change (login, logout, a 401, another tab) has them decide again for the newest location.
 * That runs after the current task, so a screen that sets the token and then navigates (login) is judged
 * at its destination rather than redirected first.
 */
export function createStorefrontRouter(history: RouterHistory) {
  keepRouteOpened(`${history.location.pathname}${history.location.search}`);
  const router = createRouter(routes, history);
  // The screen on show, for the session: a session that ends returns the shopper here after login.
  setRouteReader(() => {
    // The screen being opened (its code may still be on the way), else the one on show.
    const { pending, location } = router.getState();
    const at = pending ?? location;
    return at ? `${at.pathname}${at.search}` : null;
  });
  let scheduled = false;
  let disposed = false;
  const unsubscribe = subscribeSession(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      if (!disposed) router.revalidate();
    });
  });
  return {
    ...router,
    dispose() {
      disposed = true;
      setRouteReader(null);
      unsubscribe();
      router.dispose();
    },
  };
}
