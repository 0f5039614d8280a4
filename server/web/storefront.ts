import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { clientHas, etagOf } from '../modules/catalogue';
import { publicHome } from '../modules/home';
import { inlineScriptHashes, originOf, storefrontPolicy } from './csp';
import { homePage, type HomePage } from './home-page';
import { cacheControlFor, screenFor } from './host-rules';
import { withShellMeta } from './shell-meta';
import { addVary } from '../plugins/language';

import { basePath } from '@/lib/base-path';
import type { Language } from '@/lib/contract/common';

/**
 * The built storefront (Next static export in STOREFRONT_DIR, default out/) under /ecommerceweb/,
 * plus the redirects that make bare server paths land on the hash routes.
 */
export async function storefrontRoutes(app: FastifyInstance) {
  const root = app.ctx.config.storefrontDir;

  const built = existsSync(path.join(root, 'index.html'));

  // Every storefront answer carries the storefront's own policy (the API's is stricter). The API host
  // is where the build sends its calls (NEXT_PUBLIC_API_HOST, empty = this origin) and PUBLIC_URL is
  // where product images point.
  const policy = storefrontPolicy({
    scriptHashes: built ? inlineScriptHashes(root) : [],
    apiOrigins: [originOf(app.ctx.config.publicUrl), originOf(app.ctx.config.storefrontApiHost)].filter(
      (o): o is string => Boolean(o),
    ),
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', policy);
    return payload;
  });
  const notBuilt = (reply: FastifyReply) =>
    reply
      .status(503)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storefront not built</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5">` +
          `<h1>The storefront has not been built yet</h1><p>The API is running at <code>/api/v1</code>. ` +
          `Build the storefront with <code>npm run build</code> (or start with <code>npm start</code>, which builds it when needed), ` +
          `then restart the server.</p></body></html>`,
      );

  const page = built ? servedPage(path.join(root, 'index.html'), app.ctx.config.publicUrl) : null;
  if (page && !page.home.redrawsBanner)
    app.log.warn(
      'The built home banner is not the one server/web/home-page.ts draws: the page is served with the live home ' +
        'content, and Home draws its banner once its code runs.',
    );

  app.get('/', async (_request, reply) => reply.redirect(`${basePath}/`, 302));
  // '/ecommerceweb' → '/ecommerceweb/': only for the bare path. The router ignores trailing slashes, so
  // this route also receives '/ecommerceweb/' itself, which must get the page rather than a redirect loop.
  app.get(basePath, async (request, reply) => {
    if (request.url.split('?')[0] === basePath) return reply.redirect(`${basePath}/`, 302);
    if (!page) return notBuilt(reply);
    // `?lang=ar`: the link-preview tags in Arabic (a shared link of the Arabic shop); the page itself is the same.
    const asked = (request.query as Record<string, unknown>).lang;
    const lang = asked === 'ar' || asked === 'en' ? asked : null;
    let served: Served | null = null;
    try {
      served = await page.with((await publicHome(app.ctx)).answer.data, lang);
    } catch (err) {
      // The database is unreachable: the page as built (the content the shop started with) still lets shoppers in.
      request.log.warn({ err }, 'home page content unavailable; serving the page as built');
    }
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    if (!served) return reply.send(createReadStream(path.join(root, 'index.html')));
    reply.header('ETag', served.etag);
    addVary(reply, 'Accept-Encoding');
    if (clientHas(request, served.etag)) return reply.status(304).send();
    // Compressed once per content at the precompressed files' levels, not on the fly: the page then fits the first
    // round trip of a new connection (about 14 KB) as the static host's does (brotli on the fly: 14.3 KB, FCP +150 ms).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(served.br);
    if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(served.gzip);
    return reply.send(served.html);
  });
  // Browsers, feed readers and link-preview bots ask the host's root for its icon, whatever the page links.
  const favicon = path.join(root, 'favicon.ico');
  app.get('/favicon.ico', async (_request, reply) => {
    if (!existsSync(favicon)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type('image/x-icon')
      .header('Cache-Control', 'public, max-age=86400')
      .send(createReadStream(favicon));
  });
  // Payment providers return to <url>/allorders and <url>/cart; the storefront routes by hash.
  app.get('/allorders', async (_request, reply) => reply.redirect(`${basePath}/#/allorders`, 302));
  app.get('/cart', async (_request, reply) => reply.redirect(`${basePath}/#/cart`, 302));

  if (!built) {
    app.get(`${basePath}/*`, async (_request, reply) => notBuilt(reply));
    return;
  }

  const staticOptions = {
    root,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    redirect: true,
    // Cache headers are set per file below.
    cacheControl: false,
    etag: true,
    lastModified: true,
    // out/ carries .br and .gz twins written at build time (scripts/precompress.mjs); without them the raw file is sent.
    preCompressed: true,
    // The rules a CDN is given (host-rules.ts): hashed files a year, pages revalidated, the rest an hour.
    setHeaders(res: { header: (name: string, value: string) => unknown }, filePath: string) {
      res.header('Cache-Control', cacheControlFor(path.relative(root, filePath).split(path.sep).join('/')));
    },
  };

  const notFoundFile = path.join(root, '404.html');
  const notFoundPage = existsSync(notFoundFile) ? readFileSync(notFoundFile) : null;

  // The storefront's own scope, so a path that names no file gets the storefront's answer below instead of
  // the API's JSON 404.
  await app.register(
    async (site) => {
      site.setNotFoundHandler((request, reply) => {
        const target = screenFor(request.method, request.url);
        if (target) return reply.redirect(target, 302);
        // A browser asking for a page gets the export's not-found page (app/not-found.tsx, both languages), as a
        // static host sends it; a script or picture that is not there gets a plain answer.
        reply.status(404).header('Cache-Control', 'no-cache');
        if (notFoundPage && /\btext\/html\b/.test(request.headers.accept ?? ''))
          return reply.type('text/html; charset=utf-8').send(notFoundPage);
        return reply.type('text/plain; charset=utf-8').send('Not found');
      });
      await site.register(fastifyStatic, staticOptions);
    },
    { prefix: basePath },
  );
}

