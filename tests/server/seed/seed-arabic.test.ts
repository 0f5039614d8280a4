// The seeded catalogue has Arabic for every category, subcategory, brand and product, written for it (one Arabic
// name per English one, none left over), and the generated editions of a grown catalogue have Arabic too.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasArabicLetter } from '@/lib/rules/arabic';
import { brands, categories, products, subcategories } from '@/server/db/schema';
import { seedCatalogue } from '@/server/seed/seed';
import {
  brandNamesAr,
  categoryNamesAr,
  productTitlesAr,
  subcategoryNamesAr,
} from '@/server/seed/seed-arabic';
import { seedBrands, seedCategories, seedProducts } from '@/server/seed/seed-data';
import { freshPglite } from '../helpers/test-app';

describe('the seed in Arabic', () => {
  it('names every seeded category, subcategory, brand and product in Arabic, once, and nothing else', () => {
    const pairs: Array<[string, string[], Record<string, string>]> = [
      ['categories', seedCategories.map((c) => c.slug), categoryNamesAr],
      ['subcategories', seedCategories.flatMap((c) => c.subcategories), subcategoryNamesAr],
      ['brands', seedBrands.map((b) => b.name), brandNamesAr],
      ['products', seedProducts.map((p) => p.title), productTitlesAr],
    ];
    for (const [what, english, arabic] of pairs) {
      expect(Object.keys(arabic).sort(), what).toEqual([...new Set(english)].sort());
      const names = Object.values(arabic);
      for (const name of names) expect(hasArabicLetter(name), `${what}: ${name}`).toBe(true);
      expect(new Set(names).size, `${what}: every Arabic name is different`).toBe(names.length);
    }
  });

  it('writes Arabic into every row, generated editions included, and keeps it on a second run', async () => {
    const database = await freshPglite(false);
    try {
      await seedCatalogue(database.db, { products: 130 });
      await seedCatalogue(database.db, { products: 130 });
      const rows = await database.db.select().from(products).orderBy(asc(products.createdAt));
      expect(rows).toHaveLength(130);
      for (const p of rows) {
        expect(p.titleAr && hasArabicLetter(p.titleAr), p.slug).toBe(true);
        expect(p.descriptionAr?.startsWith(`${p.titleAr}. `), p.slug).toBe(true);
        expect(p.descriptionAr).toMatch(/، مع الشحن إلى جميع أنحاء مصر\.$/);
      }
      // Edition 1 of the first product, as "Essential Men's Classic Oxford Cotton Shirt Edition 1" is in English.
      const edition = rows[seedProducts.length]!;
      expect(edition.title).toBe("Essential Men's Classic Oxford Cotton Shirt Edition 1");
      expect(edition.titleAr).toBe('قميص أكسفورد قطني كلاسيكي للرجال - الإصدار الأساسي 1');
      expect(rows[2 * seedProducts.length]!.titleAr).toBe(
        'قميص أكسفورد قطني كلاسيكي للرجال - الإصدار الممتاز 2',
      );
      expect(edition.titleArSearch).toBe('قميص اكسفورد قطني كلاسيكي للرجال - الاصدار الاساسي 1');
      for (const table of [categories, subcategories, brands]) {
        const named = await database.db.select().from(table);
        for (const row of named) expect(row.nameAr && hasArabicLetter(row.nameAr), row.name).toBe(true);
      }
      const [music] = await database.db.select().from(categories).where(eq(categories.slug, 'music'));
      expect(music!.nameAr).toBe('موسيقى');
    } finally {
      await database.close();
    }
  }, 120_000);
});
