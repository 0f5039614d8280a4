import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { loadSharp, renderToDisk } from './render';

export const allowedWidths = [160, 320, 480, 640, 800, 1200] as const;

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * /images/*: the seeded WebP pictures, cached for a year (a picture's URL never changes content).
 * `?w=` resizes to one of a few widths (so the storefront can build srcset) and keeps the result on
 * disk. A picture missing on disk is drawn on first request, so a database seeded elsewhere works.
 */
export async function imageRoutes(app: FastifyInstance) {
  const root = path.join(app.ctx.config.dataDir, 'images');
  const inflight = new Map<string, Promise<string | null>>();

  async function ensure(rel: string): Promise<string | null> {
    const file = path.join(root, rel.replace(/^\/images\//, ''));
    if (await exists(file)) return file;
    let job = inflight.get(rel);
    if (!job) {
      job = renderToDisk(root, rel).finally(() => inflight.delete(rel));
      inflight.set(rel, job);
    }
    return job;
  }

  async function resized(source: string, rel: string, width: number): Promise<string> {
    const file = path.join(root, '.w', String(width), rel.replace(/^\/images\//, ''));
    if (await exists(file)) return file;
    await mkdir(path.dirname(file), { recursive: true });
    const sharp = await loadSharp();
    const data = await sharp(source)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
    return file;
  }

  app.get(
    '/images/*',
    {
      schema: {
        querystring: { type: 'object', properties: { w: { type: 'integer', enum: [...allowedWidths] } } },
      },
    },
    async (request, reply) => {
      const rel = request.url.split('?')[0] ?? '';
      if (rel.includes('..') || !/^\/images\/[a-z]+\/[^/]+\.webp$/.test(rel)) {
        throw new AppError(404, `Can't find this route: ${request.url}`);
      }
      const source = await ensure(rel);
      if (!source) throw new AppError(404, `Can't find this route: ${request.url}`);
      const { w } = request.query as { w?: number };
      const file = w ? await resized(source, rel, w) : source;
      const info = await stat(file);
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('Content-Length', info.size);
      reply.header('Last-Modified', info.mtime.toUTCString());
      reply.type('image/webp');
      return reply.send(createReadStream(file));
    },
  );
}
