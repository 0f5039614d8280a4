// The back office's staff accounts in the journeys. On the run's own server, e2e/support/web-server.ts makes two on
// the fresh database with the shop's own CLI (`npm run admin -- create EMAIL`, the password from ADMIN_PASSWORD)
// before the server opens the database. Against a deployed shop (BASE_URL) they are the QA staff account(s) given in
// the environment (e2e/support/target.ts); the journeys that need one are tagged @staff.
import { expect, type Page } from '@playwright/test';
import { ownServer, qaOrderDesk, qaStaff, type StaffAccount } from './target';

/** The run's own server's admin (e2e/support/web-server.ts). */
export const localAdmin = {
  email: 'admin@e2e.freshcart.test',
  // A test database's only admin, made for this run and thrown away with it.
  password: 'E2e-admin-Passw0rd',
} as const;

/**
 * The order journeys' staff account on the run's own server (e2e/order-life.spec.ts, the orders screen's shipped order): an account of its
 * own, because every sign-in counts toward an account's budget (10 per address in 15 minutes, docs/security.md),
 * and the back office journeys spend the admin's.
 */
export const localOrderDesk = {
  email: 'orders@e2e.freshcart.test',
  password: 'E2e-orders-Passw0rd',
} as const;

// Against a deployed shop without a QA account the @staff journeys are skipped: these names are then never used.
/** The back office journeys' staff account. */
export const e2eAdmin: StaffAccount = ownServer ? localAdmin : (qaStaff ?? localAdmin);
/** The order journeys' staff account. */
export const e2eOrderDesk: StaffAccount = ownServer ? localOrderDesk : (qaOrderDesk ?? localOrderDesk);

/** The back office's address under the storefront's base path. */
export const officeUrl = '/ecommerceweb/admin/';

/** Opens the back office and signs in (as the journeys' admin unless told), in English, up to its dashboard. */
export async function signInToBackOffice(
  page: Page,
  account: { email: string; password: string } = e2eAdmin,
): Promise<void> {
  await page.goto(officeUrl);
  // The back office's code (about 350 KB gzip) takes a while to arrive and run on a busy 2-core machine.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 45_000 });
  await page.getByLabel(/^Email/).fill(account.email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the FreshCart back office' })).toBeVisible({
    timeout: 45_000,
  });
}
