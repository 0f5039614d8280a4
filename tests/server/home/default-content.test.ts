// The home page the shop starts with exists three times: migration 0010's rows, defaultHomeContent, and the words of
// the storefront's catalogues (the banner before staff could edit it). They must not drift apart.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtInHomePictures } from '@/lib/contract/home';
import { ar } from '@/lib/i18n/ar';
import { en } from '@/lib/i18n/en';
import { homeContent } from '@/server/db/schema';
import { defaultHomeContent } from '@/server/modules/home';
import { freshPglite } from '../helpers/test-app';

describe('the home page the shop starts with', () => {
  it('is what migration 0010 writes, as both the draft and the published copy, version 1', async () => {
    const database = await freshPglite(false);
    try {
      const rows = await database.db.select().from(homeContent).orderBy(homeContent.kind);
      expect(
        rows.map(({ kind, content, version, updatedBy }) => ({ kind, content, version, updatedBy })),
      ).toEqual([
        { kind: 'draft', content: defaultHomeContent, version: 1, updatedBy: null },
        { kind: 'published', content: defaultHomeContent, version: 1, updatedBy: null },
      ]);
    } finally {
      await database.close();
    }
  });

  it("has the storefront catalogues' banner words, in both languages", () => {
    const keys = ['banner.new', 'banner.fashion', 'banner.electronics'] as const;
    expect(defaultHomeContent.slides.map((s) => [s.title, s.text, s.linkLabel])).toEqual(
      keys.map((k) =>
        (['Title', 'Text', 'Link'] as const).map((field) => ({
          en: en[`${k}${field}`],
          ar: ar[`${k}${field}`],
        })),
      ),
    );
    expect(defaultHomeContent.slides.map((s) => [s.picture, s.link])).toEqual([
      ['/banners/new-arrivals.svg', '/products'],
      ['/banners/fashion.svg', '/categories'],
      ['/banners/electronics.svg', '/products?category=Electronics'],
    ]);
    expect(defaultHomeContent.featuredCategories).toEqual([]);
  });

  it('offers only built-in banners the storefront ships', () => {
    for (const picture of builtInHomePictures)
      expect(existsSync(fileURLToPath(new URL(`../../../public${picture}`, import.meta.url))), picture).toBe(
        true,
      );
  });
});
