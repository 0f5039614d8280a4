// The one `test` every journey imports: a fresh shopper per test, made through the API, so tests are
// independent and can run in parallel.
import { test as base, expect } from '@playwright/test';
import { Api, type Shopper } from './api';

interface Fixtures {
  api: Api;
  shopper: Shopper;
}

// The second argument is Playwright's `use`, renamed so the React hooks lint rule does not mistake it for React's.
export const test = base.extend<Fixtures>({
  api: async ({ request }, provide) => {
    await provide(new Api(request));
  },
  shopper: async ({ api }, provide) => {
    await provide(await api.createShopper());
  },
});

export { expect };
