// The language switch and the language machinery: the 'lang' key, the browser's language as the
// default, <html lang dir> written before the first paint, and the rules' messages shown in Arabic.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormField } from '@/components/account/form-field';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { switchLanguage, t } from '@/lib/i18n/i18n';
import { LANG_KEY, langInitScript, pendingAttribute, preferredLang } from '@/lib/i18n/language';
import { messages } from '@/lib/rules/messages';

function runHeadScript() {
  // The head script's language part, as the browser runs it before the first paint.
  new Function(langInitScript)();
}

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(async () => {
  await act(() => switchLanguage('en'));
  localStorage.clear();
  vi.restoreAllMocks();
  document.documentElement.removeAttribute(pendingAttribute);
});

describe('the language the page opens in', () => {
  it("is the address's ?lang= over what is stored, and stays chosen (a link shared from the Arabic shop)", () => {
    localStorage.setItem(LANG_KEY, 'en');
    window.history.replaceState(null, '', '/ecommerceweb/?lang=ar#/productDetails/p1');
    try {
      runHeadScript();
      expect(document.documentElement.lang).toBe('ar');
      expect(document.documentElement.dir).toBe('rtl');
      expect(localStorage.getItem(LANG_KEY)).toBe('ar');
      // Anything else in the query is not a language.
      window.history.replaceState(null, '', '/ecommerceweb/?language=en&lang=fr#/');
      runHeadScript();
      expect(document.documentElement.lang).toBe('ar');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('is Arabic, right to left, when nothing is stored and the browser speaks Arabic first', () => {
    browserLanguages(['ar-EG', 'en']);
    runHeadScript();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    // The prerendered English frame stays hidden until the Arabic catalogue is in.
    expect(document.documentElement.hasAttribute(pendingAttribute)).toBe(true);
    expect(preferredLang()).toBe('ar');
  });

  it('is English when the browser speaks another language first, even with Arabic second', () => {
    browserLanguages(['en-GB', 'ar']);
    runHeadScript();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.hasAttribute(pendingAttribute)).toBe(false);
  });

  it("follows the shopper's stored choice under 'lang' over the browser", () => {
    browserLanguages(['ar']);
    localStorage.setItem(LANG_KEY, 'en');
    runHeadScript();
    expect(document.documentElement.lang).toBe('en');
    browserLanguages(['en-US']);
    localStorage.setItem(LANG_KEY, 'ar');
    runHeadScript();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    // A value that is no language of the shop is ignored.
    localStorage.setItem(LANG_KEY, 'fr');
    runHeadScript();
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('the language switch', () => {
  it('is a button naming the other language in that language, and switches both ways', async () => {
    const user = userEvent.setup();
    render(<LanguageSwitch />);
    const toArabic = screen.getByRole('button', { name: 'العربية' });
    expect(toArabic).toHaveAttribute('lang', 'ar');
    toArabic.focus();
    await user.keyboard('{Enter}');
    const toEnglish = await screen.findByRole('button', { name: 'English' });
    expect(toEnglish).toHaveAttribute('lang', 'en');
    expect(localStorage.getItem(LANG_KEY)).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(t('nav.cart')).toBe('عربة التسوق');

    await user.click(toEnglish);
    await screen.findByRole('button', { name: 'العربية' });
    expect(localStorage.getItem(LANG_KEY)).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(t('nav.cart')).toBe('Cart');
  });
});

describe('validation messages', () => {
  it("are the spec's English in English and Arabic in Arabic, from the same rule", async () => {
    render(<FormField label="Phone" error={messages.phoneEgyptian} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Phone must be Egptian Number');
    await act(() => switchLanguage('ar'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('يجب أن يكون رقم الهاتف رقمًا مصريًا'),
    );
  });

  it('counts in Arabic plural forms with Arabic digits', async () => {
    await act(() => switchLanguage('ar'));
    expect(t('products.count', { total: 1 })).toBe('منتج واحد');
    expect(t('products.count', { total: 2 })).toBe('منتجان');
    expect(t('products.count', { total: 3 })).toBe('٣ منتجات');
    expect(t('products.count', { total: 58 })).toBe('٥٨ منتجًا');
    expect(t('products.count', { total: 100 })).toBe('١٠٠ منتج');
  });
});
