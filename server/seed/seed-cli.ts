// `npm run db:seed [-- --products N]`: applies migrations and writes the catalogue (idempotent).
import path from 'node:path';
import { loadConfig } from '../config';
import { openShopDatabase } from '../db/client';
import { seedCatalogue } from './seed';

function productsArg(argv: string[]): number | undefined {
  const i = argv.findIndex((a) => a === '--products' || a.startsWith('--products='));
  if (i < 0) return undefined;
  const raw = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
    console.error(`--products needs a whole number from 1 to 1000000, got "${raw ?? ''}"`);
    process.exit(2);
  }
  return n;
}

async function main() {
  const config = loadConfig();
  const database = await openShopDatabase(config);
  try {
    await database.migrate();
    const t0 = Date.now();
    const seeded = await seedCatalogue(database.db, {
      products: productsArg(process.argv.slice(2)),
      imagesDir: path.join(config.dataDir, 'images'),
    });
    const result = { ...seeded, images: await seeded.renderImages() };
    console.log(
      `Seeded ${result.products} products, ${result.categories} categories, ${result.subcategories} subcategories, ` +
        `${result.brands} brands, ${result.reviews} reviews; rendered ${result.images} images in ${((Date.now() - t0) / 1000).toFixed(1)} s ` +
        `(${database.driver}${database.driver === 'pglite' ? ` at ${path.join(config.dataDir, 'pglite')}` : ''}).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
