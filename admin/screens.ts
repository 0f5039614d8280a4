// The back office's screens, each fetched when it is first shown (react-admin's layout wraps them in Suspense).
// The sign-in screen is not among them: it is what a staff member sees first, so it comes with the entry. The
// esbuild build (scripts/build-admin.mjs) splits each import below into chunks of its own.
import { lazy } from 'react';

export const Dashboard = lazy(() => import('./dashboard').then((m) => ({ default: m.Dashboard })));
export const ProductList = lazy(() =>
  import('./products/product-list').then((m) => ({ default: m.ProductList })),
);
export const ProductCreate = lazy(() =>
  import('./products/product-create').then((m) => ({ default: m.ProductCreate })),
);
export const ProductEdit = lazy(() =>
  import('./products/product-edit').then((m) => ({ default: m.ProductEdit })),
);
export const TaxonomyList = lazy(() =>
  import('./taxonomy/taxonomy-screens').then((m) => ({ default: m.TaxonomyList })),
);
export const TaxonomyCreate = lazy(() =>
  import('./taxonomy/taxonomy-screens').then((m) => ({ default: m.TaxonomyCreate })),
);
export const TaxonomyEdit = lazy(() =>
  import('./taxonomy/taxonomy-screens').then((m) => ({ default: m.TaxonomyEdit })),
);
export const AuditLogList = lazy(() =>
  import('./audit/audit-log-list').then((m) => ({ default: m.AuditLogList })),
);
export const ImportScreen = lazy(() =>
  import('./imports/import-screen').then((m) => ({ default: m.ImportScreen })),
);
export const OrderList = lazy(() => import('./orders/order-list').then((m) => ({ default: m.OrderList })));
export const OrderShow = lazy(() => import('./orders/order-show').then((m) => ({ default: m.OrderShow })));
export const PackingSlips = lazy(() =>
  import('./orders/packing-slips').then((m) => ({ default: m.PackingSlips })),
);
export const CustomerList = lazy(() =>
  import('./customers/customer-list').then((m) => ({ default: m.CustomerList })),
);
export const HomeScreen = lazy(() => import('./home/home-screen').then((m) => ({ default: m.HomeScreen })));
