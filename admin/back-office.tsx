'use client';
// The back office: react-admin on the staff API, hash-routed under #/office, English and Arabic (right to left),
// light and dark. Mounted only by app/admin/page.tsx, client-side: no storefront page loads any of it.
import { CacheProvider } from '@emotion/react';
import AuditIcon from '@mui/icons-material/History';
import BrandIcon from '@mui/icons-material/LocalOffer';
import CategoryIcon from '@mui/icons-material/Category';
import ProductIcon from '@mui/icons-material/Inventory2';
import { useEffect, useMemo, useState } from 'react';
import { Admin, Resource, localStorageStore } from 'react-admin';
import { authProvider } from './api/auth-provider';
import { dataProvider } from './api/data-provider';
import { AuditLogList } from './audit/audit-log-list';
import { routerBasename, storePrefix } from './config';
import { Dashboard } from './dashboard';
import { makeI18nProvider, type AdminLocale } from './i18n/i18n-provider';
import { LoginPage } from './login-page';
import { ProductCreate } from './products/product-create';
import { ProductEdit } from './products/product-edit';
import { ProductList } from './products/product-list';
import { ltrCache, rtlCache } from './rtl-cache';
import { TaxonomyCreate, TaxonomyEdit, TaxonomyList } from './taxonomy/taxonomy-screens';
import { makeTheme } from './theme';

const store = localStorageStore(undefined, storePrefix);

function storedLocale(): AdminLocale {
  const value = store.getItem<string>('locale');
  if (value === 'ar' || value === 'en') return value;
  const first = (typeof navigator !== 'undefined' && (navigator.languages?.[0] || navigator.language)) || '';
  return /^ar(-|_|$)/i.test(first) ? 'ar' : 'en';
}

/**
 * The root layout's head script is the storefront's: on an empty hash it applies the storefront's guard and
 * writes `#/login` (or `#/home`). Every back office route lives under `#/office`; anything else is the office's
 * start, where react-admin asks for a sign-in when there is no staff session.
 */
export function normaliseHash(location: Location = window.location): void {
  const hash = location.hash.replace(/^#/, '');
  if (hash === routerBasename || hash.startsWith(`${routerBasename}/`)) return;
  window.history.replaceState(
    window.history.state,
    '',
    `${location.pathname}${location.search}#${routerBasename}/`,
  );
}

/** Language and direction on <html>: the head script set them from the storefront's choice, the office has its own. */
function useDocumentLanguage(locale: AdminLocale) {
  useEffect(() => {
    const html = document.documentElement;
    html.lang = locale;
    html.dir = locale === 'ar' ? 'rtl' : 'ltr';
    html.removeAttribute('data-lang-pending');
    document.title = locale === 'ar' ? 'لوحة إدارة FreshCart' : 'FreshCart back office';
  }, [locale]);
}

export function BackOffice() {
  const [locale, setLocale] = useState<AdminLocale>(storedLocale);
  useEffect(() => store.subscribe('locale', (value: unknown) => setLocale(value === 'ar' ? 'ar' : 'en')), []);
  useDocumentLanguage(locale);
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  const lightTheme = useMemo(() => makeTheme('light', direction), [direction]);
  const darkTheme = useMemo(() => makeTheme('dark', direction), [direction]);
  // Made once: react-admin keeps the language in the store and switches the provider's catalogue itself.
  const [i18nProvider] = useState(() => makeI18nProvider(storedLocale()));

  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <Admin
        basename={routerBasename}
        title="FreshCart"
        store={store}
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={lightTheme}
        darkTheme={darkTheme}
        dashboard={Dashboard}
        loginPage={LoginPage}
        requireAuth
        disableTelemetry
      >
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
      </Admin>
    </CacheProvider>
  );
}
