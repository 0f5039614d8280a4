// The storefront runs its plurals itself (lib/i18n/plurals.ts) instead of Lingui's core, whose `#` costs a browser's
// first Intl.NumberFormat: every plural of both catalogues must read exactly as Lingui writes it.
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { ar } from '@/lib/i18n/ar';
import { en } from '@/lib/i18n/en';
import { intlLocales, type Lang } from '@/lib/i18n/language';
import { messageFormatter } from '@/lib/i18n/registry';
import '@/lib/i18n/plurals';

const catalogues: Record<Lang, Record<string, string>> = { en, ar };
const counts = [
  ...Array.from({ length: 121 }, (_, i) => i),
  1000,
  1724,
  5000,
  12345,
  100000,
  1234567,
  -3,
  -0,
  2.5,
  1.2345,
];

describe('plurals', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`write every ${lang} plural as Lingui does, for every form and large counts`, () => {
      const format = messageFormatter();
      expect(format).not.toBeNull();
      const lingui = setupI18n({ locale: lang, locales: intlLocales[lang], messages: { [lang]: {} } });
      let checked = 0;
      for (const [id, source] of Object.entries(catalogues[lang])) {
        if (!source.includes('plural,')) continue;
        const compiled = compileMessage(source);
        lingui.load(lang, { [id]: compiled as never });
        for (const n of counts) {
          // Every placeholder a message has gets the count, or a text beside it ({shown}, {left}).
          const values = { count: n, total: n, shown: 24, left: 'x' };
          expect(format!(lang, id, compiled, values), `${id} at ${n}`).toBe(lingui._(id, values));
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThanOrEqual((lang === 'en' ? 8 : 13) * counts.length);
    });
  }

  it('are the only ICU form the catalogues hold beside texts and plain placeholders (all plurals.ts runs)', () => {
    const kinds = new Set<string>();
    const walk = (parts: unknown): void => {
      if (!Array.isArray(parts)) return;
      for (const part of parts) {
        if (!Array.isArray(part) || part.length === 1) continue;
        kinds.add(String(part[1]));
        for (const form of Object.values(part[2] as Record<string, unknown>)) walk(form);
      }
    };
    for (const catalogue of Object.values(catalogues)) {
      for (const source of Object.values(catalogue)) walk(compileMessage(source));
    }
    expect([...kinds]).toEqual(['plural']);
  });

  it('write the counts grouped, in Arabic with its digits', () => {
    const format = messageFormatter()!;
    const count = compileMessage(en['products.count']);
    expect(format('en', 'products.count', count, { total: 1724 })).toBe('1,724 products');
    expect(format('en', 'products.count', count, { total: 1 })).toBe('1 product');
    const arCount = compileMessage(ar['products.count']);
    expect(format('ar', 'products.count', arCount, { total: 1724 })).toBe('١٬٧٢٤ منتجًا');
    expect(format('ar', 'products.count', arCount, { total: 0 })).toBe('لا توجد منتجات');
  });
});
