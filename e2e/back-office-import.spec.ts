// The back office's CSV import (issue 27, item 4), as staff do it: sign in, choose a Shopify product CSV, read the
// preview (one row refused, with its reason), confirm, watch the progress bar reach the end (and still there after a
// reload: the job's id is in the address), then find an imported product in the list. The product list's
// "Export CSV" button saves the catalogue as a file.
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { signInToBackOffice } from './support/staff';
import { shopifyCsv } from '../tests/server/import/shopify-csv';

const shots = 'screenshots';

test(
  'staff import a Shopify CSV: preview with a refused row, progress to the end, the product in the list',
  { tag: '@staff' },
  async ({ page }) => {
    // The back office's code loads on first use of each screen: minutes on a busy 2-core machine.
    test.setTimeout(240_000);
    const suffix = Date.now().toString(36);
    const title = `Imported Clay Jug ${suffix}`;
    const csv = shopifyCsv(
    'legacy',
    [
      { handle: `clay-jug-${suffix}`, title, body: '<p>Hand-thrown, <b>lead-free</b></p>', vendor: 'Giza Home', type: 'Home', price: '240.00', quantity: '5', status: 'active' },
      { handle: `clay-jug-${suffix}`, option: 'Large', price: '260.00', quantity: '2' },
      { handle: `clay-cup-${suffix}`, title: `Imported Clay Cup ${suffix}`, vendor: 'Giza Home', type: 'Home', price: '60', quantity: '12', status: 'active' },
      { handle: `broken-${suffix}`, title: `Broken Plate ${suffix}`, vendor: 'Giza Home', type: 'Home', price: '-5', quantity: '1' },
    ],
    { bom: true, crlf: true },
  ); // prettier-ignore

    await signInToBackOffice(page);

    await page.getByRole('menuitem', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { name: 'Import products', level: 1 })).toBeVisible({
      timeout: 45_000,
    });
    await page.locator('input[type=file]').setInputFiles({
      name: 'shopify-products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });

    // The preview: nothing written yet; the refused row says why.
    await expect(page.getByRole('heading', { name: 'What the import will do' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Shopify CSV (legacy columns) · 4 rows, 3 products')).toBeVisible();
    await expect(page.getByText('To create: 2')).toBeVisible();
    await expect(page.getByText('Refused: 1')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Price must be at least 0 (row 5: -5)' })).toBeVisible();
    await expectNoAxeViolations(page, 'back office import preview');
    await page.screenshot({ path: `${shots}/back-office-import-preview-1280-light-en.png`, fullPage: true });

    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(page).toHaveURL(/#\/import\?job=[0-9a-f]{24}$/);
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
    await expect(page.getByRole('heading', { name: /^Import finished/ })).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuetext', '3 of 3 products');

    // A reload finds the job by the address: the bar and the report are still there.
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Import finished/ })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(page.getByText('Created: 2')).toBeVisible();
    await expect(page.getByText('Refused: 1')).toBeVisible();
    await expectNoAxeViolations(page, 'back office import report');
    await page.screenshot({ path: `${shots}/back-office-import-report-1280-light-en.png`, fullPage: true });

    // The same report on a phone, dark, in Arabic (right to left).
    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.getByRole('heading', { name: /^اكتمل الاستيراد/ })).toBeVisible({ timeout: 45_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('progressbar', { name: 'تقدّم الاستيراد' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expectNoAxeViolations(page, 'back office import report (375 px, dark, Arabic)');
    await page.screenshot({ path: `${shots}/back-office-import-report-375-dark-ar.png`, fullPage: true });
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });

    // The imported product is in the list.
    await page.getByRole('link', { name: 'See the products' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(title);
    await expect(page.getByRole('cell', { name: title })).toBeVisible({ timeout: 30_000 });

    // The list's export saves the catalogue, the imported product with it.
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/^freshcart-products-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    expect(readFileSync(file, 'utf8')).toContain(`clay-jug-${suffix}`);
  },
);
