// The early paint's journeys (e2e/product-details.spec.ts, e2e/product-list.spec.ts): what the browser itself reports
// about the page's largest paint and about anything that moved.
import type { Page } from '@playwright/test';

/** Adds up every layout shift from the page's start (read with `shifted`). Call before the page opens. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifted: number };
    w.__shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__shifted += (e as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift since the page opened, once the screen has had two frames to settle. */
export async function shifted(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => (window as unknown as { __shifted: number }).__shifted);
}

/**
 * What the browser counts as the page's largest paint so far: its picture's address ('' for text), its element's tag
 * and whether that element is in the early paint's layer.
 */
export function largestPaint(page: Page): Promise<{ url: string; tag: string; drawnEarly: boolean }> {
  return page.evaluate(
    () =>
      new Promise<{ url: string; tag: string; drawnEarly: boolean }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as Array<
            PerformanceEntry & { url: string; element: Element | null }
          >;
          const last = entries[entries.length - 1]!;
          resolve({
            url: last.url,
            tag: last.element?.tagName.toLowerCase() ?? '',
            drawnEarly: Boolean(last.element?.closest('#early-paint')),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}
