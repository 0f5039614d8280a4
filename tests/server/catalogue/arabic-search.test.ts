// Search finds Arabic titles and descriptions however a shopper writes the letters (alef forms, taa marbuta,
// alef maqsura, harakat, tatweel, Arabic-Indic digits), corrects Arabic typos through the title dictionary, and
// ranks as the English search does. The database's arabic_normalise() and lib/rules/arabic.ts agree.
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseArabic } from '@/lib/rules/arabic';
import { idFromSlug } from '@/server/db/ids';
import { products } from '@/server/db/schema';
import { keywordSearch } from '@/server/modules/catalogue/search';
import { dbKinds, json, startTestApp, type Json, type TestApp } from '../helpers/test-app';

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9']+/g, '-')
    .replace(/^-+|-+$/g, '');

describe.each(dbKinds)('Arabic search on %s', (kind) => {
  let t: TestApp;
  const search = async (keyword: string, extra = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products?keyword=${encodeURIComponent(keyword)}&limit=100${extra}`,
    });
    expect(res.statusCode, keyword).toBe(200);
    return json(res) as { results: number; data: Json[] };
  };
  const slugs = async (keyword: string, extra = '') => (await search(keyword, extra)).data.map((p) => p.slug);

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('normalises in the database exactly as lib/rules/arabic.ts does', async () => {
    const piece = fc.oneof(
      fc.integer({ min: 0x0600, max: 0x06ff }).map((c) => String.fromCharCode(c)),
      fc.constantFrom(
        'أ',
        'إ',
        'آ',
        'ٱ',
        'ة',
        'ى',
        'ـ',
        '\u0654',
        '\u0655',
        '\u0653',
        ' ',
        'A',
        'é',
        'e\u0301',
        '7',
      ),
    );
    const texts = fc.sample(
      fc.array(piece, { maxLength: 24 }).map((cs) => cs.join('')),
      { numRuns: 400, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
    const result = await t.database.db.execute(
      sql`select t, arabic_normalise(t) as n from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as t`,
    );
    const rows = (result as unknown as { rows: Array<{ t: string; n: string }> }).rows;
    expect(rows).toHaveLength(texts.length);
    for (const { t: text, n } of rows) expect(n, JSON.stringify(text)).toBe(normaliseArabic(text));
  });

  it('finds a title whatever alef, taa marbuta or alef maqsura the shopper types', async () => {
    const lamps = ['ceramic-bedside-table-lamp', 'brass-arc-floor-lamp'];
    // The titles write أباجورة; the shopper types bare alef and haa.
    for (const keyword of ['أباجورة', 'اباجوره', 'إباجورة', 'آباجوره']) {
      expect((await slugs(keyword)).sort(), keyword).toEqual([...lamps].sort());
    }
    // The title writes استوديو (bare alef); the shopper types a hamza under it. The title writes إكس; the
    // shopper types a hamza above, or none.
    expect(await slugs('سماعات إستوديو')).toEqual([slugOf('Studio Monitor Over Ear Headphones')]);
    for (const keyword of ['لايت أكس', 'لايت اكس'])
      expect((await slugs(keyword))[0], keyword).toBe(slugOf('Lite X Smartphone 128GB Dual SIM'));
    // The title writes على (alef maqsura); the shopper types yaa.
    expect((await slugs('معصور علي البارد'))[0]).toBe(slugOf('Cold Pressed Mango Juice 1L'));
  });

  it('ignores harakat and tatweel, and reads Arabic-Indic digits as the titles write them', async () => {
    const guitars = [
      slugOf('Electric Guitar Starter Pack'),
      slugOf('Acoustic Guitar Spruce Top Full Size'),
    ].sort();
    for (const keyword of ['جِيتَار', 'جيـــتار', 'جيتارٌ'])
      expect((await slugs(keyword)).sort(), keyword).toEqual(guitars);
    expect((await slugs('مقاس ٥٥ بوصة'))[0]).toBe(slugOf('55 Inch 4K Smart LED TV'));
  });

  it('corrects Arabic typos through the dictionary of title words, as it does English ones', async () => {
    expect((await slugs('جيتر')).sort()).toEqual(
      [slugOf('Electric Guitar Starter Pack'), slugOf('Acoustic Guitar Spruce Top Full Size')].sort(),
    );
    expect((await slugs('لابتب')).sort()).toEqual(
      [
        'ultrabook-14-laptop-16gb-ram-512gb-ssd',
        'creator-16-laptop-with-oled-display',
        'student-15-laptop-8gb-ram-256gb-ssd',
      ].sort(),
    );
    expect(await slugs('سماعت لاسلكية')).toEqual([slugOf('Wireless Noise Cancelling Headphones')]);
    expect(await slugs('مكسرت محمصه')).toEqual([slugOf('Roasted Mixed Nuts Premium Tin 500g')]);
  });

  it('ranks as the English search: a title word starting with it, then inside a title, then descriptions', async () => {
    // المصري: a title word starting with the search after the article; every description ends "...أنحاء مصر".
    const egypt = await search('مصر');
    expect(egypt.results).toBe(58);
    expect(egypt.data[0]!.slug).toBe(slugOf('Home Cooking Egyptian Classics Cookbook'));
    // Inside a word only (يتار in جيتار): still a title match, ranked before descriptions.
    expect((await slugs('يتار')).sort()).toEqual(
      [slugOf('Electric Guitar Starter Pack'), slugOf('Acoustic Guitar Spruce Top Full Size')].sort(),
    );
    // Descriptions match their whole words: كوارتز is in the watches' descriptions only.
    const quartz = await search('كوارتز');
    expect(quartz.data.map((p) => p.slug).sort()).toEqual(
      [
        slugOf("Men's Steel Chronograph Watch"),
        slugOf("Men's Minimalist Leather Strap Watch"),
        slugOf("Women's Rose Gold Mesh Watch"),
        slugOf('Smart Fitness Watch with Heart Rate'),
      ].sort(),
    );
    // Titles holding every word, in any order, come after.
    const juice = await search('مانجو عصير');
    expect(juice.data.map((p) => p.slug)).toEqual([slugOf('Cold Pressed Mango Juice 1L')]);
    // A Latin word beside an Arabic one may be in either title.
    expect(await slugs('جيتار electric')).toEqual([slugOf('Electric Guitar Starter Pack')]);
  });

  it('answers an Arabic search in the language asked for, and filters titles in Arabic too', async () => {
    const english = await search('جيتار');
    expect(english.data.map((p) => p.title).sort()).toEqual([
      'Acoustic Guitar Spruce Top Full Size',
      'Electric Guitar Starter Pack',
    ]);
    const arabic = await search('جيتار', '&lang=ar');
    expect(arabic.data.map((p) => p.title).sort()).toEqual([
      'جيتار أكوستيك بوجه من خشب السبروس مقاس كامل',
      'طقم جيتار كهربائي للمبتدئين',
    ]);
    const filtered = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/products?title=${encodeURIComponent('أباجوره')}` }),
    );
    expect(filtered.results).toBe(2);
  });

  it('learns the words of an Arabic title written after the seed (the dictionary trigger)', async () => {
    const id = idFromSlug('product', 'ceramic-bedside-table-lamp');
    await t.database.db.update(products).set({ titleAr: 'ترابيزة سرير بأباجورة' }).where(eq(products.id, id));
    t.app.ctx.catalogueCache.invalidate();
    expect(await slugs('تربيزة')).toEqual(['ceramic-bedside-table-lamp']);
  });

  it('can serve the Arabic title and description matches from their indexes', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const found = await keywordSearch(tx, 'جيتار');
      const query = tx.select({ id: products.id }).from(products).where(found.where);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: Array<Record<string, string>> }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('products_title_ar_search_trgm_idx');
    expect(plan).toContain('products_description_ar_words_idx');
  });
});
