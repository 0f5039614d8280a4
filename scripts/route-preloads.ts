// A step of the storefront's build (scripts/build-storefront.mjs, after `next build`, before the precompressed twins):
// writes into out/index.html a small script that starts the current hash route's screen code at once (issue 30,
// item 1). Each screen is a lazy chunk (components/app/route-table.tsx), which the framework asks for only once it
// and the app shell have run: HTML → framework → screen chunk → render, one round trip more than a page without
// lazy screens. The chunks' names exist only after the build, so the build writes a route → files map into the page.
//
// Written into the exported HTML, not rendered by React: React's prerender moves a Suspense boundary out of place
// once the HTML before it passes 12,800 bytes, and the head script in app/layout.tsx is within bytes of that.
// Its own inline script, so our server and a static host hash it into the page's security policy like the others
// (server/web/csp.ts). Only Home and a few screens that wait on data carry their map: every byte is in every page.
//
// Usage: node --import tsx scripts/route-preloads.ts   (STOREFRONT_DIR overrides out/; exits 1 with the reason when
// the build's chunks are not of the shape read below: a preload that silently went missing would go unnoticed)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routePattern, type GuestOnlyRoutePath, type ProtectedRoutePath } from '../lib/session/route-access';

type RoutePath = ProtectedRoutePath | GuestOnlyRoutePath | 'preview';

/**
 * The routes whose screen code the page starts at once, with the name the route table's import takes from its module
 * (`import('…/products-screen').then((m) => m.ProductsScreen)`). Home and the data screens a shopper opens from a
 * link, whose largest paint waits on the screen's code; Login too, where every guest's first link lands. The other
 * routes load their code as before, from components/app/storefront.tsx.
 */
export const preloadedRoutes: ReadonlyArray<{ paths: readonly RoutePath[]; screen: string }> = [
  // A preview link of the back office is Home too (route-table.tsx).
  { paths: ['/', 'home', 'preview'], screen: 'HomeScreen' },
  { paths: ['products'], screen: 'ProductsScreen' },
  { paths: ['productDetails/:id'], screen: 'ProductDetailsScreen' },
  { paths: ['cart'], screen: 'CartScreen' },
  { paths: ['login'], screen: 'LoginScreen' },
];

export class RoutePreloadError extends Error {
  override name = 'RoutePreloadError';
}

const id = '[A-Za-z_$][\\w$]*';

/**
 * The module id Turbopack gave the lazy import of `screen`: the route table's loader is built as
 * `e.A(48441).then(e=>e.ProductsScreen)`. Home's loader is shared by three routes through a variable, so the
 * import is found by the screen it takes, not by the route's key.
 */
function importId(sources: readonly string[], screen: string): string {
  const pattern = new RegExp(`${id}\\.A\\((\\d+)\\)\\.then\\(\\(?(${id})\\)?=>\\2\\.${screen}\\)`, 'g');
  const ids = new Set(sources.flatMap((source) => [...source.matchAll(pattern)].map((m) => m[1]!)));
  if (ids.size !== 1) {
    throw new RoutePreloadError(
      ids.size === 0
        ? `no lazy import of ${screen} (\`x.A(ID).then(m=>m.${screen})\`) in the built chunks`
        : `${ids.size} lazy imports of ${screen} in the built chunks (ids ${[...ids].join(', ')}): expected one`,
    );
  }
  return [...ids][0]!;
}

/**
 * The files Turbopack's loader module `moduleId` fetches before the import resolves, as it names them
 * ('static/chunks/x.js', relative to the chunk base path): `48441,s=>{s.v(c=>Promise.all([…].map(c=>s.l(c)))…`.
 */
function loaderFiles(sources: readonly string[], moduleId: string): string[] {
  const pattern = new RegExp(
    `(?<![\\w$.])${moduleId},(${id})=>\\{\\1\\.v\\((${id})=>Promise\\.all\\((\\[[^\\]]*\\])\\.map\\(`,
    'g',
  );
  const lists = new Set(sources.flatMap((source) => [...source.matchAll(pattern)].map((m) => m[3]!)));
  if (lists.size !== 1) {
    throw new RoutePreloadError(
      lists.size === 0
        ? `no loader module ${moduleId} (\`${moduleId},s=>{s.v(c=>Promise.all([…]).map(…\`) in the built chunks`
        : `${lists.size} different loader modules ${moduleId} in the built chunks: expected one`,
    );
  }
  let files: unknown;
  try {
    files = JSON.parse([...lists][0]!);
  } catch {
    files = null;
  }
  if (
    !Array.isArray(files) ||
    files.length === 0 ||
    !files.every((f) => typeof f === 'string' && /^[\w./-]+\.(?:js|css)$/.test(f))
  ) {
    throw new RoutePreloadError(
      `the loader module ${moduleId} lists no plain .js/.css files: ${[...lists][0]}`,
    );
  }
  return files as string[];
}

/** The files the lazy import of `screen` loads, in the loader's order. */
export function screenChunkFiles(sources: readonly string[], screen: string): string[] {
  return loaderFiles(sources, importId(sources, screen));
}

/**
 * Where the loader fetches chunks from: its runtime's TURBOPACK_CHUNK_BASE_PATH, built in as
 * `"string"==typeof TURBOPACK_CHUNK_BASE_PATH?TURBOPACK_CHUNK_BASE_PATH:"/ecommerceweb/_next/"`.
 */
