// The home page the shop starts with exists twice: migration 0010's rows, and defaultHomeContent (lib/home/), which
// the prerendered page draws. They must not drift apart.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtInHomePictures } from '@/lib/contract/home';
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

  it('is the three slides the storefront showed before staff could edit them, and every category', () => {
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
