#!/usr/bin/env node
// Draws the shop's icons and link-preview cards from its logo (public/logo.svg) into public/, once, with sharp; the
// pictures are committed, so a build needs neither this script nor the fonts it draws the cards' words with
// (DejaVu Sans: `apt-get install fonts-dejavu-core`). Rerun after changing the logo or the words.
//   public/favicon.ico                 16, 32 and 48 px (PNG inside ICO: every browser of the last decade reads it)
//   public/icons/apple-touch-icon.png  180 px on white (iOS draws no transparency)
//   public/icons/icon-192.png, icon-512.png       the manifest's icons
//   public/icons/maskable-512.png      the logo inside the centre 80 % (the safe zone) on the brand green
//   public/share-card.png, share-card-ar.png      1200 × 630, the Open Graph / Twitter picture, English and Arabic
//
//   node scripts/draw-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pub = (...p) => path.join(root, 'public', ...p);
const logo = readFileSync(pub('logo.svg'), 'utf8');
const green = '#0a6e37';

/** The logo's inner drawing (the circle and the cart), without the outer <svg>. */
const logoInner = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

const png = (svg, size) => sharp(Buffer.from(svg), { density: 384 }).resize(size, size).png().toBuffer();

/** An ICO file holding PNG images (ICONDIR, one ICONDIRENTRY each, then the PNGs). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

const square = (inner, { background, scale = 1 } = {}) => {
  const pad = (48 - 48 * scale) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">` +
    (background ? `<rect width="48" height="48" fill="${background}"/>` : '') +
    `<g transform="translate(${pad} ${pad}) scale(${scale})">${inner}</g></svg>`
  );
};

// The maskable icon: the cart alone (white on the green that fills the whole square), inside the safe zone.
const cartOnly = logoInner.replace(/<circle cx="24" cy="24"[^>]*\/>/, '');

function card(lang) {
  const words =
    lang === 'ar'
      ? { title: 'فريش كارت', lead: 'أزياء وإلكترونيات والمزيد، حتى باب بيتك', anchor: 'start', x: 1100 }
      : { title: 'FreshCart', lead: 'Fashion, electronics and more, delivered', anchor: 'start', x: 100 };
  const logoX = lang === 'ar' ? 1100 - 150 : 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${green}"/><stop offset="1" stop-color="#043a1d"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="${lang === 'ar' ? 120 : 1080}" cy="520" r="300" fill="#fff" opacity="0.07"/>
  <circle cx="${lang === 'ar' ? 60 : 1140}" cy="90" r="140" fill="#fff" opacity="0.06"/>
  <g transform="translate(${logoX} 120) scale(3.125)"><circle cx="24" cy="24" r="23" fill="#fff"/>${cartOnly.replace(/#fff/g, green)}</g>
  <g font-family="DejaVu Sans, sans-serif" fill="#fff" text-anchor="${words.anchor}"${lang === 'ar' ? ' direction="rtl"' : ''}>
    <text x="${words.x}" y="400" font-size="104" font-weight="bold">${words.title}</text>
    <text x="${words.x}" y="480" font-size="44" opacity="0.92">${words.lead}</text>
  </g>
</svg>`;
}

const sizes = [16, 32, 48];
writeFileSync(
  pub('favicon.ico'),
  ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(logo, size) })))),
);
writeFileSync(
  pub('icons', 'apple-touch-icon.png'),
  await png(square(logoInner, { background: '#fff', scale: 0.86 }), 180),
);
writeFileSync(pub('icons', 'icon-192.png'), await png(logo, 192));
writeFileSync(pub('icons', 'icon-512.png'), await png(logo, 512));
writeFileSync(
  pub('icons', 'maskable-512.png'),
  await png(square(cartOnly, { background: green, scale: 0.7 }), 512),
);
for (const lang of ['en', 'ar'])
  writeFileSync(
    pub(lang === 'ar' ? 'share-card-ar.png' : 'share-card.png'),
    await sharp(Buffer.from(card(lang)))
      .png({ compressionLevel: 9, palette: true })
      .toBuffer(),
  );
console.log('draw-icons: favicon.ico, icons/*.png, share-card.png and share-card-ar.png written to public/');
