// A plain static file server for the built storefront, as a CDN would serve it: files from out/ as they
// are, the precompressed .br or .gz beside each (scripts/precompress.mjs) when the browser accepts it,
// hashed assets cached for a year, the HTML revalidated. Anything that is not a file of the build (the
// API, product pictures) is passed to the origin, our server, the way a CDN forwards to its origin.
// No compression on the fly, no server code: what the storefront costs when nothing but files serve it.
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { basePath } from '../lib/base-path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
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

function fileFor(root: string, urlPath: string): string | undefined {
  if (!urlPath.startsWith(`${basePath}/`)) return undefined;
  let rel = decodeURIComponent(urlPath.slice(basePath.length + 1));
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  const file = path.resolve(root, rel);
  if (!file.startsWith(root + path.sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

export function startStaticServer(root: string, port: number, origin: string): Promise<StaticServer> {
  const originUrl = new URL(origin);
  const server = http.createServer((req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0]!;
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileFor(root, urlPath) : undefined;
    if (!file) {
      // Forward to the origin as it came (method, headers, body).
      const upstream = http.request(
        {
          host: originUrl.hostname,
          port: originUrl.port,
          method: req.method,
          path: req.url,
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
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding =
      /\bbr\b/.test(accepts) && existsSync(`${file}.br`)
        ? 'br'
        : /\bgzip\b/.test(accepts) && existsSync(`${file}.gz`)
          ? 'gzip'
          : undefined;
    const sent = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
    const headers: Record<string, string | number> = {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(sent).size,
      'cache-control': urlPath.includes('/_next/static/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
      vary: 'accept-encoding',
    };
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(sent).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    );
  });
}