interface Served {
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

/** The encoding to send: brotli, else gzip, as the client accepts them (a `;q=0` refuses one), else none. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The built page with the live home content written in (home-page.ts) and the link-preview tags (shell-meta.ts),
 * kept with its brotli and gzip forms for the content last written, so a shopper's visit costs one comparison until
 * staff publish or a scheduled slide starts or ends.
 */
function servedPage(
  file: string,
  publicUrl: string,
): {
  home: HomePage;
  with(live: Parameters<HomePage['render']>[0], lang: Language | null): Promise<Served>;
} {
  const html = readFileSync(file, 'utf8');
  // Where the build sends its API calls (the head script's config): where uploaded pictures are drawn from.
  const apiHost = /"apiHost":"([^"]*)"/.exec(html)?.[1] ?? '';
  const home = homePage(html, apiHost);
  // One page per language asked for (none, en, ar), each kept for the content last written; visits while it is
  // being compressed wait for the same work.
  const last = new Map<Language | null, { key: string; served: Promise<Served> }>();
  return {
    home,
    with(live, lang) {
      const key = JSON.stringify(live);
      let kept = last.get(lang);
      if (kept?.key !== key) {
        const rendered = withShellMeta(home.render(live), publicUrl, lang);
        const data = Buffer.from(rendered, 'utf8');
        const served = Promise.all([
          brotli(data, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gzipAsync(data, { level: 9 }),
        ]).then(([br, gz]) => ({ html: rendered, etag: etagOf(rendered), br, gzip: gz }));
        kept = { key, served };
        last.set(lang, kept);
        // A failed compression is not kept: the next visit tries again.
        served.catch(() => {
          if (last.get(lang) === kept) last.delete(lang);
        });
      }
      return kept.served;
    },
  };
}
