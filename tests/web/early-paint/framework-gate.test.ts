// The framework's gate (lib/early-paint/framework-gate.ts): the build hands Next's scripts of each exported page to a
// loader at the end of <head>; it adds them at once, or, on the product list and product details where the early paint
// draws a picture, once that picture is on screen (or the early paint has nothing to draw, or the wait is too long).
// Run here as the browser runs it, after the page's head script, with the early paint's file as the build writes it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyPaintSource } from '@/app/early-paint.js/source';
import { earlyRequestsGlobal } from '@/lib/api/early';
import { frameworkHoldMaxMs, frameworkLoaderScript, holdFramework } from '@/lib/early-paint/framework-gate';
import { earlyPaintElementId, frameworkGateGlobal } from '@/lib/early-paint/names';
import { bootScript } from '@/lib/session/boot-script';
import { settle } from '../settle';
import { resetEarlyPage } from './early-page';

const scripts = [
  '/ecommerceweb/_next/static/chunks/runtime.js',
  '/ecommerceweb/_next/static/chunks/react-dom.js',
  '/ecommerceweb/_next/static/chunks/app.js',
];
const headScript = bootScript({
  homePicture: '/ecommerceweb/banners/new-arrivals.svg',
  earlyPaint: '/ecommerceweb/early-paint.js?v=0123456789',
});
const loader = frameworkLoaderScript(scripts);
const picture = `${window.location.origin}/images/products/camera-1.webp`;
const product = { _id: 'p1', title: 'Canon EOS 2000D', description: 'A camera.', images: [picture] };

let answers: Map<string, () => Response>;

beforeEach(() => {
  answers = new Map([
    ['/api/v1/cart', () => new Response(JSON.stringify({ data: { products: [] } }))],
    ['/api/v1/products/p1', () => new Response(JSON.stringify({ data: product }))],
    [
      '/api/v1/products?page=1&limit=24',
      () => new Response(JSON.stringify({ data: [{ ...product, imageCover: picture }] })),
    ],
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => answers.get(url)?.() ?? new Response('{}', { status: 404 })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetEarlyPage();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete (window as unknown as Record<string, unknown>)[frameworkGateGlobal];
});

/** The page opened at `hash`: its head script runs, then the loader at the end of <head>. */
function open(hash: string, token: string | null = 'a-token') {
  window.history.replaceState(null, '', `/ecommerceweb/${hash}`);
  if (token) localStorage.setItem('tkn', token);
  new Function(headScript)();
  new Function(loader)();
}

/** The framework's scripts the page has asked for, in order. */
const added = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[src*="/_next/"]')].map((s) => [
    s.getAttribute('src'),
    s.hasAttribute('async'),
  ]);
const all = scripts.map((s) => [s, true]);
/** The framework's scripts preloaded (at a low priority), in order. */
const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')]
    .filter((l) => l.getAttribute('fetchpriority') === 'low')
    .map((l) => l.getAttribute('href'));
/** `n` animation frames gone by (the early paint's word comes two frames after its picture was decoded). */
const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};
const runEarlyPaint = () => new Function(earlyPaintSource)();
const firstPicture = () => document.getElementById(earlyPaintElementId)?.querySelector('img') ?? null;

