// Start-up (issue 7): time from spawning the server (`tsx server/main.ts`, what `npm start` runs) to its
// first 200 from /api/v1/ready.
//   first start: empty database → migrations, catalogue seed; images are drawn after listening, so the
//                time to the "Rendered N catalogue images" line is reported as well
//   restart:     the same data folder / database again (median of 3)
//
//   npx tsx bench/startup.ts       → bench/results/startup.json
import { pathToFileURL } from 'node:url';
import { freshTarget, median, startServer, targets, writeResult } from './lib';

const ports = { pglite: 3830, postgres: 3831 } as const;

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
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`images not rendered after 300 s:\n${first.output()}`)), 300_000)),
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
