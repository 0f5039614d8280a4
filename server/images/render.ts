import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type sharpFactory from 'sharp';
import { brandSvg, categorySvg, productKinds, productSvg, type ProductKind } from './art';

// Stored image paths (relative to the server):
//   /images/products/<kind>-<variant>-<view>.webp   view 0 is the cover, 1-3 the gallery
//   /images/categories/<slug>.webp
//   /images/brands/<slug>.webp
export const productImagePath = (kind: ProductKind, variant: number, view: number) =>
  `/images/products/${kind}-${variant}-${view}.webp`;
export const categoryImagePath = (slug: string) => `/images/categories/${encodeURIComponent(slug)}.webp`;
export const brandImagePath = (slug: string) => `/images/brands/${encodeURIComponent(slug)}.webp`;

let sharpModule: Promise<typeof sharpFactory> | undefined;

/** sharp, imported on the first picture drawn or resized: a restart that draws nothing never loads it. */
export function loadSharp(): Promise<typeof sharpFactory> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

/**
 * What the drawings need to know of the catalogue: a category's kind of product (its picture) and a brand's name
 * (its wordmark), by slug. The seed provides it (server/seed/seed-data.ts: `seedArt`).
 */
export interface ArtCatalogue {
  categoryKind(slug: string): ProductKind | undefined;
  brandName(slug: string): string | undefined;
}

/** The SVG for a stored image path, or null if the path names no picture we can draw. */
export function svgFor(relPath: string, art: ArtCatalogue): string | null {
  const m = /^\/images\/(products|categories|brands)\/([^/]+)\.webp$/.exec(relPath);
  if (!m) return null;
  const [, folder, rawName] = m;
  let name: string;
  try {
    name = decodeURIComponent(rawName!);
  } catch {
    return null;
  }
  if (folder === 'products') {
    const pm = /^([a-z]+)-(\d{1,4})-([0-3])$/.exec(name);
    if (!pm || !productKinds.includes(pm[1] as ProductKind)) return null;
    return productSvg(pm[1] as ProductKind, Number(pm[2]), Number(pm[3]));
  }
  if (folder === 'categories') {
    const kind = art.categoryKind(name);
    return kind ? categorySvg(kind, name) : null;
  }
  const brand = art.brandName(name);
  return brand ? brandSvg(brand) : null;
}

/** Renders a stored path into imagesRoot (atomically: written aside, then renamed). Returns the file. */
export async function renderToDisk(
  imagesRoot: string,
  relPath: string,
  art: ArtCatalogue,
): Promise<string | null> {
  const svg = svgFor(relPath, art);
  if (!svg) return null;
  const file = path.join(imagesRoot, relPath.replace(/^\/images\//, ''));
  await mkdir(path.dirname(file), { recursive: true });
  const sharp = await loadSharp();
  const data = await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 1 }).toBuffer();
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
  return file;
}

/** Renders many paths with bounded concurrency (sharp itself uses the cores). */
export async function renderAll(
  imagesRoot: string,
  relPaths: string[],
  art: ArtCatalogue,
  concurrency = 4,
): Promise<number> {
  const queue = [...new Set(relPaths)];
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        if (await renderToDisk(imagesRoot, p, art)) done++;
      }
    }),
  );
  return done;
}
