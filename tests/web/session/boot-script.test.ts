// The page's head script (lib/session/boot-script.ts), run as the browser runs it: before the first paint it
// sets the theme and session classes, applies the spec's guards to the hash exactly as the router does,
// marks Home, sends the first screen's reads and preloads Home's largest picture (product details and the product
// list: the early paint's script does, tests/web/early-paint/early-paint-script.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorefrontRouter } from '@/components/app/route-table';
import { homeBannerPicture } from '@/components/catalogue/lcp-pictures';
import { earlyRequestsGlobal, type EarlyRequest } from '@/lib/api/early';
import { homeContentElementId } from '@/lib/home/content';
import { createMemoryHistory } from '@/lib/router/history';
import { bootScript, firstScreenAttribute, signedInClass } from '@/lib/session/boot-script';
import { clearToken, setToken } from '@/lib/session/session-store';
import { settle } from '../settle';

const homePicture = `/ecommerceweb${homeBannerPicture}`;
const script = bootScript({
  homePicture,
  earlyPaint: '/ecommerceweb/early-paint.js',
});

interface Sent {
  url: string;
  headers: Record<string, string>;
}

let sent: Sent[];
let answers: Map<string, () => Response>;

beforeEach(() => {
  sent = [];
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, headers: { ...(init.headers as Record<string, string>) } });
      const answer = answers.get(url);
      return answer ? answer() : new Response('{}', { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  const root = document.documentElement;
  root.className = '';
  root.removeAttribute(firstScreenAttribute);
  document.head.querySelectorAll('link[rel="preload"], script[src]').forEach((l) => l.remove());
  delete (window as unknown as Record<string, unknown>)[earlyRequestsGlobal];
  localStorage.clear();
});

/** Opens the page at a hash with (or without) a token in 'tkn', and runs the head script. */
function openPage(hash: string, token: string | null) {
  window.history.replaceState(null, '', `/ecommerceweb/${hash}`);
  if (token !== null) localStorage.setItem('tkn', token);
  new Function(script)();
  return {
    hash: window.location.hash,
    signedIn: document.documentElement.classList.contains(signedInClass),
    firstScreen: document.documentElement.getAttribute(firstScreenAttribute),
    requests: sent.map((s) => ({ path: s.url.replace(/^\/api\/v1/, ''), token: s.headers.token })),
    preloads: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')],
    early: (window as unknown as Record<string, Record<string, EarlyRequest> | undefined>)[
      earlyRequestsGlobal
    ],
  };
}

/** Where the storefront's router settles for a path (its guards), with or without a token. */
function routerDestination(path: string, token: string | null): string {
  if (token) setToken(token);
  else clearToken();
  const history = createMemoryHistory([path]);
  const router = createStorefrontRouter(history);
  const { pathname } = history.location;
  router.dispose();
  clearToken();
  return pathname;
}

