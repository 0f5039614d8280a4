// Browser-side safety: product texts from the API are rendered as text, never as markup, and the
// session token only ever travels to the API host, through the one API client.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/session/session-store';
import { mockApi, on, renderApp, reply } from './shell-helpers';
import { cart, defacto, product, tokenFor, userId, women } from './shell-fixtures';

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

  it('has one network door: no other storefront module calls fetch, XMLHttpRequest or sendBeacon', () => {
    const root = path.resolve(__dirname, '..', '..');
    const offenders: string[] = [];
    for (const dir of ['app', 'components', 'lib']) {
      for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.(ts|tsx)$/.test(file)) continue;
        const rel = `${dir}/${file.split(path.sep).join('/')}`;
        if (rel === 'lib/api/client.ts') continue;
        const source = readFileSync(path.join(root, rel), 'utf8');
        if (/\bfetch\s*\(|XMLHttpRequest|sendBeacon|new\s+WebSocket|EventSource/.test(source))
          offenders.push(rel);
      }
    }
    expect(offenders).toEqual([]);
  });
});
