// Links that preview (issue 29, item 2): a product's share address read as a link-preview bot reads it (the HTML's
// meta tags and JSON-LD, parsed), in English and in Arabic; robots.txt; the sitemap, one urlset or an index of pages.
import { eq } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema';
import { idFromSlug } from '@/server/db/ids';
import { summary } from '@/server/web/share';
import { formatEgp } from '@/lib/rules/money';
import { seedProducts } from '../fakes/payments-app';
import { dbKinds, json, startTestApp, type TestApp } from '../helpers/test-app';
import { readPreview } from '../../../e2e/support/link-preview';

const publicUrl = 'http://shop.test';
const shareOf = (id: string) => `${publicUrl}/ecommerceweb/p/${id}`;

const ids = [
  idFromSlug('product', 'brass-arc-floor-lamp'),
  idFromSlug('product', 'stoneware-coffee-mug-set-of-4'),
];

describe.each(dbKinds)('share links on %s', (kind) => {
  let t: TestApp;
  let three: string[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const list = json(await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=5' }));
    const third = (list.data as { _id: string }[]).map((p) => p._id).find((id) => !ids.includes(id));
    three = [...ids, third!];
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['en', 'ar'] as const)(
    'previews three products in %s as a link-preview bot reads them',
    async (lang) => {
      for (const id of three) {
        const api = json(await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}?lang=${lang}` }))
          .data as {
          title: string;
          description: string;
          price: number;
          priceAfterDiscount?: number;
          quantity: number;
          imageCover: string;
          brand: { name: string };
        };
        const res = await t.app.inject({
          method: 'GET',
          url: `/ecommerceweb/p/${id}`,
          headers: lang === 'ar' ? { 'accept-language': 'ar-EG,ar;q=0.9' } : { 'user-agent': 'Slackbot 1.0' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('public, max-age=300');
        expect(res.headers['content-language']).toBe(lang);
        expect(String(res.headers.vary)).toMatch(/accept-language/i);
        expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);

        const page = readPreview(res.body);
        expect(page.html).toEqual(lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' });
        expect(page.title).toBe(`${api.title} · FreshCart`);
        if (lang === 'ar') expect(api.title).toMatch(/[\u0600-\u06ff]/);
        const m = page.meta;
        expect(m.get('og:type')).toBe('product');
        expect(m.get('og:title')).toBe(api.title);
        const description = m.get('og:description')!;
        expect(description.length).toBeLessThanOrEqual(160);
        expect(api.description.replace(/\s+/g, ' ')).toContain(description.replace(/…$/, ''));
        expect(m.get('description')).toBe(description);
        expect(m.get('og:image')).toBe(`${api.imageCover}?w=1200`);
        expect(new URL(m.get('og:image')!).origin).toBe(publicUrl);
        expect(m.get('og:url')).toBe(shareOf(id));
        expect(m.get('og:site_name')).toBe('FreshCart');
        expect(m.get('og:locale')).toBe(lang === 'ar' ? 'ar_EG' : 'en_US');
        const price = api.priceAfterDiscount ?? api.price;
        expect(Number(m.get('product:price:amount'))).toBe(price);
        expect(m.get('product:price:currency')).toBe('EGP');
        // A person who opens the page sees the price as the shop writes it, in the page's language.
        expect(res.body).toContain(
          lang === 'ar' ? `<p>السعر: ${formatEgp(price, 'ar')}</p>` : `<p>Price: ${formatEgp(price)}</p>`,
        );
        expect(m.get('twitter:card')).toBe('summary_large_image');
        expect(m.get('twitter:title')).toBe(api.title);
        expect(m.get('twitter:image')).toBe(m.get('og:image'));
        expect(page.links).toContainEqual({ rel: 'canonical', href: shareOf(id), hreflang: undefined });

        const screen = `${publicUrl}/ecommerceweb/#/productDetails/${id}`;
        expect(m.get('refresh')).toBe(`0; url=${screen}`);
        expect(page.anchors).toContain(screen);
        // Only the JSON-LD data block: the server's policy runs no inline script.
        expect(page.scripts).toBe(1);
        expect(page.jsonLd).toEqual([
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: api.title,
            description: api.description,
            image: [m.get('og:image')],
            sku: id,
            productID: id,
            brand: { '@type': 'Brand', name: api.brand.name },
            offers: {
              '@type': 'Offer',
              price: String(price),
              priceCurrency: 'EGP',
              availability: `https://schema.org/${api.quantity > 0 ? 'InStock' : 'OutOfStock'}`,
              url: shareOf(id),
            },
          },
        ]);
      }
    },
  );

  it('answers the language of ?lang= over Accept-Language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/ecommerceweb/p/${ids[0]}?lang=ar`,
      headers: { 'accept-language': 'en' },
    });
    const page = readPreview(res.body);
    expect(page.html).toEqual({ lang: 'ar', dir: 'rtl' });
    // Asked for in the address, the language goes on with the shopper into the shop (the head script reads it).
    const screen = `${publicUrl}/ecommerceweb/?lang=ar#/productDetails/${ids[0]}`;
    expect(page.meta.get('refresh')).toBe(`0; url=${screen}`);
    expect(page.anchors).toContain(screen);
  });

  it('escapes a hostile title and description everywhere', async () => {
    const title = `</title><script>alert("x")</script> "quoted" & 'single' </script><!--`;
    const [hostile] = await seedProducts(t.database, [{ title, price: 99, quantity: 0 }]);
    const res = await t.app.inject({ method: 'GET', url: `/ecommerceweb/p/${hostile!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('</title><script>');
    const page = readPreview(res.body);
    expect(page.scripts).toBe(1);
    expect(page.title).toBe(`${title} · FreshCart`);
    expect(page.meta.get('og:title')).toBe(title);
    const [ld] = page.jsonLd as { name: string; offers: { availability: string } }[];
    expect(ld!.name).toBe(title);
    expect(ld!.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('answers 404 with the shop’s own page for unknown, malformed, draft and archived products', async () => {
    const [archived, draft] = await seedProducts(t.database, [
      { title: 'Old lamp', price: 10, quantity: 3 },
      { title: 'New lamp', price: 10, quantity: 3 },
    ]);
    await t.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, archived!.id));
    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, draft!.id));
    for (const id of ['0123456789abcdef01234567', 'not-an-id', '%3Cscript%3E', archived!.id, draft!.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/ecommerceweb/p/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const page = readPreview(res.body);
      expect(page.title).toContain('FreshCart');
      expect(page.title).not.toMatch(/could not be found/);
      expect(page.anchors).toEqual([`${publicUrl}/ecommerceweb/`]);
      expect(res.body).not.toContain('<script');
    }
  });

  it('serves robots.txt', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /ecommerceweb/admin/',
      'Disallow: /pay/',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ]);
  });

  it('serves one sitemap of the home and every active product', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { locs, lastmods, root } = readSitemap(res.body);
    expect(root).toBe('urlset');
    const active = await t.database.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.status, 'active'));
    expect(locs[0]).toBe(`${publicUrl}/ecommerceweb/`);
    expect(locs.slice(1).sort()).toEqual(active.map((p) => shareOf(p.id)).sort());
    for (const id of three) expect(locs).toContain(shareOf(id));
    const lamp = active.find((p) => p.id === ids[0])!;
    expect(lastmods.get(shareOf(lamp.id))).toBe(lamp.updatedAt.toISOString().slice(0, 10));
  });
});

/** The <loc>s of a sitemap or sitemap index, in order, and each url's <lastmod>. */
function readSitemap(xml: string): { root: string; locs: string[]; lastmods: Map<string, string> } {
  let root = '';
  let open = '';
  let loc = '';
  const locs: string[] = [];
  const lastmods = new Map<string, string>();
  const parser = new Parser(
    {
      onopentag(name) {
        if (!root) root = name;
        open = name;
      },
      ontext(text) {
        if (open === 'loc') loc += text;
        if (open === 'lastmod') lastmods.set(locs.at(-1)!, text);
      },
      onclosetag(name) {
        if (name === 'loc') {
          locs.push(loc);
          loc = '';
        }
        open = '';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { root, locs, lastmods };
}

describe('a preview’s description', () => {
  it('is cut to 160 characters at a word boundary, white space made single', () => {
    const long = `${'Warm even light from a solid brass arc,\n  '.repeat(6)}end`;
    const cut = summary(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/ (light|from|a|solid|brass|arc|Warm|even)…$/);
    expect(long.replace(/\s+/g, ' ')).toContain(cut.slice(0, -1));
    expect(summary('  Short\n text ')).toBe('Short text');
  });
});

describe.each(dbKinds)('a paged sitemap on %s', (kind) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: false, sitemapPageSize: 2 });
  });

  it('is one urlset while the home and the products fit a page, an index of pages beyond', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(readSitemap(first.body)).toMatchObject({ root: 'urlset', locs: [`${publicUrl}/ecommerceweb/`] });

    const seeded = await seedProducts(
      t.database,
      ['A & B', 'C', 'D', 'E', 'F'].map((title) => ({ title, price: 5, quantity: 1 })),
    );
    const [archived] = await seedProducts(t.database, [{ title: 'Gone', price: 5, quantity: 1 }]);
    await t.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, archived!.id));

    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const pages = readSitemap(index.body);
    expect(pages.root).toBe('sitemapindex');
    // The home and five products: three pages of two.
    expect(pages.locs).toEqual([1, 2, 3].map((n) => `${publicUrl}/sitemap-products-${n}.xml`));

    const all: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await t.app.inject({ method: 'GET', url: `/sitemap-products-${n}.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const page = readSitemap(res.body);
      expect(page.root).toBe('urlset');
      expect(page.locs).toHaveLength(2);
      all.push(...page.locs);
    }
    expect(all[0]).toBe(`${publicUrl}/ecommerceweb/`);
    expect(all.slice(1).sort()).toEqual(seeded.map((p) => shareOf(p.id)).sort());
    expect(new Set(all).size).toBe(all.length);
    for (const n of ['0', '4', 'x']) {
      const res = await t.app.inject({ method: 'GET', url: `/sitemap-products-${n}.xml` });
      expect(res.statusCode, n).toBe(404);
    }
  });
});
