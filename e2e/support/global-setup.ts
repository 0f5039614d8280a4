// Before a run against a deployed shop (BASE_URL): the shop answers, and the run says what it found there (which
// tagged journeys will be skipped is printed per journey at the end, e2e/support/summary-reporter.ts).
import { request } from '@playwright/test';
import { ownServer, qaStaff, shopOrigin, signingSecret } from './target';

export default async function globalSetup(): Promise<void> {
  if (ownServer) return;
  const api = await request.newContext({ baseURL: shopOrigin });
  try {
    const health = await api.get('/api/v1/health').catch((err: Error) => err);
    if (health instanceof Error || !health.ok())
      throw new Error(
        `No shop answers at ${shopOrigin} (GET /api/v1/health: ${health instanceof Error ? health.message : health.status()}).`,
      );
    const outbox = (await api.get('/api/v1/dev/outbox?to=door-probe%40example.com')).ok();
    if (qaStaff) {
      const signin = await api.post('/api/v1/auth/signin', { data: qaStaff });
      if (!signin.ok())
        throw new Error(
          `The QA staff account ${qaStaff.email} cannot sign in to ${shopOrigin}: ${signin.status()} ${await signin.text()}`,
        );
    }
    console.log(
      `[e2e] journeys against ${shopOrigin} (no server started): ` +
        `development outbox ${outbox ? 'present' : 'absent'}, ` +
        `JWT secret ${signingSecret() ? 'given' : 'not given'}, ` +
        `QA staff account ${qaStaff ? qaStaff.email : 'not given'}`,
    );
  } finally {
    await api.dispose();
  }
}
