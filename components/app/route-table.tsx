import { RootLayout } from '@/components/layout/root-layout';
import type { RouterHistory } from '@/lib/router/history';
import type { RouteNode } from '@/lib/router/match';
import { createRouter } from '@/lib/router/router';
import { setRouteReader, subscribeSession } from '@/lib/session/session-store';
import { guestOnly, requireAuth } from './guards';

/*
 * The spec's route table (section 2). One entry per route; each screen's code is loaded when its route is
 * first visited (`load`), so the first screen does not carry the whole app (scripts/check-budgets.mjs measures
 * what each route fetches, in Chromium).
 */

// Protected: a token in 'tkn' is required, else /login.
const protectedRoutes: RouteNode[] = [
  { index: true, load: () => import('@/components/catalogue/home-screen').then((m) => m.HomeScreen) },
  { path: 'home', load: () => import('@/components/catalogue/home-screen').then((m) => m.HomeScreen) },
  {
    path: 'products',
    load: () => import('@/components/catalogue/products-screen').then((m) => m.ProductsScreen),
  },
  {
    path: 'categories',
    load: () => import('@/components/catalogue/categories-screen').then((m) => m.CategoriesScreen),
  },
  { path: 'brands', load: () => import('@/components/catalogue/brands-screen').then((m) => m.BrandsScreen) },
  {
    path: 'productDetails/:id',
    load: () => import('@/components/catalogue/product-details-screen').then((m) => m.ProductDetailsScreen),
  },
  {
    path: 'productsWithBrand/:brandId',
    load: () => import('@/components/catalogue/brand-products-screen').then((m) => m.BrandProductsScreen),
  },
  {
    path: 'productwithCategory/:categoryId',
    load: () =>
      import('@/components/catalogue/category-products-screen').then((m) => m.CategoryProductsScreen),
  },
  { path: 'cart', load: () => import('@/components/cart/cart-screen').then((m) => m.CartScreen) },
  { path: 'order', load: () => import('@/components/checkout/order-screen').then((m) => m.OrderScreen) },
  { path: 'allorders', load: () => import('@/components/orders/orders-screen').then((m) => m.OrdersScreen) },
];

// Guest-only: a token holder is sent to /home.
const guestRoutes: RouteNode[] = [
  { path: 'login', load: () => import('@/components/account/login-screen').then((m) => m.LoginScreen) },
  {
    path: 'register',
    load: () => import('@/components/account/register-screen').then((m) => m.RegisterScreen),
  },
];

// Open to everyone.
const openRoutes: RouteNode[] = [
  {
    path: 'forgotpass',
    load: () => import('@/components/account/forgot-password-screen').then((m) => m.ForgotPasswordScreen),
  },
  {
    path: 'changePass',
    load: () => import('@/components/account/change-password-screen').then((m) => m.ChangePasswordScreen),
  },
];

export const routes: RouteNode[] = [
  {
    path: '/',
    layout: RootLayout,
    children: [
      { redirect: requireAuth, children: protectedRoutes },
      { redirect: guestOnly, children: guestRoutes },
      ...openRoutes,
      { path: '*', load: () => import('@/components/layout/not-found-screen').then((m) => m.NotFoundScreen) },
    ],
  },
];

/**
 * The storefront's router on `history` (the browser's hash, or memory in tests). The guards read the token,
 * so a token change (login, logout, a 401, another tab) has them decide again for the newest location.
 * That runs after the current task, so a screen that sets the token and then navigates (login) is judged
 * at its destination rather than redirected first.
 */
export function createStorefrontRouter(history: RouterHistory) {
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
