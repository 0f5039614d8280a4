// The back office's language as the page's head script and the app both choose it (admin/locale.ts).
import { describe, expect, it } from 'vitest';
import { currentLocale, directionOf, pickLocale, storeKey } from '@/admin/locale';
import { arabicOver } from '@/admin/i18n/ar';
import { en } from '@/admin/i18n/en';
import { makeI18nProvider } from '@/admin/i18n/i18n-provider';
import { makeStore } from '@/admin/store';
import { LANG_KEY } from '@/lib/i18n/language';

describe('the back office language', () => {
  it('takes the stored choice first, as react-admin stores it (JSON)', () => {
    expect(pickLocale('"ar"', ['en-GB'])).toBe('ar');
    expect(pickLocale('"en"', ['ar-EG'])).toBe('en');
  });

  it("else the browser's first language, Arabic in any region", () => {
    expect(pickLocale(null, ['ar-EG', 'en'])).toBe('ar');
    expect(pickLocale(null, ['ar'])).toBe('ar');
    expect(pickLocale(null, ['en-US', 'ar'])).toBe('en');
    expect(pickLocale('"fr"', ['arn-CL'])).toBe('en');
    expect(pickLocale(null, [])).toBe('en');
  });

  it("reads react-admin's store key, never the storefront's", () => {
    expect(storeKey('locale')).toBe('RaStorefreshcart.office.locale');
    localStorage.setItem(LANG_KEY, 'ar'); // the storefront's choice is not the back office's
    expect(currentLocale()).toBe('en');
    localStorage.setItem(storeKey('locale'), JSON.stringify('ar'));
    expect(currentLocale()).toBe('ar');
    expect(directionOf(currentLocale())).toBe('rtl');
  });
});

describe("the back office's store", () => {
  it('keeps the language and colour scheme when react-admin resets it on sign-out', () => {
    const store = makeStore();
    store.setup();
    store.setItem('locale', 'ar');
    store.setItem('theme', 'dark');
    store.setItem('products.listParams', { page: 3 });
    store.reset();
    expect(store.getItem('locale')).toBe('ar');
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('products.listParams')).toBeUndefined();
    expect(currentLocale()).toBe('ar');
  });
});

describe('Arabic counts in the back office', () => {
  const arabic = makeI18nProvider('ar');

  it("has Arabic's six plural forms wherever a text has forms (polyglot picks zero, one, two, few, many, other)", () => {
    const texts: string[] = [];
    const walk = (node: unknown) => {
      if (typeof node === 'string') texts.push(node);
      else if (node && typeof node === 'object') Object.values(node).forEach(walk);
    };
    walk(arabicOver(en));
    const withForms = texts.filter((t) => t.includes('||||'));
    expect(withForms.length).toBeGreaterThan(10);
    for (const text of withForms) expect(text.split('||||'), text).toHaveLength(6);
  });

  it('names a resource in the plural in the menu and the singular for one record', () => {
    expect(arabic.translate('resources.orders.name', { smart_count: 2 })).toBe('الطلبات');
    expect(arabic.translate('resources.products.name', { smart_count: 2 })).toBe('المنتجات');
    expect(arabic.translate('resources.orders.name', { smart_count: 1 })).toBe('طلب');
    expect(arabic.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('عنصران محددان');
    expect(arabic.translate('ra.action.bulk_actions', { smart_count: 11 })).toBe('11 عنصرًا محددًا');
  });
});
