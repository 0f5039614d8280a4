// A plain static file server for the built storefront, as a CDN serves it with the rules of docs/deploy.md ("The
// storefront on a CDN", server/web/host-rules.ts): the API's paths forwarded to the origin (our server) as they
// came; files from out/ as they are, the precompressed .br or .gz beside each (scripts/precompress.mjs) when the
// browser accepts it, with their Cache-Control and the storefront's security headers; a folder without its slash
// redirected to the folder; any other storefront path without '#' redirected to its hash route; the rest 404. No
// compression on the fly, no server code: what the storefront costs when nothing but files serve it. Used by the
// Lighthouse bench (bench/lighthouse.ts) and tested by e2e/static-host.spec.ts.
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { basePath } from '../lib/base-path';
import { inlineScriptHashes, storefrontPolicy } from '../server/web/csp';
import { cacheControlFor, goesToOrigin, redirectFor } from '../server/web/host-rules';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

type Found = { file: string; rel: string } | { folder: string } | undefined;

/** The file of the build a storefront path names (a folder's index.html), a folder named without its slash, or none. */
function find(root: string, urlPath: string): Found {
  if (!urlPath.startsWith(`${basePath}/`)) return undefined;
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.slice(basePath.length + 1));
  } catch {
    return undefined;
  }
  const asked = path.resolve(root, rel);
  if (asked !== root && !asked.startsWith(root + path.sep)) return undefined;
  if (!existsSync(asked)) return undefined;
  if (statSync(asked).isDirectory()) {
    if (!urlPath.endsWith('/'))
      return existsSync(path.join(asked, 'index.html')) ? { folder: `${urlPath}/` } : undefined;
    rel = path.join(rel, 'index.html');
  }
  const file = path.resolve(root, rel);
  return existsSync(file) && statSync(file).isFile()
    ? { file, rel: path.relative(root, file).split(path.sep).join('/') }
    : undefined;
}

/**
 * Serves `root` (out/) on `port` (0: any free one) of 127.0.0.1 and forwards the API's paths to `origin`. The
 * storefront was built to call its own origin (NEXT_PUBLIC_API_HOST empty), so the API is reached through here;
 * its pictures come from the origin's PUBLIC_URL, which the security policy allows.
 */
export function startStaticServer(out: string, port: number, origin: string): Promise<StaticServer> {
  const root = path.resolve(out);
  const originUrl = new URL(origin);
  const security = {
    'content-security-policy': storefrontPolicy({
      scriptHashes: inlineScriptHashes(root),
      apiOrigins: [originUrl.origin],
    }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const urlPath = url.split('?', 1)[0]!;
    const method = req.method ?? 'GET';
    if (goesToOrigin(urlPath)) {
      // Forward to the origin as it came (method, headers, body).
      const upstream = http.request(
        {
          host: originUrl.hostname,
          port: originUrl.port,
          method,
          path: url,
          headers: { ...req.headers, host: originUrl.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502).end();
      });
      req.pipe(upstream);
      return;
    }
    const found = method === 'GET' || method === 'HEAD' ? find(root, urlPath) : undefined;
    if (!found || 'folder' in found) {
      const target = found ? found.folder : redirectFor(method, url);
      if (target) {
        res.writeHead(302, { location: target, 'cache-control': 'no-cache' }).end();
      } else if (
        /\btext\/html\b/.test(String(req.headers.accept ?? '')) &&
        existsSync(path.join(root, '404.html'))
      ) {
        // A browser asking for a page: the export's not-found page (app/not-found.tsx), as our server sends it.
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
        createReadStream(path.join(root, '404.html')).pipe(res);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
        res.end('Not found');
      }
      return;
    }
    const { file, rel } = found;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding =
      /\bbr\b/.test(accepts) && existsSync(`${file}.br`)
        ? 'br'
        : /\bgzip\b/.test(accepts) && existsSync(`${file}.gz`)
          ? 'gzip'
          : undefined;
    const sent = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
    const headers: Record<string, string | number> = {
      ...security,
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(sent).size,
      'cache-control': cacheControlFor(rel),
      vary: 'accept-encoding',
    };
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(200, headers);
    if (method === 'HEAD') res.end();
    else createReadStream(sent).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    );
  });
}