describe('the guards, before the first paint', () => {
  it('sends a guest on a protected route to #/login, and sends nothing', () => {
    const page = openPage('#/cart', null);
    expect(page.hash).toBe('#/login');
    expect(page.signedIn).toBe(false);
    expect(page.firstScreen).toBe('other');
    expect(page.requests).toEqual([]);
    expect(page.preloads).toEqual([]);
  });

  it('sends a token holder on #/login or #/register to #/home', () => {
    expect(openPage('#/register', 'a-token').hash).toBe('#/home');
    localStorage.clear();
    expect(openPage('#/LOGIN/', 'a-token').hash).toBe('#/home');
  });

  it("lets a guest open a home page preview link (the back office's), marked as Home, reading nothing early", () => {
    const page = openPage('#/preview?token=abc.def', null);
    expect(page.hash).toBe('#/preview?token=abc.def');
    expect(page.firstScreen).toBe('home');
    expect(page.requests).toEqual([]);
  });

  it('treats a blank token as no token, as the session store does', () => {
    const page = openPage('#/home', '   ');
    expect(page.hash).toBe('#/login');
    expect(page.signedIn).toBe(false);
  });

  const paths = [
    '/',
    '/home',
    '/HOME/',
    '//products',
    '/products?q=gitar&page=2',
    '/categories',
    '/brands',
    '/cart',
    '/order',
    '/allorders',
    '/productDetails/42',
    '/productdetails/42/',
    '/productDetails',
    '/productDetails/42/extra',
    '/productsWithBrand/b1',
    '/productwithCategory/c1',
    '/login',
    '/Register',
    '/forgotpass',
    '/changePass',
    '/no/such/page',
    // A home page preview link opens for a guest too.
    '/preview?token=abc.def',
    '/preview',
  ];
  it.each(
    paths.flatMap((path) => [
      { path, token: null },
      { path, token: 'a-token' },
    ]),
  )('decides $path (token: $token) exactly as the router does', ({ path, token }) => {
    const expected = routerDestination(path, token);
    localStorage.clear();
    const page = openPage(`#${path}`, token);
    const landed = page.hash.replace(/^#/, '').split('?')[0];
    // The router keeps the path it was given when no guard speaks; a redirect is the guard's target.
    expect(landed).toBe(expected === path.split('?')[0] ? path.split('?')[0] : expected);
  });
});

describe('the session and theme classes', () => {
  it('marks a signed-in page for the prerendered navbar', () => {
    expect(openPage('#/brands', 'a-token').signedIn).toBe(true);
  });

  it('sets the dark theme from local storage', () => {
    localStorage.setItem('dark', 'true');
    openPage('#/login', null);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

describe("the first screen's reads", () => {
  it("Home on a static host: the cart with the token, the home page's content, the first products page and the categories without, and the built banner preloaded", () => {
    const page = openPage('#/', 'a-token');
    expect(page.firstScreen).toBe('home');
    expect(page.requests).toEqual([
      { path: '/cart', token: 'a-token' },
      { path: '/home', token: undefined },
      { path: '/products?page=1&limit=24', token: undefined },
      { path: '/categories', token: undefined },
    ]);
    expect(page.preloads).toHaveLength(1);
    expect(page.preloads[0]!.getAttribute('href')).toBe(homePicture);
    expect(page.preloads[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(Object.keys(page.early!)).toEqual(['/cart', '/home', '/products?page=1&limit=24', '/categories']);
    expect(page.early!['/cart']!.token).toBe('a-token');
    expect(page.early!['/categories']!.token).toBeNull();
  });

  it('Home on our server: the content is in the page (not read again), its first picture preloaded; none when no slide is live', () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = homeContentElementId;
    try {
      element.textContent = JSON.stringify({ picture: '/images/uploads/ab.webp?w=1600', slides: [{}] });
      document.head.append(element);
      let page = openPage('#/home', 'a-token');
      expect(page.preloads.map((l) => l.getAttribute('href'))).toEqual(['/images/uploads/ab.webp?w=1600']);
      document.head.querySelectorAll('link[rel="preload"], script[src]').forEach((l) => l.remove());
      sent = [];
      element.textContent = JSON.stringify({ picture: null, slides: [] });
      page = openPage('#/home', 'a-token');
      expect(page.preloads).toEqual([]);
      // The reads are the same as ever.
      expect(page.requests.map((r) => r.path)).toEqual(['/cart', '/products?page=1&limit=24', '/categories']);
    } finally {
      element.remove();
    }
  });

  it('the product list: the first page when no search or filter is in the route', () => {
    expect(openPage('#/products', 'a-token').requests.map((r) => r.path)).toEqual([
      '/cart',
      '/products?page=1&limit=24',
    ]);
    localStorage.clear();
    sent = [];
    expect(openPage('#/products?q=gitar', 'a-token').requests.map((r) => r.path)).toEqual(['/cart']);
  });

  it("the cart screen: the cart, with the token, and the early paint's script, which draws its lines", () => {
    expect(openPage('#/cart', 'a-token').requests).toEqual([{ path: '/cart', token: 'a-token' }]);
    const scripts = [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
    expect(scripts).toEqual(['/ecommerceweb/early-paint.js']);
  });

  it("product details: the product, and the early paint's script, which draws it (tests/web/early-paint)", () => {
    const page = openPage('#/productDetails/a%20b', 'a-token');
    expect(page.requests.map((r) => r.path)).toEqual(['/cart', '/products/a%20b']);
    const scripts = [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
    expect(scripts).toEqual(['/ecommerceweb/early-paint.js']);
    expect(document.head.querySelector('script[src]')!.getAttribute('fetchpriority')).toBe('high');
  });

  it("the product list without a search: the early paint's script too, which preloads the first cover and draws the cards", () => {
    openPage('#/products', 'a-token');
    const scripts = [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
    expect(scripts).toEqual(['/ecommerceweb/early-paint.js']);
    // The head script preloads nothing itself: the early paint does, with the picture it draws.
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it("no other screen loads the early paint's script", () => {
    for (const hash of ['#/home', '#/products?q=gitar', '#/allorders', '#/order', '#/productDetails/x']) {
      localStorage.clear();
      openPage(hash, hash === '#/productDetails/x' ? null : 'a-token');
      expect(document.head.querySelector('script[src]'), hash).toBeNull();
    }
  });

  it('a failed read is left for the storefront to report, not thrown on the page', async () => {
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const page = openPage('#/home', 'a-token');
    await expect(page.early!['/cart']!.response).rejects.toThrow('Failed to fetch');
    await settle();
    window.removeEventListener('unhandledrejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
