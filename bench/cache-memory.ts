// The catalogue response cache under the attack that took a server from 234 MB to 2.4 GB:
// 1,200 product lists with limit=1000, each with a parameter the server does not know (so a URL-keyed cache
// stores every one). A real server (npm start's compiled server) on a catalogue of BENCH_PRODUCTS
// products (10,000 by default), its resident memory read from /proc before, right after, and after the
// cache's 30 s lifetime. Not part of `npm run bench`; the figures go to the cache's sizing notes in docs/benchmarks.md.
//
//   npx tsx bench/cache-memory.ts
import { readdirSync, readFileSync } from 'node:fs';
import { freshTarget, seed, startServer } from './lib';

const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const requests = 1_200;
const concurrency = 8;

/** Resident memory (MB) of a process and all its descendants. */
function treeRssMb(rootPid: number): number {
  const parentOf = new Map<number, number>();
  const rssOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parentOf.set(Number(entry), Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0));
      rssOf.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // ended meanwhile
    }
  }
  let kb = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop()!;
    kb += rssOf.get(pid) ?? 0;
    for (const [child, parent] of parentOf) if (parent === pid) pending.push(child);
  }
  return Math.round(kb / 1024);
}

async function main() {
  const target = await freshTarget('pglite', `cache-memory-${products}`);
  try {
    console.log(`seeding ${products} products…`);
    await seed(target, products);
    const server = await startServer(3870, target);
    try {
      const pid = server.child.pid!;
      // Warm: one ordinary list, so the baseline is a server that has answered.
      await (await fetch(`${server.url}/api/v1/products?limit=40`)).text();
      const before = treeRssMb(pid);
      let next = 0;
      let bytes = 0;
      const worker = async () => {
        while (next < requests) {
          const i = next++;
          const res = await fetch(`${server.url}/api/v1/products?limit=1000&cachebuster${i}=${i}`, {
            headers: { 'accept-encoding': 'br, gzip' },
          });
          bytes += (await res.arrayBuffer()).byteLength;
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const after = treeRssMb(pid);
      console.log(`waiting 40 s (the cache's lifetime is 30 s)…`);
      await new Promise((r) => setTimeout(r, 40_000));
      const later = treeRssMb(pid);
      console.log(
        JSON.stringify({
          products,
          requests,
          answeredMB: Math.round(bytes / 1e6),
          rssMB: { before, after, after40s: later },
        }),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