export function chunkBasePath(sources: readonly string[]): string {
  const pattern = /TURBOPACK_CHUNK_BASE_PATH\?TURBOPACK_CHUNK_BASE_PATH:("(?:[^"\\]|\\.)*")/g;
  const bases = new Set(sources.flatMap((source) => [...source.matchAll(pattern)].map((m) => m[1]!)));
  if (bases.size !== 1) {
    throw new RoutePreloadError(
      `${bases.size === 0 ? 'no' : bases.size} chunk base path(s) (TURBOPACK_CHUNK_BASE_PATH) in the built runtime: expected one`,
    );
  }
  return JSON.parse([...bases][0]!) as string;
}

export interface RoutePreloads {
  /** A route pattern (lib/session/route-access.ts routePattern) and its files, space-separated, after `base`. */
  routes: string[];
  /** The URL every file is under, as the loader writes it. */
  base: string;
}

/** The map the page carries, from the built chunks' sources. */
export function routePreloads(sources: readonly string[]): RoutePreloads {
  const base = chunkBasePath(sources);
  const byRoute = preloadedRoutes.map(({ paths, screen }) => ({
    pattern: routePattern(paths),
    // Plain names (loaderFiles): the loader puts them into its URLs as they are.
    files: screenChunkFiles(sources, screen),
  }));
  // The folder the files share is written once.
  const all = byRoute.flatMap((r) => r.files);
  let dir = all[0]!.slice(0, all[0]!.lastIndexOf('/') + 1);
  while (!all.every((f) => f.startsWith(dir))) dir = dir.slice(0, dir.lastIndexOf('/', dir.length - 2) + 1);
  return {
    base: base + dir,
    routes: byRoute.flatMap((r) => [r.pattern, r.files.map((f) => f.slice(dir.length)).join(' ')]),
  };
}

/**
 * The page's script: after the head script (which applied the guards to the hash: a guest on a protected route is at
 * #/login already), the route's files as `<link rel="preload">`, which the loader's `<script>` and stylesheet
 * `<link>` then take instead of asking again (same URL, no crossorigin attribute on either). The route's CSS is
 * preloaded too: the import also waits for it. The path is read from the hash as the head script reads it. ES5.
 */
export function routePreloadScript({ routes, base }: RoutePreloads): string {
  const body =
    "var h=location.hash.replace(/^#/,'')||'/',q=h.indexOf('?'),p=q<0?h:h.slice(0,q),i,j,f,l;" +
    "if(p.charAt(0)!=='/')p='/'+p;" +
    "for(i=0;i<r.length;i+=2)if(RegExp(r[i],'i').test(p)){f=r[i+1].split(' ');" +
    "for(j=0;j<f.length;j++){l=document.createElement('link');l.rel='preload';" +
    "l.as=/\\.css$/.test(f[j])?'style':'script';l.href=b+f[j];document.head.appendChild(l)}return}";
  // `<` escaped so no value can close the script element.
  const args = `${JSON.stringify(routes)},${JSON.stringify(base)}`.replace(/</g, '\\u003c');
  return `(function(r,b){try{${body}}catch(e){}})(${args})`;
}

/**
 * The page with `script` right after the head script (the one inline script React rendered into <head>), the rest
 * byte for byte as built. A page that carries it already is returned as it is.
 */
export function withRoutePreloads(html: string, script: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) throw new RoutePreloadError('the page has no <head> to write the route preloads into');
  const inline = [...html.slice(0, headEnd).matchAll(/<script>([\s\S]*?)<\/script>/g)];
  if (inline.length === 2 && inline[1]![1] === script) return html;
  if (inline.length !== 1) {
    throw new RoutePreloadError(
      `expected the head script alone among the page's inline scripts in <head>, found ${inline.length}`,
    );
  }
  const at = inline[0]!.index + inline[0]![0].length;
  return `${html.slice(0, at)}<script>${script}</script>${html.slice(at)}`;
}

/** The build step: reads the built chunks of `outDir` and writes the route preloads into its index.html. */
export function writeRoutePreloads(outDir: string): RoutePreloads {
  const chunks = path.join(outDir, '_next', 'static', 'chunks');
  const sources = readdirSync(chunks)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(chunks, f), 'utf8'));
  const preloads = routePreloads(sources);
  // The one page that boots the storefront: 404.html and the like are Next's not-found page, with no router.
  const page = path.join(outDir, 'index.html');
  const html = readFileSync(page, 'utf8');
  const written = withRoutePreloads(html, routePreloadScript(preloads));
  if (written !== html) writeFileSync(page, written);
  return preloads;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  const outDir = path.resolve(process.env.STOREFRONT_DIR || 'out');
  try {
    const { routes, base } = writeRoutePreloads(outDir);
    const files = new Set(routes.filter((_r, i) => i % 2 === 1).flatMap((f) => f.split(' ')));
    console.log(
      `route-preloads: ${routes.length / 2} routes, ${files.size} files under ${base}, in ${path.join(outDir, 'index.html')}`,
    );
  } catch (err) {
    console.error(
      `route-preloads: ${err instanceof Error ? err.message : String(err)}.\n` +
        'The page would ship without starting its screen code early: read the built chunks and update ' +
        'scripts/route-preloads.ts.',
    );
    process.exit(1);
  }
}
