// Browser-side safety: product texts from the API are rendered as text, never as markup, and the
// session token only ever travels to the API host, through the one API client.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/session/session-store';
import { mockApi, on, renderApp, reply } from '../shell-helpers';
import { cart, defacto, product, tokenFor, userId, women } from '../shell-fixtures';

afterEach(() => {
  act(() => clearToken());
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('hostile product texts', () => {
  it('shows <script> and <img onerror> in a product as plain text on the details screen', async () => {
    const evil = {
      ...product('<img src=x onerror="window.__pwned=1"> Shawl', 149, women, defacto),
      description: '<script>window.__pwned=2</script><img src=x onerror="window.__pwned=3"><b>bold?</b>',
    };
    const { calls } = mockApi(
      on('GET', '/cart', () => reply(200, cart([]))),
      on('GET', `/orders/user/${userId}`, () => reply(200, [])),
      on('GET', `/products/${evil._id}`, () => reply(200, { data: evil })),
    );
    act(() => setToken(tokenFor(userId)));
    const { container } = renderApp(`/productDetails/${evil._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: evil.title })).toBeInTheDocument();
    expect(screen.getByText(evil.description)).toBeInTheDocument();
    expect(calls.some((c) => c.path === `/products/${evil._id}`)).toBe(true);
    // Nothing from the texts became an element or an attribute.
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(
      [...container.querySelectorAll('img')].every((img) => !img.getAttribute('src')?.startsWith('x')),
    ).toBe(true);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe('where the token goes', () => {
  async function clientWithHost(host: string) {
    vi.stubEnv('NEXT_PUBLIC_API_HOST', host);
    vi.resetModules();
    return import('@/lib/api/client');
  }

  it.each(['https://api.shop.example', ''])(
    'sends the token only to the API host (%s), whatever the path',
    async (host) => {
      const seen: Array<{ url: URL; token: string | undefined }> = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          seen.push({
            url: new URL(String(input), 'https://storefront.example/'),
            token: (init?.headers as Record<string, string>).token,
          });
          return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
        }),
      );
      const { apiRequest } = await clientWithHost(host);
      const paths = [
        '/cart',
        '//evil.example/steal',
        '@evil.example/x',
        '/..//evil.example',
        '/products/https://evil.example',
        '\\\\evil.example/x',
        '/%2F%2Fevil.example',
      ];
      for (const p of paths) await apiRequest(p, { token: 'secret-token' });
      const expected = host ? 'https://api.shop.example' : 'https://storefront.example';
      expect(seen).toHaveLength(paths.length);
      for (const { url, token } of seen) {
        expect({ origin: url.origin, token }).toEqual({ origin: expected, token: 'secret-token' });
      }
    },
  );

  it.each(['https://api.shop.example', ''])(
    "the page's head script, too, reads only from the API host (%s), and sends the token only with the cart",
    async (host) => {
      const seen: Array<{ url: URL; token: string | undefined }> = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          seen.push({
            url: new URL(String(input), window.location.href),
            token: (init?.headers as Record<string, string>).token,
          });
          return new Response('{}', { status: 404 });
        }),
      );
      vi.stubEnv('NEXT_PUBLIC_API_HOST', host);
      vi.resetModules();
      const { bootScript } = await import('@/lib/session/boot-script');
      const script = bootScript({
        homePicture: '/ecommerceweb/banners/new-arrivals.svg',
        earlyPaint: '/ecommerceweb/early-paint.js',
      });
      const hashes = [
        '#/home',
        '#/productDetails/%2F%2Fevil.example',
        '#/productDetails/..%2F..%2F..%2Fx',
        '#/productDetails/@evil.example',
        '#/cart',
      ];
      localStorage.setItem('tkn', 'secret-token');
      for (const hash of hashes) {
        window.history.replaceState(null, '', `/ecommerceweb/${hash}`);
        new Function(script)();
      }
      const expected = host ? 'https://api.shop.example' : window.location.origin;
      expect(seen.length).toBeGreaterThan(hashes.length);
      for (const { url, token } of seen) {
        expect(url.origin).toBe(expected);
        expect(url.pathname.startsWith('/api/v1/')).toBe(true);
        expect(token).toBe(url.pathname === '/api/v1/cart' ? 'secret-token' : undefined);
      }
      expect(
        seen.filter((s) => s.url.pathname.startsWith('/api/v1/products/')).map((s) => s.url.pathname),
      ).toEqual([
        '/api/v1/products/%2F%2Fevil.example',
        '/api/v1/products/..%2F..%2F..%2Fx',
        '/api/v1/products/%40evil.example',
      ]);
      delete (window as unknown as Record<string, unknown>).__early;
      document.head.querySelectorAll('script[src]').forEach((s) => s.remove());
    },
  );

  it('has two network doors: no storefront module but the API client and the head script calls fetch, XMLHttpRequest or sendBeacon', () => {
    const root = path.resolve(__dirname, '..', '..', '..');
    const offenders: string[] = [];
    // The API client, and the page's head script, which sends the first screen's reads before the client's
    // code has arrived (and hands them to the client: lib/api/early.ts).
    const doors = ['lib/api/client.ts', 'lib/session/boot-script.ts'];
    for (const dir of ['app', 'components', 'lib']) {
      for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.(ts|tsx)$/.test(file)) continue;
        const rel = `${dir}/${file.split(path.sep).join('/')}`;
        if (doors.includes(rel)) continue;
        const source = readFileSync(path.join(root, rel), 'utf8');
        if (/\bfetch\s*\(|XMLHttpRequest|sendBeacon|new\s+WebSocket|EventSource/.test(source))
          offenders.push(rel);
      }
    }
    expect(offenders).toEqual([]);
  });
});
