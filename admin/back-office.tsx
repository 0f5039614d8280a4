// The back office: react-admin on the staff API, on its default hash router (#/login, #/products, ...), English and
// Arabic (right to left), light and dark. Rendered only by admin/main.tsx, the entry of its own esbuild bundle
// (scripts/build-admin.mjs, out/admin/): no storefront page or chunk holds any of it.
import { CacheProvider } from '@emotion/react';
import AuditIcon from '@mui/icons-material/History';
import BrandIcon from '@mui/icons-material/LocalOffer';
import CategoryIcon from '@mui/icons-material/Category';
import CustomerIcon from '@mui/icons-material/People';
import HomePageIcon from '@mui/icons-material/Web';
import OrderIcon from '@mui/icons-material/ReceiptLong';
import ProductIcon from '@mui/icons-material/Inventory2';
import ImportIcon from '@mui/icons-material/UploadFile';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Admin, CustomRoutes, Layout, Menu, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './api/auth-provider';
import { dataProvider } from './api/data-provider';
import { makeI18nProvider } from './i18n/i18n-provider';
import { currentLocale, directionOf, titleOf, type AdminLocale } from './locale';
import { LoginPage } from './login-page';
import { ltrCache, rtlCache } from './rtl-cache';
import { makeStore } from './store';
import {
  AuditLogList,
  CustomerList,
  Dashboard,
  HomeScreen,
  ImportScreen,
  OrderList,
  OrderShow,
  PackingSlips,
  ProductCreate,
  ProductEdit,
  ProductList,
  TaxonomyCreate,
  TaxonomyEdit,
  TaxonomyList,
} from './screens';
import { makeTheme } from './theme';

const store = makeStore();

/** The stored language, else the browser's: the same choice as the page's head script (admin/head-script.ts). */
const storedLocale = currentLocale;

/** Language and direction on <html>: the page's head script set them before paint from the same stored choice. */
function useDocumentLanguage(locale: AdminLocale) {
  useEffect(() => {
    const html = document.documentElement;
    html.lang = locale;
    html.dir = directionOf(locale);
    document.title = titleOf(locale);
  }, [locale]);
}

/** The resources' entries, the CSV import and the home page (screens of their own, not resources). */
function BackOfficeMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to="/import" primaryText="freshcart.import.menu" leftIcon={<ImportIcon />} />
      <Menu.Item to="/home-page" primaryText="freshcart.home.menu" leftIcon={<HomePageIcon />} />
    </Menu>
  );
}

function BackOfficeLayout({ children }: { children: ReactNode }) {
  return <Layout menu={BackOfficeMenu}>{children}</Layout>;
}

export function BackOffice() {
  const [locale, setLocale] = useState<AdminLocale>(storedLocale);
  useEffect(
    () =>
      store.subscribe('locale', (value: unknown) =>
        setLocale(value === 'ar' || value === 'en' ? value : currentLocale()),
      ),
    [],
  );
  useDocumentLanguage(locale);
  const direction = directionOf(locale);
  // react-admin's own word for it ('ra.page.loading'), in the page's language.
  const loading = locale === 'ar' ? 'جارٍ التحميل' : 'Loading';
  const lightTheme = useMemo(() => makeTheme('light', direction, loading), [direction, loading]);
  const darkTheme = useMemo(() => makeTheme('dark', direction, loading), [direction, loading]);
  // Made once: react-admin keeps the language in the store and switches the provider's catalogue itself.
  const [i18nProvider] = useState(() => makeI18nProvider(storedLocale()));

  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <Admin
        title="FreshCart"
        store={store}
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={lightTheme}
        darkTheme={darkTheme}
        dashboard={Dashboard}
        layout={BackOfficeLayout}
        loginPage={LoginPage}
        requireAuth
        disableTelemetry
      >
        <Resource name="orders" list={OrderList} show={OrderShow} icon={OrderIcon} />
        <Resource name="customers" list={CustomerList} icon={CustomerIcon} recordRepresentation="name" />
        <Resource
          name="products"
          list={ProductList}
          create={ProductCreate}
          edit={ProductEdit}
          icon={ProductIcon}
          recordRepresentation="title"
        />
        <Resource
          name="categories"
          list={TaxonomyList}
          create={TaxonomyCreate}
          edit={TaxonomyEdit}
          icon={CategoryIcon}
          recordRepresentation="name"
        />
        <Resource
          name="brands"
          list={TaxonomyList}
          create={TaxonomyCreate}
          edit={TaxonomyEdit}
          icon={BrandIcon}
          recordRepresentation="name"
        />
        <Resource name="audit-log" list={AuditLogList} icon={AuditIcon} />
        <CustomRoutes>
          <Route path="/import" element={<ImportScreen />} />
          <Route path="/home-page" element={<HomeScreen />} />
        </CustomRoutes>
        {/* Without the frame: what prints is the slips alone. */}
        <CustomRoutes noLayout>
          <Route
            path="/packing-slips"
            element={
              <Suspense fallback={null}>
                <PackingSlips />
              </Suspense>
            }
          />
        </CustomRoutes>
      </Admin>
    </CacheProvider>
  );
}
