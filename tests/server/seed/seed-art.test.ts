// The seeded catalogue's pictures are honest and readable: each product is drawn as the thing its title
// names, and each brand logo's lettering reads on its badge in both themes. Axe cannot see text inside an
// image, so the pictures are rendered and measured here.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandSvg, productSvg, type ProductKind } from '@/server/images/art';
import { seedBrands, seedProducts } from '@/server/seed/seed-data';

function luminance(r: number, g: number, b: number): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
}

function contrastWithWhite(r: number, g: number, b: number): number {
  return 1.05 / (luminance(r, g, b) + 0.05);
}

/** The words a title must hold for a picture of that kind to show what is named. */
const namedBy: Record<ProductKind, RegExp> = {
  shirt: /shirt/i,
  dress: /dress/i,
  jacket: /jacket/i,
  shoe: /shoe|sneaker|boot/i,
  bag: /bag|tote|duffel/i,
  watch: /watch/i,
  phone: /smartphone|phone/i,
  laptop: /laptop/i,
  headphones: /headphones/i,
  tv: /\bTV\b/,
  camera: /camera/i,
  perfume: /parfum|toilette|mist|perfume/i,
  lipstick: /lipstick|lip balm/i,
  book: /novel|fiction|cookbook|book/i,
  toy: /teddy|bear|toy/i,
  bunny: /bunny|rabbit/i,
  guitar: /guitar/i,
  lamp: /lamp/i,
  mug: /mug/i,
  food: /nuts|dates|snack/i,
  bottle: /water|juice/i,
  powerbank: /power bank/i,
  scarf: /shawl|scarf/i,
};

describe('seeded product pictures', () => {
  it.each(seedProducts.map((p) => [p.title, p.kind] as const))('%s is drawn as a %s', (title, kind) => {
    expect(title).toMatch(namedBy[kind]);
  });

  it('draws the new kinds (a power bank, a shawl) as pictures of their own', () => {
    const bottle = productSvg('bottle', 1, 0);
    expect(productSvg('powerbank', 1, 0)).not.toBe(bottle);
    expect(productSvg('scarf', 1, 0)).not.toBe(productSvg('jacket', 1, 0));
  });

  it('draws the Cuddly Bunny as a bunny (long ears), not the teddy bear of the other soft toy', () => {
    const bunny = seedProducts.find((p) => p.title.startsWith('Cuddly Bunny'))!;
    expect(bunny.kind).toBe('bunny');
    const drawn = productSvg(bunny.kind, 1, 0);
    expect(drawn).not.toBe(productSvg('toy', 1, 0));
    // Two long ears: ellipses three times as tall as wide.
    const ears = [...drawn.matchAll(/<ellipse [^>]*rx="(\d+)" ry="(\d+)"/g)].filter(
      ([, rx, ry]) => Number(ry) >= 3 * Number(rx) && Number(rx) >= 20,
    );
    expect(ears.length).toBeGreaterThanOrEqual(2);
  });
});

describe('brand logos', () => {
  it.each(seedBrands.map((b) => [b.name]))(
    '%s: white lettering at 4.5:1 or more on its badge, on a transparent canvas',
    async (name) => {
      const { data, info } = await sharp(Buffer.from(brandSvg(name)))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => {
        const i = (Math.round(y * info.height) * info.width + Math.round(x * info.width)) * 4;
        return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!] as const;
      };
      // Corners: nothing drawn, so a dark card stays dark and a light one light (no white or grey box).
      for (const [x, y] of [
        [0.01, 0.01],
        [0.99, 0.01],
        [0.01, 0.99],
        [0.99, 0.99],
      ] as const) {
        expect(at(x, y)[3], `corner ${x},${y} of ${name}`).toBe(0);
      }
      // The badge left and right of the lettering, where the gradient is lightest and darkest.
      for (const [x, y] of [
        [0.12, 0.5],
        [0.88, 0.5],
        [0.5, 0.24],
        [0.5, 0.76],
      ] as const) {
        const [r, g, b, a] = at(x, y);
        expect(a).toBe(255);
        expect(contrastWithWhite(r, g, b), `${name} badge at ${x},${y}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
