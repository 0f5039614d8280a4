// The back office's language as the page's head script and the app both choose it (admin/locale.ts).
import { describe, expect, it } from 'vitest';
import { currentLocale, directionOf, pickLocale, storeKey } from '@/admin/locale';
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
