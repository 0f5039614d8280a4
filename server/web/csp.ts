import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Google Identity Services, as its documentation lists them for a Content-Security-Policy.
export const googleSignIn = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
} as const;

/**
 * The hash source ('sha256-…') of every inline <script> in the exported pages. Next's static export
 * inlines its bootstrap and flight data, and the root layout inlines the theme pre-paint script; all
 * are fixed at build time, so hashing them at start-up allows exactly these and no injected script.
 */
export function inlineScriptHashes(root: string): string[] {
  const hashes = new Set<string>();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
  for (const file of files) {
    const html = readFileSync(path.join(root, file), 'utf8');
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      const attrs = match[1] ?? '';
      if (/\bsrc\s*=/i.test(attrs)) continue;
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(match[2] ?? '', 'utf8')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes].sort();
}

export interface StorefrontPolicyOptions {
  /** Hash sources of the inline scripts (inlineScriptHashes). */
  scriptHashes: string[];
  /** Origins the storefront calls and loads product images from: the API host(s). */
  apiOrigins: string[];
}

/**
 * The storefront's policy: its own origin, the API host and Google's sign-in script with its frames
 * and styles; nothing else. No 'unsafe-eval' and no 'unsafe-inline' for scripts. Styles keep
 * 'unsafe-inline' because React writes style attributes (a style cannot run code).
 */
export function storefrontPolicy({ scriptHashes, apiOrigins }: StorefrontPolicyOptions): string {
  const api = [...new Set(apiOrigins)];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, googleSignIn.script]],
    ['style-src', ["'self'", "'unsafe-inline'", googleSignIn.style]],
    ['img-src', ["'self'", 'data:', 'blob:', ...api]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...api, googleSignIn.connect]],
    ['frame-src', [googleSignIn.frame]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The origin of a URL, or undefined for anything that is not an absolute http(s) URL. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}
