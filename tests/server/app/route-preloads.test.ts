// The build step that writes the route → screen chunks map into the page (scripts/route-preloads.ts, issue 30 item 1):
// it reads Turbopack's built chunks (here a fixture of their shape, from a real build), fails the build when they are
// not of that shape, and the script it writes starts the current route's files, and only those.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  routePreloadScript,
  routePreloads,
  screenChunkFiles,
  withRoutePreloads,
} from '../../../scripts/route-preloads';

const root = path.resolve(__dirname, '..', '..', '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Turbopack's runtime, where its loader's chunk base path is built in.
const runtime =
  '(()=>{let e;u.g=globalThis;let _=i.prototype,k="string"==typeof TURBOPACK_CHUNK_BASE_PATH?' +
  'TURBOPACK_CHUNK_BASE_PATH:"/ecommerceweb/_next/",P=new Map;u.M=P})();';
// The app chunk with the route table: Home's loader is shared through a variable.
const routeTable =
  '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,' +
  '72569,e=>{"use strict";let V=()=>e.A(51381).then(e=>e.HomeScreen),ee={"/":V,home:V,' +
  'products:()=>e.A(48441).then(e=>e.ProductsScreen),"productDetails/:id":()=>e.A(41499).then(t=>t.ProductDetailsScreen),' +
  'cart:()=>e.A(51536).then(e=>e.CartScreen),order:()=>e.A(77069).then(e=>e.OrderScreen)},' +
  'et={login:()=>e.A(57745).then(e=>e.LoginScreen)};let l=null;function c(){return l??=e.A(35249)}}]);';
const loader = (id: number, files: string[], next: number) =>
  `${id},s=>{s.v(c=>Promise.all(${JSON.stringify(files)}.map(c=>s.l(c))).then(()=>c(${next})))}`;
// The chunk with the loader modules, one per lazy import, and one whose id ends like another's.
const loaders =
  '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,' +
  [
    loader(148441, ['static/chunks/decoy.js'], 1),
    loader(48441, ['static/chunks/0_7u.js', 'static/chunks/1c47.js', 'static/chunks/0cp7.css'], 14001),
    loader(51381, ['static/chunks/1nd_.js', 'static/chunks/0_7u.js', 'static/chunks/0cp7.css'], 1566),
    loader(41499, ['static/chunks/1dmp.js', 'static/chunks/39d7.css'], 2),
    loader(51536, ['static/chunks/1tvj.js'], 3),
    loader(57745, ['static/chunks/07-8.js', 'static/chunks/1c47.js'], 4),
  ].join(',') +
  ']);';
const chunks = [runtime, routeTable, loaders];

describe('the route → screen chunks map, read from the built chunks', () => {
  it("names each preloaded route's files as the loader names them, under the loader's base path", () => {
    expect(screenChunkFiles(chunks, 'ProductsScreen')).toEqual([
      'static/chunks/0_7u.js',
      'static/chunks/1c47.js',
      'static/chunks/0cp7.css',
    ]);
    expect(routePreloads(chunks)).toEqual({
      base: '/ecommerceweb/_next/static/chunks/',
      routes: [
        '^/*(?:|home|preview)/*$',
        '1nd_.js 0_7u.js 0cp7.css',
        '^/*(?:products)/*$',
        '0_7u.js 1c47.js 0cp7.css',
        '^/*(?:productDetails/+[^/]+)/*$',
        '1dmp.js 39d7.css',
        '^/*(?:cart)/*$',
        '1tvj.js',
        '^/*(?:login)/*$',
        '07-8.js 1c47.js',
      ],
    });
  });

  it('fails when a screen has no lazy import, or more than one, in the chunks', () => {
    const noCart = routeTable.replace('e.A(51536).then(e=>e.CartScreen)', 'e.A(51536)');
    expect(() => routePreloads([runtime, noCart, loaders])).toThrow(/no lazy import of CartScreen/);
    const twoCarts = `${routeTable}let x=()=>e.A(99999).then(e=>e.CartScreen);`;
    expect(() => routePreloads([runtime, twoCarts, loaders])).toThrow(/2 lazy imports of CartScreen/);
  });

  it("fails when an import's loader module is missing or lists something other than plain files", () => {
    expect(() => routePreloads([runtime, routeTable, loaders.replace('51536,s=>', '51537,s=>')])).toThrow(
      /no loader module 51536/,
    );
    const objects = loaders.replace('["static/chunks/1tvj.js"]', '[{path:"static/chunks/1tvj.js"}]');
    expect(() => routePreloads([runtime, routeTable, objects])).toThrow(/loader module 51536 lists no plain/);
  });

  it("fails when the runtime's chunk base path is not found", () => {
    expect(() => routePreloads([routeTable, loaders])).toThrow(/no chunk base path/);
  });
});

/** Runs the page's script at a hash with a stand-in document; returns the links it added. */
function preloadsAt(hash: string): Array<{ rel: string; as: string; href: string }> {
  const added: Array<{ rel: string; as: string; href: string }> = [];
  const document = {
    createElement: () => ({ rel: '', as: '', href: '' }),
    head: { appendChild: (link: { rel: string; as: string; href: string }) => added.push({ ...link }) },
  };
  vm.runInNewContext(routePreloadScript(routePreloads(chunks)), { location: { hash }, document });
  return added;
}

describe("the page's script", () => {
  const at = (file: string) => `/ecommerceweb/_next/static/chunks/${file}`;

  it("preloads the current route's scripts and styles, in the loader's order", () => {
    expect(preloadsAt('#/products')).toEqual([
      { rel: 'preload', as: 'script', href: at('0_7u.js') },
      { rel: 'preload', as: 'script', href: at('1c47.js') },
      { rel: 'preload', as: 'style', href: at('0cp7.css') },
    ]);
  });

  it('matches routes as the router does: any case, extra slashes, a query, Home at the bare page', () => {
    const files = (hash: string) => preloadsAt(hash).map((l) => l.href.split('/').pop());
    expect(files('#/ProductDetails/6651a2/')).toEqual(['1dmp.js', '39d7.css']);
    expect(files('#cart?from=nav')).toEqual(['1tvj.js']);
    expect(files('')).toEqual(['1nd_.js', '0_7u.js', '0cp7.css']);
    expect(files('#/preview?token=x')).toEqual(['1nd_.js', '0_7u.js', '0cp7.css']);
    expect(files('#/login')).toEqual(['07-8.js', '1c47.js']);
  });

  it('preloads nothing for a route without a map entry, or a path no route matches', () => {
    for (const hash of ['#/order', '#/categories', '#/products/extra', '#/productDetails', '#/no-such-page'])
      expect(preloadsAt(hash), hash).toEqual([]);
  });
});

describe('the page', () => {
  const head = '<!DOCTYPE html><html><head><meta charSet="utf-8"/><script src="/a.js" async=""></script>';
  const page = `${head}<script>HEAD()</script><title>FreshCart</title></head><body><script>self.__next_f=[]</script></body></html>`;

  it('carries the script right after the head script, the rest as built; written once', () => {
    const written = withRoutePreloads(page, 'PRELOAD()');
    expect(written).toBe(
      `${head}<script>HEAD()</script><script>PRELOAD()</script><title>FreshCart</title></head>` +
        '<body><script>self.__next_f=[]</script></body></html>',
    );
    expect(withRoutePreloads(written, 'PRELOAD()')).toBe(written);
  });

  it('fails without a head script to follow', () => {
    expect(() => withRoutePreloads(page.replace('<script>HEAD()</script>', ''), 'PRELOAD()')).toThrow(
      /found 0/,
    );
  });
});

describe('the build step', () => {
  function built(name: string, sources: string[]): string {
    const out = path.join(dir, name);
    mkdirSync(path.join(out, '_next', 'static', 'chunks'), { recursive: true });
    sources.forEach((source, i) =>
      writeFileSync(path.join(out, '_next', 'static', 'chunks', `chunk${i}.js`), source),
    );
    writeFileSync(path.join(out, 'index.html'), page);
    writeFileSync(path.join(out, '404.html'), page);
    return out;
  }
  const run = (out: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/route-preloads.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', STOREFRONT_DIR: out },
    });
  const page = '<!DOCTYPE html><html><head><script>HEAD()</script></head><body></body></html>';

  it('writes the map into index.html only', () => {
    const out = built('ok', chunks);
    const result = run(out);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe(
      withRoutePreloads(page, routePreloadScript(routePreloads(chunks))),
    );
    expect(readFileSync(path.join(out, '404.html'), 'utf8')).toBe(page);
  });

  it('fails the build, page untouched, when the chunks are not of the shape it reads', () => {
    const out = built('changed', [runtime, routeTable.replace(/\.then\(e=>e\.HomeScreen\)/, ''), loaders]);
    const result = run(out);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('no lazy import of HomeScreen');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe(page);
  });
});
