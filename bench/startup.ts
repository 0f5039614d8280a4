// Start-up: time from spawning the server the way `npm start` does (scripts/start.mjs running
// the compiled server, storefront build check skipped) to its first 200 from /api/v1/ready.
//   first start: empty database → migrations, catalogue seed; images are drawn after listening, so the
//                time to the "Rendered N catalogue images" line is reported as well
//   restart:     the same data folder / database again (median of 3)
//
//   npx tsx bench/startup.ts       → bench/results/startup.json
import { pathToFileURL } from 'node:url';
import { freshTarget, median, startServer, targets, writeResult } from './lib';

// BENCH_PORT moves the servers' ports (another run, or other work, may hold the defaults on a shared machine).
const firstPort = Number(process.env.BENCH_PORT || 3830);
const ports = { pglite: firstPort, postgres: firstPort + 1 } as const;

export interface StartupRun {
  driver: string;
  firstReadyMs: number;
  firstImagesMs: number;
  restartsMs: number[];
  restartMedianMs: number;
  /** CPU time (all of the server's processes) to ready: what the wall time approaches on an idle machine. */
  firstReadyCpuMs: number;
  restartCpuMedianMs: number;
}

async function benchOne(driver: 'pglite' | 'postgres'): Promise<StartupRun> {
  const target = await freshTarget(driver, `startup-${driver}`);
  try {
    const first = await startServer(ports[driver], target);
    const firstImagesMs = await Promise.race([
      first.imagesDone,
      // unref: a pending time limit must not keep the benchmark alive for 5 minutes after its last run.
      new Promise<number>((_, reject) =>
        setTimeout(
          () => reject(new Error(`images not rendered after 300 s:\n${first.output()}`)),
          300_000,
        ).unref(),
      ),
    ]);
    await first.stop();
    const restartsMs: number[] = [];
    const restartCpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await startServer(ports[driver], target);
      restartsMs.push(Math.round(s.readyMs));
      restartCpu.push(Math.round(s.readyCpuMs));
      await s.stop();
    }
    const run = {
      driver,
      firstReadyMs: Math.round(first.readyMs),
      firstImagesMs: Math.round(firstImagesMs),
      restartsMs,
      restartMedianMs: median(restartsMs),
      firstReadyCpuMs: Math.round(first.readyCpuMs),
      restartCpuMedianMs: median(restartCpu),
    };
    console.log(`[startup ${driver}]`, run);
    return run;
  } finally {
    await target.cleanup();
  }
}

export async function benchStartup(): Promise<StartupRun[]> {
  const runs: StartupRun[] = [];
  for (const driver of targets()) runs.push(await benchOne(driver));
  writeResult('startup', { runs });
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchStartup().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
