import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { BackgroundTasks } from './background';
import { startChangeFeed } from './change-feed';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import { addressRoutes } from './modules/addresses';
import { authPlugin, authRoutes, TokenService, type AuthLimits } from './modules/auth';
import { cartRoutes } from './modules/cart';
import { auditRoutes } from './modules/audit';
import {
  CatalogueCache,
  catalogueRoutes,
  catalogueStaffRoutes,
  feedCatalogueCache,
} from './modules/catalogue';
import { checkoutRoutes, providerFromConfig, type PaymentProvider } from './modules/checkout';
import { customerRoutes } from './modules/customers';
import { outboxRoutes } from './modules/dev';
import { healthRoutes } from './modules/health';
import { HomeCache, feedHomeCache, homeRoutes } from './modules/home';
import { importRoutes, type ImportOptions } from './modules/import';
import { orderReportRoutes, orderRoutes } from './modules/orders';
import { pictureRoutes, storePicturePath } from './modules/pictures';
import { staffRoutes } from './modules/staff';
import { userRoutes } from './modules/users';
import { wishlistRoutes } from './modules/wishlist';
import { imageRoutes } from './images/routes';
import { errorHandlers } from './plugins/errors';
import { jsonBody } from './plugins/json-body';
import { language } from './plugins/language';
import { rateLimits } from './plugins/rate-limit';
import { responseOrder } from './plugins/response-order';
import { security } from './plugins/security';
import { seedArt } from './seed/seed-data';
import { serverOptions } from './server-options';
import { shareRoutes } from './web/share';
import { storefrontRoutes } from './web/storefront';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP when SMTP_URL is set, else the outbox. */
  mailer?: Mailer;
  /** Milliseconds since the epoch (tests move time forward). */
  clock?: () => number;
  /** Per-IP limits for the sensitive auth calls; tests raise them, one test lowers them. */
  authLimits?: Partial<AuthLimits>;
  /** Where log lines go (tests capture them to check redaction); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Card payments: defaults to Stripe when STRIPE_SECRET_KEY is set, else the built-in test provider. */
  paymentProvider?: PaymentProvider;
  /**
   * The CSV import's picture store and fetch limits. Without a store, pictures named by URL are skipped with a
   * reason (the picture store is another slice); tests give one, and may allow their own loopback server.
   */
  imports?: ImportOptions;
  /** Addresses per sitemap file (default 50,000, the sitemaps.org limit; tests use a small one). */
  sitemapPageSize?: number;
  /** Extra routes registered last (the benchmark's baseline route lives in bench/, never in the server). */
  plugins?: FastifyPluginAsync[];
}

function defaultDeps(deps: AppDeps, log: FastifyInstance['log']): AppContext {
  return {
    background: new BackgroundTasks(log),
    config: deps.config,
    database: deps.database,
    mailer: deps.mailer ?? createMailer(deps.config, deps.database.db),
    tokens: new TokenService(deps.config.jwtSecret),
    // One cache per app (tests run several apps, on different databases, in one process).
    catalogueCache: new CatalogueCache(undefined, undefined, deps.config.catalogueCacheMB * 1024 * 1024),
    homeCache: new HomeCache(),
    now: deps.clock ?? Date.now,
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify(serverOptions(config, deps.logStream));
  app.decorate('ctx', defaultDeps(deps, app.log));
  // Several processes on one PostgreSQL: each tells the others what changed in the catalogue and the home page.
  const changeFeed = await startChangeFeed(deps.database, app.log);
  feedCatalogueCache(changeFeed, app.ctx.catalogueCache);
  feedHomeCache(changeFeed, app.ctx.homeCache);

  await app.register(jsonBody);
  // Device cookies of sign-in (modules/auth/device-cookies.ts); unsigned here, each value carries its own MAC.
  await app.register(cookie);
  await app.register(errorHandlers);
  await app.register(security);
  await app.register(language);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(rateLimits);
  await app.register(responseOrder);
  await app.register(authPlugin);
  // One payment provider for the app: checkout takes payments through it, and the orders module refunds them.
  const paymentProvider = deps.paymentProvider ?? (await providerFromConfig(config));

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      // Staff calls (the back office): the role is read from the database on each one.
      await api.register(catalogueStaffRoutes);
      await api.register(auditRoutes);
      // The home page: anyone reads it; staff edit, preview and publish it.
      await api.register(homeRoutes);
      await api.register(pictureRoutes);
      // Pictures an import fetches go to the same store as staff uploads (checked, re-encoded, in the database).
      await api.register(importRoutes, {
        storePicture: (bytes, _type, actor) => storePicturePath(app.ctx, actor, bytes),
        ...deps.imports,
      });
      await api.register(staffRoutes);
      await api.register(authRoutes, { limits: deps.authLimits });
      await api.register(userRoutes, { limits: deps.authLimits });
      await api.register(cartRoutes);
      await api.register(orderRoutes, { payments: paymentProvider });
      await api.register(orderReportRoutes);
      await api.register(customerRoutes);
      await api.register(wishlistRoutes);
      await api.register(addressRoutes);
      if (config.nodeEnv !== 'production') await api.register(outboxRoutes);
    },
    { prefix: '/api/v1' },
  );

  // Card checkout (payments module): /api/v1/orders/checkout-session, the hosted /pay page, the webhook.
  await app.register(checkoutRoutes, { provider: paymentProvider });
  await app.register(imageRoutes, { art: seedArt });
  await app.register(shareRoutes, { sitemapPageSize: deps.sitemapPageSize });
  await app.register(storefrontRoutes);
  for (const plugin of deps.plugins ?? []) await app.register(plugin);

  app.addHook('onClose', async () => {
    await changeFeed.close();
    await app.ctx.background.idle();
    app.ctx.mailer.close();
  });
  return app;
}
