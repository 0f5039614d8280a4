import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasArabicLetter, normaliseArabic } from '@/lib/rules/arabic';

describe('normaliseArabic', () => {
  it('folds the alef forms أ إ آ ٱ into bare alef', () => {
    expect(normaliseArabic('أحمد')).toBe('احمد');
    expect(normaliseArabic('إسكندرية')).toBe('اسكندريه');
    expect(normaliseArabic('آلة')).toBe('اله');
    expect(normaliseArabic('ٱلكتاب')).toBe('الكتاب');
  });

  it('reads taa marbuta as haa and alef maqsura as yaa', () => {
    expect(normaliseArabic('ساعة ذكية')).toBe('ساعه ذكيه');
    expect(normaliseArabic('مستشفى على')).toBe('مستشفي علي');
  });

  it('drops harakat, shadda, sukun, the superscript alef and the tatweel', () => {
    expect(normaliseArabic('قَمِيصٌ')).toBe('قميص');
    expect(normaliseArabic('مُكَسَّرَات')).toBe('مكسرات');
    expect(normaliseArabic('هٰذا')).toBe('هذا');
    expect(normaliseArabic('تـــلفزيـون')).toBe('تلفزيون');
    expect(normaliseArabic('جِيتَارٌ كَهْرَبَائِيٌّ')).toBe('جيتار كهربائي');
  });

  it('writes Arabic-Indic and Eastern Arabic-Indic digits as ASCII', () => {
    expect(normaliseArabic('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normaliseArabic('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normaliseArabic('تلفزيون ٥٥ بوصة')).toBe('تلفزيون 55 بوصه');
  });

  it('meets a hamza typed as a mark with the letter that carries it', () => {
    // ا + hamza above is أ, then bare alef; و + hamza above is ؤ, which is left as it is.
    expect(normaliseArabic('\u0627\u0654\u062D\u0645\u062F')).toBe('احمد');
    expect(normaliseArabic('\u0648\u0654')).toBe('\u0624');
    expect(normaliseArabic('\u0627\u0653')).toBe('ا');
  });

  it('leaves text without Arabic as it is (English searches are untouched)', () => {
    for (const text of ['Guitar', "Men's 50% off_sale", '55 Inch 4K', '', '  spaced  ', 'café']) {
      expect(normaliseArabic(text)).toBe(text.normalize('NFC'));
    }
  });

  it('is idempotent, and never leaves a folded letter, a mark or an Arabic digit', () => {
    const arabicChar = fc.integer({ min: 0x0600, max: 0x06ff }).map((c) => String.fromCharCode(c));
    const text = fc
      .array(fc.oneof(arabicChar, fc.constantFrom(' ', 'a', '5', 'ـ', '\u0654')), { maxLength: 30 })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, (s) => {
        const once = normaliseArabic(s);
        expect(normaliseArabic(once)).toBe(once);
        expect(once).not.toMatch(/[\u064B-\u065F\u0670]|[أإآٱةى\u0640\u0660-\u0669\u06F0-\u06F9]/);
      }),
    );
  });
});

describe('hasArabicLetter', () => {
  it('tells Arabic letters from Latin text and from digits alone', () => {
    expect(hasArabicLetter('جيتار')).toBe(true);
    expect(hasArabicLetter('Galaxy جالاكسي 5G')).toBe(true);
    expect(hasArabicLetter('guitar')).toBe(false);
    expect(hasArabicLetter('٥٥')).toBe(false);
    expect(hasArabicLetter('')).toBe(false);
  });
});
