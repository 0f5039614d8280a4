// The page our server serves with the live home content written in (server/web/home-page.ts): its banner markup is
// what React draws for the same slides (components/catalogue/banner-view.tsx), character for character, so the swap
// from the page's banner to Home's moves nothing; and what it writes for the head script and Home is readable.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrerenderedBanner } from '@/components/catalogue/home-placeholder';
import type { HomeSlide } from '@/lib/contract/home';
import { homeContentElementId, showSlide, type PageHomeContent } from '@/lib/home/content';
import { defaultHomeContent } from '@/lib/home/default-content';
import { homePage } from '@/server/web/home-page';

/** The banner as the prerendered page draws it (home-placeholder.tsx) for these slides. */
const drawn = (slides: readonly HomeSlide[]) =>
  renderToString(<PrerenderedBanner slides={slides} apiHost="" />);

/** A built page around a banner: the head (charset first, as Next writes it), then the body. */
function builtPage(banner: string): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>FreshCart</title></head>' +
    `<body><main><h1>Home</h1>${banner}<section aria-labelledby="shop-product"></section></main></body></html>`
  );
}

const upload: HomeSlide = {
  id: 'a5b7c9d1-0000-4000-8000-000000000001',
  picture: '/images/uploads/0123456789abcdef0123456789abcdef.webp',
  title: { en: 'Eid "sale" & <more>', ar: 'تخفيضات العيد' },
  text: { en: "Tom's picks: 5 < 6 > 4", ar: 'اختيارات' },
  linkLabel: { en: 'the Eid offers', ar: 'عروض العيد' },
  link: '/products?category=Women%27s%20Fashion&sort=-price',
  from: null,
  until: '2027-01-01T00:00:00.000Z',
};

function writtenContent(html: string): PageHomeContent {
  const match = new RegExp(
    `<script type="application/json" id="${homeContentElementId}">(.*?)</script>`,
  ).exec(html);
  expect(match, 'the content element').not.toBeNull();
  return JSON.parse(match![1]!) as PageHomeContent;
}

describe("the page our server serves: Home's live content written in", () => {
  const page = homePage(builtPage(drawn(defaultHomeContent.slides)), '');

  it('recognises the built banner as the one it draws for the content the shop started with', () => {
    expect(page.redrawsBanner).toBe(true);
    expect(page.render({ ...defaultHomeContent, version: 1 })).toContain(drawn(defaultHomeContent.slides));
  });

  it('draws the live slides exactly as React does, quotes, ampersands and angle brackets included', () => {
    const slides = [upload, defaultHomeContent.slides[1]!];
    const html = page.render({ slides, featuredCategories: [], version: 7 });
    expect(html).toContain(drawn(slides));
    expect(html).not.toContain('New arrivals');
    // Nothing a slide says can open an element.
    expect(html).not.toContain('<more>');
  });

  it('writes the content first in the head, after the charset, with the first picture as Home draws it', () => {
    const html = page.render({ slides: [upload], featuredCategories: ['c1', 'c2'], version: 3 });
    expect(html.indexOf(`id="${homeContentElementId}"`)).toBeGreaterThan(
      html.indexOf('<meta charSet="utf-8"/>'),
    );
    expect(html.indexOf(`id="${homeContentElementId}"`)).toBeLessThan(html.indexOf('<title>'));
    expect(writtenContent(html)).toEqual({
      slides: [upload],
      featuredCategories: ['c1', 'c2'],
      version: 3,
      picture: '/images/uploads/0123456789abcdef0123456789abcdef.webp?w=1600',
    });
  });

  it('a text cannot close the content element', () => {
    const sly = { ...upload, title: { en: '</script><script>alert(1)</script>', ar: 'x' } };
    const html = page.render({ slides: [sly], featuredCategories: [], version: 2 });
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(writtenContent(html).slides[0]!.title.en).toBe('</script><script>alert(1)</script>');
  });

  it('no live slide: no banner, and no picture to preload', () => {
    const html = page.render({ slides: [], featuredCategories: [], version: 4 });
    expect(html).not.toContain('aria-roledescription="carousel"');
    expect(writtenContent(html).picture).toBeNull();
  });

  it('a built banner it does not recognise stays as built; the content is still written in', () => {
    const changed = homePage(builtPage(drawn(defaultHomeContent.slides).replace('Shop now', 'Buy now')), '');
    expect(changed.redrawsBanner).toBe(false);
    const html = changed.render({ slides: [upload], featuredCategories: [], version: 5 });
    expect(html).toContain('Buy now');
    expect(writtenContent(html).slides).toEqual([upload]);
  });

  it("an upload is drawn from the build's API host; the shop's own drawings from the storefront", () => {
    const elsewhere = homePage(builtPage(drawn(defaultHomeContent.slides)), 'https://api.example');
    const html = elsewhere.render({
      slides: [upload, defaultHomeContent.slides[0]!],
      featuredCategories: [],
      version: 6,
    });
    expect(writtenContent(html).picture).toBe(
      'https://api.example/images/uploads/0123456789abcdef0123456789abcdef.webp?w=1600',
    );
    expect(showSlide(defaultHomeContent.slides[0]!, 'en', 'https://api.example').pictureUrl).toBe(
      '/ecommerceweb/banners/new-arrivals.svg',
    );
  });
});
