// Journey 12: the theme toggle, remembered across reloads, applied before the first paint.
import type { Page } from '@playwright/test';
import { logInWithToken, openApp } from './support/app';
import { expect, test } from './support/fixtures';

interface PaintRecord {
  firstFrameDark: boolean | null;
  firstFrameBackground: string | null;
  changes: { dark: boolean; readyState: string }[];
}

/** Records, from the very start of the next document, whether the page is dark at its first frame and every later change. */
async function recordThemeFromFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: PaintRecord = { firstFrameDark: null, firstFrameBackground: null, changes: [] };
    (window as unknown as { __theme: PaintRecord }).__theme = record;
    const html = () => document.documentElement;
    new MutationObserver(() => {
      const dark = html().classList.contains('dark');
      const last = record.changes.at(-1);
      if (!last || last.dark !== dark) record.changes.push({ dark, readyState: document.readyState });
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
    // rAF callbacks run before the frame they belong to is painted.
    requestAnimationFrame(() => {
      record.firstFrameDark = html().classList.contains('dark');
      record.firstFrameBackground = document.body ? getComputedStyle(document.body).backgroundColor : null;
    });
  });
}

async function themeRecord(page: Page): Promise<PaintRecord> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __theme: PaintRecord }).__theme.firstFrameDark))
    .not.toBeNull();
  return page.evaluate(() => (window as unknown as { __theme: PaintRecord }).__theme);
}

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).map(Number);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

test('theme: the toggle switches, a reload keeps it, and the dark page never flashes light', async ({
  page,
  shopper,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await logInWithToken(page, shopper.token);
  await openApp(page, '/home');
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('dark'))).toBe('true');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(luminance(darkBackground)).toBeLessThan(luminance(lightBackground));

  // Reload: dark from the first frame on, never switched off and on again.
  await recordThemeFromFirstPaint(page);
  await page.reload();
  const dark = await themeRecord(page);
  expect(dark.firstFrameDark).toBe(true);
  expect(dark.changes.every((c) => c.dark)).toBe(true);
  if (dark.firstFrameBackground)
    expect(luminance(dark.firstFrameBackground)).toBeLessThan(luminance(lightBackground));
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');

  // And back to light, which also survives a reload without a dark frame.
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('dark'))).toBe('false');
  await page.reload();
  const light = await themeRecord(page);
  expect(light.firstFrameDark).toBe(false);
  expect(light.changes.every((c) => !c.dark)).toBe(true);
});

test('theme: a stored choice wins over the system preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('dark', 'false');
    }
  });
  await recordThemeFromFirstPaint(page);
  await openApp(page, '/login');
  const record = await themeRecord(page);
  expect(record.firstFrameDark).toBe(false);
  expect(record.changes.every((c) => !c.dark)).toBe(true);
});
