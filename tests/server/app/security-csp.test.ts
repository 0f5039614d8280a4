// The storefront's Content-Security-Policy as our server sends it: its own origin, the API host and
// Google's sign-in script (with its frames and styles) and nothing else; inline scripts allowed by the
// hash of each one in the build, never by 'unsafe-inline' or 'unsafe-eval'.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

const bootstrap = 'self.__next_f=self.__next_f||[];self.__next_f.push([0])';
const theme = "try{document.documentElement.dataset.theme=localStorage.getItem('theme')||'light'}catch(e){}";
const nested = 'self.__next_f.push([1,"nested page"])';
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

function parsePolicy(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('storefront Content-Security-Policy', () => {
  let t: TestApp;
  let out: string;

  beforeAll(async () => {
    // A small export with the same shapes as Next's: inline bootstrap and theme scripts, external chunks.
    out = mkdtempSync(path.join(os.tmpdir(), 'reliability-csp-out-'));
    mkdirSync(path.join(out, '_next', 'static', 'chunks'), { recursive: true });
    mkdirSync(path.join(out, 'about'), { recursive: true });
    writeFileSync(
      path.join(out, 'index.html'),
      `<!doctype html><html><head><script>${theme}</script><script src="/ecommerceweb/_next/static/chunks/main.js" async=""></script></head>` +
        `<body><div id="root"></div><script>${bootstrap}</script></body></html>`,
    );
    writeFileSync(
      path.join(out, 'about', 'index.html'),
      `<!doctype html><html><body><script id="_R_">${nested}</script></body></html>`,
    );
    writeFileSync(path.join(out, '_next', 'static', 'chunks', 'main.js'), 'console.log("chunk")');
    t = await startTestApp('pglite', { seed: false, env: { STOREFRONT_DIR: out } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('allows only the own origin, the API host and Google sign-in, with hashed inline scripts', async () => {
    for (const url of [
      '/ecommerceweb/',
      '/ecommerceweb/about/',
      '/ecommerceweb/_next/static/chunks/main.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const policy = parsePolicy(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')?.sort()).toEqual(
        ["'self'", sha(theme), sha(bootstrap), sha(nested), 'https://accounts.google.com/gsi/client'].sort(),
      );
      expect(policy.get('connect-src')).toEqual([
        "'self'",
        'http://shop.test',
        'https://accounts.google.com/gsi/',
      ]);
      expect(policy.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
      expect(policy.get('style-src')).toEqual([
        "'self'",
        "'unsafe-inline'",
        'https://accounts.google.com/gsi/style',
      ]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://shop.test']);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      // Every source anywhere is one of these; nothing like https:, *, 'unsafe-eval' or another host.
      const allowed = new Set([
        "'self'",
        "'none'",
        "'unsafe-inline'",
        'data:',
        'blob:',
        'http://shop.test',
        ...[theme, bootstrap, nested].map(sha),
      ]);
      for (const [name, sources] of policy) {
        for (const source of sources) {
          if (source.startsWith('https://accounts.google.com/gsi/')) continue;
          expect({ name, source, allowed: allowed.has(source) }).toEqual({ name, source, allowed: true });
        }
        if (name !== 'style-src') expect(sources).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
      }
    }
  });

  it('is also on the bare /ecommerceweb path; the API keeps its stricter policy', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/ecommerceweb' });
    expect(parsePolicy(bare.headers['content-security-policy']).get('script-src')).toContain(sha(bootstrap));
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const policy = parsePolicy(api.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(String(api.headers['content-security-policy'])).not.toContain('unsafe');
  });
});
