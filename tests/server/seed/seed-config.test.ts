import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/server/config';
import { brands, categories, products, subcategories } from '@/server/db/schema';
import { seedCatalogue } from '@/server/seed/seed';
import { freshPglite } from '../helpers/test-app';

describe('seed', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'server-seed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is deterministic and idempotent, keeps live stock, and grows with --products', async () => {
    const database = await freshPglite(false);
    try {
      const first = await seedCatalogue(database.db);
      expect(first.products).toBeGreaterThanOrEqual(56);
      expect(first.categories).toBeGreaterThanOrEqual(10);
      expect(first.brands).toBeGreaterThanOrEqual(20);
      const ids = (await database.db.select({ id: products.id }).from(products)).map((r) => r.id).sort();
      await database.db.update(products).set({ quantity: 7 });
      await seedCatalogue(database.db);
      const again = await database.db.select().from(products);
      expect(again.map((r) => r.id).sort()).toEqual(ids);
      expect(again.every((r) => r.quantity === 7)).toBe(true);
      for (const table of [categories, subcategories, brands]) {
        const [row] = await database.db.select({ n: count() }).from(table);
        expect(Number(row!.n)).toBeGreaterThan(0);
      }
      const grown = await seedCatalogue(database.db, { products: 150 });
      expect(grown.products).toBe(150);
      const [n] = await database.db.select({ n: count() }).from(products);
      expect(Number(n!.n)).toBe(150);
      const all = await database.db.select().from(products);
      expect(new Set(all.map((p) => p.slug)).size).toBe(150);
      expect(all.every((p) => p.images.length >= 3 && p.description.length > 40 && p.price > 0)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('renders every referenced picture as WebP into the images folder', async () => {
    const database = await freshPglite(false);
    try {
      const seeded = await seedCatalogue(database.db, { imagesDir: path.join(dir, 'images') });
      const rendered = await seeded.renderImages();
      expect(rendered).toBe(seeded.images);
      const [p] = await database.db.select().from(products).limit(1);
      const file = path.join(dir, p!.imageCover);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file).subarray(8, 12).toString()).toBe('WEBP');
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('config', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'server-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      nodeEnv: 'development',
      shopName: 'FreshCart',
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.corsOrigins).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://localhost:3010']));
    expect(loadConfig({ DATA_DIR: dir, PORT: '3105' }).publicUrl).toBe('http://127.0.0.1:3105');
  });

  it('generates a JWT secret once and keeps it in the data folder', () => {
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwtSecret).toBe(b.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(a.jwtSecret);
  });

  it('refuses to start in production without JWT_SECRET, and rejects bad values', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET is required when NODE_ENV=production',
    );
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, CORS_ORIGINS: 'not a url' })).toThrow(ConfigError);
    expect(
      loadConfig({ DATA_DIR: dir, CORS_ORIGINS: 'https://a.example, https://b.example/' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(() => loadConfig({ DATA_DIR: dir, SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'SHOP_TIME_ZONE must be a time zone name such as Africa/Cairo (got "Mars/Olympus")',
    );
    expect(loadConfig({ DATA_DIR: dir }).shopTimeZone).toBe('Africa/Cairo');
    expect(loadConfig({ DATA_DIR: dir, SHOP_TIME_ZONE: 'europe/london' }).shopTimeZone).toBe('Europe/London');
  });
});