describe("the framework's gate", () => {
  it("asks for Next's scripts at once where no picture is drawn early, and runs them once the page is drawn", async () => {
    for (const [hash, token] of [
      ['#/', 'a-token'], // Home: the first page is read early, but no early paint runs
      ['#/cart', 'a-token'], // the cart's early paint draws text: nothing to wait for
      ['#/brands', 'a-token'],
      ['#/products', null], // a visitor: no early read at all
    ] as const) {
      open(hash, token);
      // Downloading at once, at a low priority (as Next's own async tags), ...
      expect(preloaded(), hash).toEqual(scripts);
      expect(added(), hash).toEqual([]);
      // ... run once the parsed page has been drawn (the page here is parsed: two frames), async, in their order.
      await frames(3);
      expect(added(), hash).toEqual(all);
      document.head.querySelectorAll('script').forEach((s) => s.remove());
      resetEarlyPage();
      delete (window as unknown as Record<string, unknown>)[frameworkGateGlobal];
    }
  });

  it("on the product list, waits for the early paint's first picture to be on screen, then adds them once", async () => {
    open('#/products');
    expect(added()).toEqual([]);
    // Not even downloading: the picture has the line to itself.
    expect(preloaded()).toEqual([]);
    runEarlyPaint();
    await vi.waitFor(() => expect(firstPicture()).not.toBeNull());
    await settle();
    // Drawn, but its picture not in yet: still waiting.
    expect(added()).toEqual([]);
    firstPicture()!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(added()).toEqual(all));
    // A second word from the early paint adds nothing more.
    firstPicture()!.dispatchEvent(new Event('load'));
    await frames(3);
    expect(added()).toEqual(all);
  });

  it('on product details, the same; a picture that fails lets them go at once', async () => {
    open('#/productDetails/p1');
    runEarlyPaint();
    await vi.waitFor(() => expect(firstPicture()).not.toBeNull());
    await settle();
    expect(added()).toEqual([]);
    firstPicture()!.dispatchEvent(new Event('error'));
    expect(added()).toEqual(all);
  });

  it('lets them go at once when the early paint has nothing to draw (no such product, a failed read)', async () => {
    answers.set('/api/v1/products/p1', () => new Response('{}', { status: 404 }));
    open('#/productDetails/p1');
    runEarlyPaint();
    await vi.waitFor(() => expect(added()).toEqual(all));
    expect(firstPicture()).toBeNull();
  });

  it("lets them go when the early paint's own file fails to load", () => {
    open('#/products');
    expect(added()).toEqual([]);
    document.head
      .querySelector('script[src^="/ecommerceweb/early-paint.js"]')!
      .dispatchEvent(new Event('error'));
    expect(added()).toEqual(all);
  });

  it('takes the early paint at its word when it had finished before the loader ran', async () => {
    (window as unknown as Record<string, number>)[frameworkGateGlobal] = 1;
    open('#/products');
    await frames(3);
    expect(added()).toEqual(all);
  });

  it(`never waits longer than ${frameworkHoldMaxMs} ms (an answer or a picture that does not come)`, () => {
    vi.useFakeTimers();
    open('#/productDetails/p1');
    vi.advanceTimersByTime(frameworkHoldMaxMs - 1);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()).toEqual(all);
  });
});

describe("the build's step (holdFramework)", () => {
  const page =
    '<!DOCTYPE html><html><head><style>a{}</style>' +
    '<link rel="preload" as="script" fetchPriority="low" href="/ecommerceweb/_next/static/chunks/c.js"/>' +
    '<script src="/ecommerceweb/_next/static/chunks/a.js" async=""></script>' +
    '<script src="/ecommerceweb/_next/static/chunks/b.js" async=""></script>' +
    '<script>head()</script>' +
    '<script src="/ecommerceweb/_next/static/chunks/legacy.js" noModule=""></script></head><body><main></main>' +
    '<script id="_R_">boot()</script><script src="/ecommerceweb/_next/static/chunks/c.js" async=""></script>' +
    '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>';

  it("takes Next's async scripts and its script preload out, and adds the loader for them at the end of <head>", () => {
    const html = holdFramework(page)!;
    expect(html).toBe(
      '<!DOCTYPE html><html><head><style>a{}</style><script>head()</script>' +
        '<script src="/ecommerceweb/_next/static/chunks/legacy.js" noModule=""></script>' +
        `<script>${frameworkLoaderScript([
          '/ecommerceweb/_next/static/chunks/a.js',
          '/ecommerceweb/_next/static/chunks/b.js',
          '/ecommerceweb/_next/static/chunks/c.js',
        ])}</script></head><body><main></main><script id="_R_">boot()</script>` +
        '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>',
    );
  });

  it('leaves a page without them (or already done) as it is', () => {
    expect(holdFramework(holdFramework(page)!)).toBeNull();
    expect(holdFramework('<html><head></head><body></body></html>')).toBeNull();
  });

  it('keeps its settings out of the markup: no value can close the script', () => {
    expect(frameworkLoaderScript(['/x/</script><script>alert(1)</script>.js'])).not.toContain('</script>');
  });

  it('names the early reads the head script makes', () => {
    expect(loader).toContain(JSON.stringify(earlyRequestsGlobal));
  });
});
