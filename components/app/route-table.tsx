import { createHashRouter, type RouteObject } from 'react-router';
import { RootLayout } from '@/components/layout/root-layout';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { GuestOnly, RequireAuth } from './guards';

/*
 * The spec's route table (section 2). One entry per route; each screen's code is loaded when its route is
 * first visited (`lazy`), so the first screen does not carry the whole app.
 */

// Protected: a token in 'tkn' is required, else /login.
const protectedRoutes: RouteObject[] = [
  { index: true, lazy: () => import('@/components/catalog/home-screen').then((m) => ({ Component: m.HomeScreen })) },
  { path: 'home', lazy: () => import('@/components/catalog/home-screen').then((m) => ({ Component: m.HomeScreen })) },
  {
    path: 'products',
    lazy: () => import('@/components/catalog/products-screen').then((m) => ({ Component: m.ProductsScreen })),
  },
  {
    path: 'categories',
    lazy: () => import('@/components/catalog/categories-screen').then((m) => ({ Component: m.CategoriesScreen })),
  },
  {
    path: 'brands',
    lazy: () => import('@/components/catalog/brands-screen').then((m) => ({ Component: m.BrandsScreen })),
  },
  {
    path: 'productDetails/:id',
    lazy: () =>
      import('@/components/catalog/product-details-screen').then((m) => ({ Component: m.ProductDetailsScreen })),
  },
  {
    path: 'productsWithBrand/:brandId',
    lazy: () =>
      import('@/components/catalog/brand-products-screen').then((m) => ({ Component: m.BrandProductsScreen })),
  },
  {
    path: 'productwithCategory/:categoryId',
    lazy: () =>
      import('@/components/catalog/category-products-screen').then((m) => ({ Component: m.CategoryProductsScreen })),
  },
  {
    path: 'cart',
    lazy: () => import('@/components/cart/cart-screen').then((m) => ({ Component: m.CartScreen })),
  },
  {
    path: 'order',
    lazy: () => import('@/components/checkout/order-screen').then((m) => ({ Component: m.OrderScreen })),
  },
  {
    path: 'allorders',
    lazy: () => import('@/components/orders/orders-screen').then((m) => ({ Component: m.OrdersScreen })),
  },
];

// Guest-only: a token holder is sent to /home.
const guestRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: () => import('@/components/account/login-screen').then((m) => ({ Component: m.LoginScreen })),
  },
  {
    path: 'register',
    lazy: () => import('@/components/account/register-screen').then((m) => ({ Component: m.RegisterScreen })),
  },
];

// Open to everyone.
const openRoutes: RouteObject[] = [
  {
    path: 'forgotpass',
    lazy: () =>
      import('@/components/account/forgot-password-screen').then((m) => ({ Component: m.ForgotPasswordScreen })),
  },
  {
    path: 'changePass',
    lazy: () =>
      import('@/components/account/change-password-screen').then((m) => ({ Component: m.ChangePasswordScreen })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { element: <RequireAuth />, children: protectedRoutes },
      { element: <GuestOnly />, children: guestRoutes },
      ...openRoutes,
      {
        path: '*',
        lazy: () => import('@/components/layout/not-found-screen').then((m) => ({ Component: m.NotFoundScreen })),
      },
    ],
  },
];

export function createStorefrontRouter() {
  return createHashRouter(routes);
}
