// `npm run test:reliability`: the long runs (crash loop, two-process race, full HTTP fuzz, the attacks
// on accounts, money and stock), one after the other, then one summary. Exit code 1 if any of them found a problem.
//   CRASH_KILLS (default 20 per database), FUZZ_COUNT (default 10000), CRASH_SEED / FUZZ_SEED to replay.
import { attacks, printAttackStats, type AttackStats } from './attacks';
import { crashLoop, printCrashStats, type CrashStats } from './crash-loop';
import { fuzzHttp, type HttpFuzzStats } from './fuzz-http';
import { twoProcessRace, type RaceStats } from './two-process-race';

async function main() {
  const t0 = Date.now();
  const took = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
  let crash: CrashStats[] = [];
  let race: RaceStats | undefined;
  let fuzz: HttpFuzzStats | undefined;
  let attack: AttackStats | undefined;
  const errors: string[] = [];

  let t = Date.now();
  try {
    crash = await crashLoop();
  } catch (err) {
    errors.push(`crash loop: ${(err as Error).stack ?? String(err)}`);
  }
  console.log(`crash loop finished in ${took(t)}`);
  t = Date.now();
  try {
    race = await twoProcessRace();
  } catch (err) {
    errors.push(`two-process race: ${(err as Error).stack ?? String(err)}`);
  }
  console.log(`two-process race finished in ${took(t)}`);
  t = Date.now();
  try {
    fuzz = await fuzzHttp();
  } catch (err) {
    errors.push(`fuzz: ${(err as Error).stack ?? String(err)}`);
  }
  console.log(`HTTP fuzz finished in ${took(t)}`);
  t = Date.now();
  try {
    attack = await attacks();
  } catch (err) {
    errors.push(`attacks: ${(err as Error).stack ?? String(err)}`);
  }
  console.log(`attacks finished in ${took(t)}`);

  const acknowledged = crash.reduce((s, c) => s + c.writesAcknowledged, 0);
  const found = crash.reduce((s, c) => s + c.writesFound, 0);
  const serverErrors =
    crash.reduce((s, c) => s + c.serverErrors, 0) +
    (race?.serverErrors ?? 0) +
    (fuzz?.serverErrors ?? 0) +
    (attack?.serverErrors ?? 0);
  const attacksTried = attack?.results.length ?? 0;
  const attacksHeld = attack?.results.filter((r) => r.breaches === 0).length ?? 0;
  console.log('\n=== reliability summary ===');
  printCrashStats(crash);
  if (race) {
    console.log(
      `  two-process race (PostgreSQL): ${race.scenarios} scenarios, ${race.requests} requests, 5xx ${race.serverErrors}, failures ${race.failures.length}`,
    );
    for (const f of race.failures) console.log(`    ✗ ${f}`);
  } else console.log('  two-process race: not run (needs TEST_DATABASE_URL)');
  if (fuzz) {
    console.log(
      `  fuzz over HTTP (seed ${fuzz.seed}): ${fuzz.requests} requests, 5xx ${fuzz.serverErrors}, server alive ${fuzz.serverAlive}, failures ${fuzz.failures.length}`,
    );
    console.log(
      `    statuses: ${[...fuzz.byStatus]
        .sort(([a], [b]) => a - b)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ')}`,
    );
    for (const f of fuzz.failures) console.log(`    ✗ ${f}`);
  }
  if (attack) {
    console.log('  attacks:');
    printAttackStats(attack);
  }
  for (const e of errors) console.log(`  ✗ ${e}`);
  console.log(`  writes acknowledged: ${acknowledged}`);
  console.log(`  writes found:        ${found}`);
  console.log(`  requests fuzzed:     ${fuzz?.requests ?? 0}`);
  console.log(`  attacks tried / held: ${attacksTried} / ${attacksHeld}`);
  console.log(`  5xx seen:            ${serverErrors}`);
  console.log(`  total time:          ${took(t0)}`);
  const ok =
    errors.length === 0 &&
    crash.length > 0 &&
    crash.every((c) => c.failures.length === 0 && c.writesFound === c.writesAcknowledged) &&
    (!race || race.failures.length === 0) &&
    !!fuzz &&
    fuzz.failures.length === 0 &&
    fuzz.serverAlive &&
    attacksTried > 0 &&
    attacksHeld === attacksTried &&
    serverErrors === 0;
  console.log(ok ? 'RESULT: PASS' : 'RESULT: FAIL');
  process.exit(ok ? 0 : 1);
}

void main();
