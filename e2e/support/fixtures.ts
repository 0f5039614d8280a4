// The one `test` every journey imports: a fresh shopper per test, made through the API, so tests are
// independent and can run in parallel.
import { test as base, expect } from '@playwright/test';
import { Api, type Shopper } from './api';
import { doorTags, missingDoor, ownServer, type DoorTag } from './target';

interface Fixtures {
  api: Api;
  shopper: Shopper;
  doors: void;
}

const knownTags = new Set<string>(Object.values(doorTags));

// The second argument is Playwright's `use`, renamed so the React hooks lint rule does not mistake it for React's.
export const test = base.extend<Fixtures>({
  // Before anything else of the test (no shopper is signed up for a journey that will not run): a journey tagged
  // with a door (e2e/support/target.ts) the shop lacks is skipped, the reason in the report and the run's summary.
  // Our own server has every door, so there a missing one is a failure, never a skip.
  doors: [
    async ({ request }, provide, testInfo) => {
      for (const tag of testInfo.tags) {
        if (!knownTags.has(tag)) continue;
        const missing = await missingDoor(tag as DoorTag, request);
        if (!missing) continue;
        if (ownServer)
          throw new Error(`The run's own server should offer ${tag}, but the journey ${missing}`);
        testInfo.skip(true, `${tag}: ${missing}`);
      }
      await provide();
    },
    { auto: true },
  ],
  api: async ({ request }, provide) => {
    await provide(new Api(request));
  },
  shopper: async ({ api }, provide) => {
    await provide(await api.createShopper());
  },
});

export { expect };
