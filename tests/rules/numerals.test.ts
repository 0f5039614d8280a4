import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEgp } from '@/lib/rules/money';
import { formatEgpOff } from '@/lib/rules/money-off';
import { writeCount } from '@/lib/rules/numerals';

// The hand-written numbers must be Intl's text, character for character, in both languages (Chromium's ICU writes
// the same as Node's for these: checked when this was written, bench/notes.md "Intl's first number").
function intlEgp(pounds: number, lang: 'en' | 'ar'): string {
  const digits = Number.isInteger(pounds) ? 0 : 2;
  const written = new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(lang === 'ar' && { style: 'currency', currency: 'EGP' }),
  }).format(pounds);
  return lang === 'ar' ? written : `${written} EGP`;
}

const langs = ['en', 'ar'] as const;
const runs = { numRuns: 3000 };

describe('formatEgp writes what Intl writes', () => {
  it('for whole pounds, negative ones and the largest', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        for (const lang of langs) expect(formatEgp(n, lang)).toBe(intlEgp(n, lang));
      }),
      runs,
    );
  });

  it('for pounds and piastres', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (piastres) => {
        for (const lang of langs) expect(formatEgp(piastres / 100, lang)).toBe(intlEgp(piastres / 100, lang));
      }),
      runs,
    );
  });

  it('rounding halves away from zero on the shortest decimal, as Intl does (1.005 → 1.01, not toFixed’s 1.00)', () => {
    expect(formatEgp(1.005)).toBe('1.01 EGP');
    expect(formatEgp(999.995)).toBe('1,000.00 EGP');
    expect(formatEgp(-0.005)).toBe('-0.01 EGP');
    fc.assert(
      fc.property(fc.integer({ min: -2e9, max: 2e9 }), (halves) => {
        const n = halves / 1000 + 0.0005 * Math.sign(halves);
        for (const lang of langs) expect(formatEgp(n, lang)).toBe(intlEgp(n, lang));
      }),
      runs,
    );
  });

  it('for any finite double, however many digits it carries', () => {
    fc.assert(
      fc.property(fc.double({ min: -9.999999999999999e20, max: 9.999999999999999e20, noNaN: true }), (n) => {
        for (const lang of langs) expect(formatEgp(n, lang)).toBe(intlEgp(n, lang));
      }),
      runs,
    );
  });

  it('for zero, minus zero and the tiniest amounts', () => {
    for (const n of [0, -0, 1e-7, -1e-9, 5e-324, 0.1 + 0.2, 9.999999999999999e20]) {
      for (const lang of langs) expect(formatEgp(n, lang)).toBe(intlEgp(n, lang));
    }
  });

  it('writes an amount no shop can hold as JavaScript writes the number', () => {
    expect(formatEgp(NaN)).toBe('NaN EGP');
    expect(formatEgp(-Infinity)).toBe('-Infinity EGP');
    expect(formatEgp(1e21, 'ar')).toBe('\u200f1e+21\u00a0ج.م.\u200f');
  });

  it('writes the spec’s and ar-EG’s forms', () => {
    expect(formatEgp(5400)).toBe('5,400 EGP');
    expect(formatEgp(5400.5)).toBe('5,400.50 EGP');
    expect(formatEgp(5400, 'ar')).toBe('\u200f٥٬٤٠٠\u00a0ج.م.\u200f');
    expect(formatEgpOff(64)).toBe('-64 EGP');
    expect(formatEgpOff(64, 'ar')).toBe('\u061c-\u200f٦٤\u00a0ج.م.\u200f');
    expect(formatEgpOff(0, 'ar')).toBe(formatEgp(0, 'ar'));
  });
});

describe('writeCount', () => {
  it('writes English numbers as String does and Arabic ones as ar-EG does', () => {
    const check = (n: number) => {
      expect(writeCount(n, 'en')).toBe(String(n));
      expect(writeCount(n, 'ar')).toBe(n.toLocaleString('ar-EG'));
    };
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), check),
      runs,
    );
    // Ratings (4.8), and any double: Intl's default is up to three decimals, rounded half away from zero.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (tenths) => check(tenths / 10)),
      runs,
    );
    fc.assert(
      fc.property(fc.double({ min: -9.999999999999999e20, max: 9.999999999999999e20, noNaN: true }), check),
      runs,
    );
    for (const n of [0, -0, 1724, 5000, 1.5, 4.8, 0.0005, 2.0005, 999.9995]) check(n);
    // No count is ever these: written as JavaScript writes them.
    expect([NaN, Infinity, 1e21].map((n) => writeCount(n, 'ar'))).toEqual(['NaN', 'Infinity', '1e+21']);
    expect(writeCount(1724, 'ar')).toBe('١٬٧٢٤');
    expect(writeCount(4.8, 'ar')).toBe('٤٫٨');
  });
});
