// `npm start` / `npm run dev` (through server/main.ts), and the benchmark's own server (bench/server.ts):
// config → database → migrations → seed if empty → listen.
import { basePath } from '@/lib/base-path';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openShopDatabase } from './db/client';
import { ensureDemoAdmin } from './modules/staff';
import { catalogueIsEmpty, seedCatalogue } from './seed/seed';

export interface ServeOptions {
  /** Extra routes for this process only (the benchmark's baseline route). */
  plugins?: FastifyPluginAsync[];
}

/** PUBLIC_URL as printed: PORT=0's default address gets the port the system chose. */
export function printedAddress(publicUrl: string, listeningPort: number): string {
  const url = new URL(publicUrl);
  if (url.port !== '0') return publicUrl;
  url.port = String(listeningPort);
  return url.origin;
}

export async function serve(options: ServeOptions = {}) {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const database = await openShopDatabase(config);
  await database.migrate();
  let renderImages: (() => Promise<number>) | undefined;
  if (await catalogueIsEmpty(database.db)) {
    const t0 = Date.now();
    const result = await seedCatalogue(database.db, { imagesDir: path.join(config.dataDir, 'images') });
    renderImages = result.renderImages;
    console.log(
      `Empty database: seeded ${result.products} products, ${result.categories} categories and ${result.brands} brands ` +
        `in ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
    );
  }
  // Development only: a demo admin for the back office (never in production: there `npm run admin` makes one).
  const demoAdmin =
    config.nodeEnv !== 'production' ? await ensureDemoAdmin(database.db, config.dataDir) : undefined;
  const app = await buildApp({ config, database, plugins: options.plugins });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let in-flight requests finish, then release the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // A keep-alive connection whose request finishes during the shutdown would stay open until its
      // idle timeout (and the forced exit above); close each one as soon as it falls idle.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      await database.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const payments = config.stripeSecretKey ? 'Stripe' : 'TEST provider (card 4242, no real charges)';
  if (config.nodeEnv === 'production' && !config.stripeSecretKey) {
    console.warn(
      'WARNING: ALLOW_TEST_PAYMENTS=1: card payments go to the hosted TEST page and no money is taken. ' +
        'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET before selling for real.',
    );
  }
  if (app.ctx.mailer.kind === 'none') {
    console.warn(
      'WARNING: SMTP_URL is not set: this shop cannot send e-mail, so PASSWORD RESETS DO NOT WORK ' +
        '(forgotPasswords answers 503 and no code is kept). Set SMTP_URL.',
    );
  }
  // The shop's own address (PUBLIC_URL, by default where it listens): the one a shopper can pay from.
  const shop = printedAddress(config.publicUrl, port);
  console.log(
    `Shop running: ${shop}${basePath}/  (API ${shop}/api/v1, ` +
      `listening on ${config.host}:${port}, database ${database.driver}, mail ${app.ctx.mailer.kind}, ` +
      `payments ${payments})`,
  );
  if (demoAdmin) {
    console.log(
      `Demo admin (development only): ${demoAdmin.email} / ${demoAdmin.password} ` +
        `(kept in ${demoAdmin.passwordFile}; sign in with POST /api/v1/auth/signin). ` +
        'Make real admins with: npm run admin -- create EMAIL',
    );
  }
  if (renderImages) {
    // Pictures are drawn after the server is up (any asked for before then are drawn on request). A
    // failure here (a full disk, too many open files) is logged; the pictures are drawn on request.
    const t0 = Date.now();
    try {
      const n = await renderImages();
      console.log(
        `Rendered ${n} catalogue images into ${path.join(config.dataDir, 'images')} in ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
      );
    } catch (err) {
      app.log.error({ err }, 'drawing the catalogue images failed; they will be drawn on request');
      console.error(
        `Drawing the catalogue images failed (${err instanceof Error ? err.message : String(err)}).`,
      );
    }
  }
}
