// Links that preview (issue 29, item 2), read as a link-preview bot reads them: the shop's own address and three
// products' share addresses, in English and in Arabic, every picture and icon they name fetched; then what people do:
// follow a share address into the shop, and share a product from its screen.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { readPreview } from './support/link-preview';
import { logInWithToken, waitForHydration } from './support/app';

const bot = { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };

async function previewOf(request: APIRequestContext, url: string) {
  const res = await request.get(url, { headers: bot });
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/html/);
  return readPreview(await res.text());
}

/** A picture the preview names: absolute, on the shop, and served as a picture. */
async function expectPicture(request: APIRequestContext, url: string | undefined, origin: string) {
  expect(url).toBeDefined();
  expect(new URL(url!).origin).toBe(origin);
  const res = await request.get(url!);
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-type'], url).toMatch(/^image\//);
  expect((await res.body()).byteLength).toBeGreaterThan(100);
}

test.describe('the shop as a link previews', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`the shop's address in ${lang}: title, description, picture, canonical, manifest and icons`, async ({
      request,
      baseURL,
    }) => {
      const origin = new URL(baseURL!).origin;
      const home = `${origin}/ecommerceweb/`;
      const page = await previewOf(request, lang === 'ar' ? '/ecommerceweb/?lang=ar' : '/ecommerceweb/');
      const m = page.meta;
      expect(page.title).toBe('FreshCart');
      expect(m.get('og:title')).toBe('FreshCart');
      expect(m.get('og:site_name')).toBe('FreshCart');
      expect(m.get('og:type')).toBe('website');
      const description =
        lang === 'ar'
          ? 'فريش كارت: تسوّق الأزياء والإلكترونيات والمزيد، ويصلك حتى باب بيتك.'
          : 'FreshCart: shop fashion, electronics and more, delivered to your door.';
      // The page's own description (search engines) is the build's, in English; previews read og:description.
      expect(m.get('description')).toBe(
        'FreshCart: shop fashion, electronics and more, delivered to your door.',
      );
      expect(m.get('og:description')).toBe(description);
      expect(m.get('twitter:description')).toBe(description);
      expect(m.get('og:locale')).toBe(lang === 'ar' ? 'ar_EG' : 'en_US');
      expect(m.get('og:url')).toBe(lang === 'ar' ? `${home}?lang=ar` : home);
      expect(m.get('twitter:card')).toBe('summary_large_image');
      expect(m.get('og:image')).toBe(`${home}share-card${lang === 'ar' ? '-ar' : ''}.png`);
      expect(m.get('twitter:image')).toBe(m.get('og:image'));
      expect(m.get('og:image:alt')).toBeTruthy();
      await expectPicture(request, m.get('og:image'), origin);
      expect(page.links).toContainEqual({
        rel: 'canonical',
        href: lang === 'ar' ? `${home}?lang=ar` : home,
        hreflang: undefined,
      });
      for (const l of ['en', 'ar'])
        expect(page.links).toContainEqual({ rel: 'alternate', href: `${home}?lang=${l}`, hreflang: l });

      // The installed app: the manifest and each of its icons.
      const manifestLink = page.links.find((l) => l.rel === 'manifest');
      expect(manifestLink).toBeDefined();
      const manifestRes = await request.get(manifestLink!.href);
      expect(manifestRes.status()).toBe(200);
      const manifest = (await manifestRes.json()) as {
        name: string;
        start_url: string;
        icons: { src: string; sizes: string; purpose?: string }[];
      };
      expect(manifest.name).toBe('FreshCart');
      expect(manifest.start_url).toBe('/ecommerceweb/');
      expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
      for (const icon of manifest.icons) await expectPicture(request, `${origin}${icon.src}`, origin);
      const touch = page.links.find((l) => l.rel === 'apple-touch-icon');
      await expectPicture(request, `${origin}${touch?.href}`, origin);

      // Asked of the host's root by browsers and bots whatever the page links.
      const favicon = await request.get('/favicon.ico');
      expect(favicon.status()).toBe(200);
      expect(favicon.headers()['content-type']).toBe('image/x-icon');
      expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    });
  }

  test('three products in English and Arabic: their own title, description, price and picture', async ({
    request,
    api,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const three = (await api.catalogue()).slice(0, 3);
    expect(three).toHaveLength(3);
    for (const product of three) {
      for (const lang of ['en', 'ar'] as const) {
        const shown = (await (await request.get(`/api/v1/products/${product._id}?lang=${lang}`)).json()) as {
          data: { title: string; price: number; priceAfterDiscount?: number };
        };
        const page = await previewOf(request, `/ecommerceweb/p/${product._id}?lang=${lang}`);
        expect(page.html.lang).toBe(lang);
        expect(page.meta.get('og:title')).toBe(shown.data.title);
        expect(page.title).toBe(`${shown.data.title} · FreshCart`);
        expect(page.meta.get('og:description')?.length).toBeGreaterThan(10);
        expect(Number(page.meta.get('product:price:amount'))).toBe(
          shown.data.priceAfterDiscount ?? shown.data.price,
        );
        expect(page.meta.get('og:url')).toBe(`${origin}/ecommerceweb/p/${product._id}`);
        await expectPicture(request, page.meta.get('og:image'), origin);
        expect(page.jsonLd).toHaveLength(1);
      }
    }
  });
});

test.describe('sharing and following a product link', () => {
  test('a link shared from the Arabic shop opens the product in Arabic', async ({ page, api, shopper }) => {
    await logInWithToken(page, shopper.token);
    const [product] = await api.catalogue();
    await page.goto(`/ecommerceweb/p/${product!._id}?lang=ar`);
    await page.waitForURL(`**/ecommerceweb/?lang=ar#/productDetails/${product!._id}`);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('button', { name: '+ أضف إلى العربة' })).toBeVisible();
  });

  test("the product screen's Share copies the share address, which previews the product", async ({
    page,
    context,
    api,
    shopper,
    request,
    baseURL,
  }) => {
    await logInWithToken(page, shopper.token);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(baseURL!).origin,
    });
    const [product] = await api.catalogue();
    await page.goto(`/ecommerceweb/#/productDetails/${product!._id}`);
    await waitForHydration(page);
    // Headless Chromium on Linux has no share sheet: the address is copied.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByText('Link copied: paste it anywhere to share this product.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(baseURL!).origin}/ecommerceweb/p/${product!._id}`);
    const preview = await previewOf(request, copied);
    expect(preview.meta.get('og:title')).toBe(product!.title);
  });
});
