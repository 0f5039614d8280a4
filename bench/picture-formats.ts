// Product pictures as WebP (what the image route sends) against AVIF, at the widths the storefront's srcset asks
// for most (320, 480, 640): total bytes and encode time for one picture of each kind the seed draws. AVIF at
// sharp's default effort (4) and at effort 2, each format near sharp's default quality (WebP 80, AVIF 50).
// Decision: docs/decisions/0013-webp-not-avif.md.
//
//   npx tsx bench/picture-formats.ts
import os from 'node:os';
import sharp from 'sharp';
import { productKinds, productSvg } from '../server/images/art';

const widths = [320, 480, 640];

async function timed(f: () => Promise<Buffer>): Promise<{ bytes: number; ms: number }> {
  const t = performance.now();
  const data = await f();
  return { bytes: data.length, ms: performance.now() - t };
}

async function main() {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const totals: Record<string, { bytes: number; ms: number }> = {};
  const add = (k: string, r: { bytes: number; ms: number }) => {
    const t = (totals[k] ??= { bytes: 0, ms: 0 });
    t.bytes += r.bytes;
    t.ms += r.ms;
  };
  for (const kind of productKinds) {
    // The stored picture, as server/images/render.ts draws it.
    const source = await sharp(Buffer.from(productSvg(kind, 7, 0)))
      .webp({ quality: 82, effort: 1 })
      .toBuffer();
    for (const width of widths) {
      const resize = () => sharp(source).resize({ width, withoutEnlargement: true });
      add('webp q78 (sent today)', await timed(() => resize().webp({ quality: 78 }).toBuffer()));
      add('avif q55 effort 4', await timed(() => resize().avif({ quality: 55, effort: 4 }).toBuffer()));
      add('avif q55 effort 2', await timed(() => resize().avif({ quality: 55, effort: 2 }).toBuffer()));
    }
  }
  const base = totals['webp q78 (sent today)']!;
  console.log(`${productKinds.length} pictures × ${widths.join('/')} px:`);
  for (const [k, t] of Object.entries(totals)) {
    console.log(
      `  ${k.padEnd(22)} ${(t.bytes / 1000).toFixed(1).padStart(7)} KB (${((t.bytes / base.bytes) * 100).toFixed(0)}%), encode ${Math.round(t.ms)} ms (${(t.ms / base.ms).toFixed(1)}×)`,
    );
  }
}

void main();
