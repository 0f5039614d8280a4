// Bad input, full run: at least 10,000 generated requests over real HTTP to the real server process
// (node:http, so paths like /ecommerceweb/%2e%2e/ reach the server exactly as written; fetch would
// normalise them). Zero 5xx, no leaks, the server stays up and its data stays valid.
//
//   npx tsx tests/reliability/fuzz-http.ts        (FUZZ_COUNT=10000, FUZZ_SEED=<n>)
import http from 'node:http';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mulberry32 } from './support/rng';
import { prepareFuzzContext, runFuzz, type FuzzStats, type Send } from './support/fuzz';
import { repoRoot, startServer, testJwtSecret } from './support/server-process';

export interface HttpFuzzStats extends FuzzStats {
  seed: number;
  serverAlive: boolean;
}

function sender(port: number): Send {
  // One connection per request: a reset then belongs to that request alone, never to a reused socket.
  const agent = false;
  return (req) =>
    new Promise((resolve) => {
      // An explicit length: Node sends a DELETE body neither chunked nor sized otherwise, and the
      // server would read the body bytes as a second request.
      const headers =
        req.body !== undefined
          ? { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) }
          : req.headers;
      const r = http.request(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', (err) => resolve({ status: 599, body: `response error: ${err.message}` }));
        },
      );
      r.on('timeout', () => r.destroy(new Error('timeout')));
      // 599 = no answer at all (a crash or a hang): counted as a server failure.
      r.on('error', (err) => resolve({ status: 599, body: `no answer: ${err.message}` }));
      if (req.body !== undefined) r.end(req.body);
      else r.end();
    });
}

export async function fuzzHttp(options: { count?: number; seed?: number } = {}): Promise<HttpFuzzStats> {
  const count = options.count ?? Number(process.env.FUZZ_COUNT ?? 10_000);
  const seed = options.seed ?? Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
  const dataDir = '/tmp/reliability-fuzz-http';
  rmSync(dataDir, { recursive: true, force: true });
  // The real storefront build when there is one; otherwise a small stand-in, so static paths are served either way.
  let storefrontDir = path.join(repoRoot, 'out');
  if (!existsSync(path.join(storefrontDir, 'index.html'))) {
    storefrontDir = path.join(dataDir, 'out');
    mkdirSync(path.join(storefrontDir, '_next', 'static'), { recursive: true });
    writeFileSync(path.join(storefrontDir, 'index.html'), '<!doctype html><title>shop</title>');
    writeFileSync(path.join(storefrontDir, '_next', 'static', 'app.js'), 'console.log(1)');
  }
  const port = 3610;
  const server = await startServer({
    label: 'fuzz-http',
    port,
    dataDir,
    env: { STOREFRONT_DIR: storefrontDir },
  });
  const send = sender(port);
  try {
    const context = await prepareFuzzContext(send, 'http');
    const stats = await runFuzz({
      send,
      rng: mulberry32(seed),
      count,
      context,
      secret: testJwtSecret,
      concurrency: 8,
    });
    const alive =
      server.proc.exitCode === null &&
      (await send({ method: 'GET', url: '/api/v1/ready', headers: {}, label: 'ready' })).status === 200;
    return { ...stats, seed, serverAlive: alive };
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
}

if (require.main === module) {
  fuzzHttp()
    .then((s) => {
      console.log(
        `fuzz over HTTP (seed ${s.seed}): ${s.requests} requests, 5xx ${s.serverErrors}, server alive ${s.serverAlive}`,
      );
      console.log(
        `  statuses: ${[...s.byStatus]
          .sort(([a], [b]) => a - b)
          .map(([k, v]) => `${k}×${v}`)
          .join(' ')}`,
      );
      for (const f of s.failures) console.log(`  ✗ ${f}`);
      process.exit(s.failures.length === 0 && s.serverAlive ? 0 : 1);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
