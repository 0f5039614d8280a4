import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { imageWidths, type ImageWidth } from '@/lib/contract/images';
import type { Db } from '../db/client';
import { brands, categories, products } from '../db/schema';
import { AppError } from '../errors';
import { uploadedPictureBytes, uploadedPictureName } from '../modules/pictures';
import { renderGate } from './render-gate';
import { loadSharp, renderToDisk, type ArtCatalogue } from './render';

const ImageQuery = Type.Object({
  // An integer schema (not a union of literals) so the query string's "320" is coerced before the check.
  w: Type.Optional(Type.Unsafe<ImageWidth>({ type: 'integer', enum: [...imageWidths] })),
});

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Writes through a temporary name, so a reader (another request, another process) never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/**
 * Whether the catalogue refers to this picture, spelled exactly as requested: only those are drawn and
 * kept, so made-up names (or another spelling of a real one) cannot fill the disk.
 */
async function referenced(db: Db, rel: string): Promise<boolean> {
  const m = /^\/images\/(products|categories|brands)\//.exec(rel);
  if (!m) return false;
  if (m[1] === 'products') {
    // A gallery picture shares its product's cover name with the view number 0 (server/images/render.ts).
    const cover = rel.replace(/-[0-3]\.webp$/, '-0.webp');
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(
        sql`${products.imageCover} = ${cover} and (${products.imageCover} = ${rel} or ${rel} = any(${products.images}))`,
      )
      .limit(1);
    return rows.length > 0;
  }
  const table = m[1] === 'categories' ? categories : brands;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.image, rel)).limit(1);
  return rows.length > 0;
}

/**
 * /images/*: the seeded WebP pictures, cached for a year (a picture's URL never changes content).
 * `?w=` resizes to one of a few widths (so the storefront can build srcset) and keeps the result on
 * disk. A picture missing on disk is drawn on first request, so a database seeded elsewhere works.
 */
export const imageRoutes: FastifyPluginAsyncTypebox<{ art: ArtCatalogue }> = async (app, { art }) => {
  const root = path.join(app.ctx.config.dataDir, 'images');
  const inflight = new Map<string, Promise<string | null>>();
  const gate = renderGate;

  async function ensure(rel: string): Promise<string | null> {
    const file = path.join(root, rel.replace(/^\/images\//, ''));
    if (await exists(file)) return file;
    let job = inflight.get(rel);
    if (!job) {
      job = (async () => {
        // An upload is kept in the database (every process reads it there) and copied to this process's disk.
        if (uploadedPictureName(rel)) {
          const data = await uploadedPictureBytes(app.ctx.database.db, rel);
          if (!data) return null;
          await writeAtomically(file, data);
          return file;
        }
        if (!(await referenced(app.ctx.database.db, rel))) return null;
        return gate.run(() => renderToDisk(root, rel, art));
      })().finally(() => inflight.delete(rel));
      inflight.set(rel, job);
    }
    return job;
  }

  async function resized(source: string, rel: string, width: number): Promise<string> {
    const file = path.join(root, '.w', String(width), rel.replace(/^\/images\//, ''));
    if (await exists(file)) return file;
    const sharp = await loadSharp();
    const data = await gate.run(() =>
      sharp(source).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    );
    await writeAtomically(file, data);
    return file;
  }

  app.get(
    '/images/*',
    {
      schema: {
        querystring: ImageQuery,
      },
    },
    async (request, reply) => {
      const rel = request.url.split('?')[0] ?? '';
      if (rel.includes('..') || !/^\/images\/[a-z]+\/[^/]+\.webp$/.test(rel)) {
        throw new AppError(404, `Can't find this route: ${request.url}`);
      }
      const source = await ensure(rel);
      if (!source) throw new AppError(404, `Can't find this route: ${request.url}`);
      const { w } = request.query;
      const file = w ? await resized(source, rel, w) : source;
      const info = await stat(file);
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('Content-Length', info.size);
      reply.header('Last-Modified', info.mtime.toUTCString());
      reply.type('image/webp');
      return reply.send(createReadStream(file));
    },
  );
};
