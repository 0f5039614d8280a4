// After a run against a deployed shop with a QA staff account: take away what the run made (e2e/support/cleanup.ts).
// Our own server's database is thrown away with it, so there is nothing to do there.
import { cleanUpRun } from './cleanup';
import { ownServer, qaStaff, shopOrigin } from './target';

export default async function globalTeardown(): Promise<void> {
  if (ownServer || !qaStaff || process.env.E2E_KEEP === '1') return;
  const started = new Date(process.env.E2E_STARTED ?? Date.now());
  const report = await cleanUpRun(qaStaff, started);
  console.log(
    `[e2e] cleaned up ${shopOrigin}: ${report.archivedProducts} products archived, ` +
      `${report.deletedCategories} categories and ${report.deletedBrands} brands deleted, ` +
      `${report.closedOrders} orders closed (cancelled, refunded or delivered)`,
  );
  if (report.problems.length)
    console.warn(`[e2e] the clean-up could not do everything:\n  ${report.problems.join('\n  ')}`);
}
