// The early paint's journeys (e2e/product-details.spec.ts, e2e/product-list.spec.ts): what the browser itself reports
// about the page's largest paint and about anything that moved.
import type { Page } from '@playwright/test';

/**
 * Adds up every layout shift from the page's start, and notes what moved (read with `shifted`). Call before the page
 * opens.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    const w = window as unknown as { __shifted: number; __moved: string[] };
    w.__shifted = 0;
    w.__moved = [];
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        w.__shifted += e.value;
        for (const s of e.sources) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const name = el
            ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className)}` : ''}`
            : '?';
          w.__moved.push(
            `${name} at ${Math.round(e.startTime)} ms: ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift since the page opened and what moved, once the screen has had two frames to settle. */
export async function shifted(page: Page): Promise<{ value: number; moved: string[] }> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const w = window as unknown as { __shifted: number; __moved: string[] };
    return { value: w.__shifted, moved: w.__moved };
  });
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
