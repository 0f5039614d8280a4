import type { Page } from '@playwright/test';

/** When (ms on the page's animation timeline) each watched element entered and left the DOM; null while it has not. */
export interface Timeline {
  [name: string]: { added: number | null; removed: number | null };
}

/**
 * Records, inside the page, when elements matching each selector (and holding the given text) enter and
 * leave the DOM. Timing measured here is the page's own: it does not include the time Playwright takes to
 * poll a busy browser, which can add a second on a loaded 2-core machine. It reads the document's animation
 * timeline, which runs in real time even when a test has installed Playwright's fake clock.
 */
export async function watchTimeline(
  page: Page,
  watched: Record<string, { selector: string; text?: string }>,
) {
  await page.evaluate((w) => {
    const times: Timeline = {};
    const present = new Map<string, Element>();
    for (const name of Object.keys(w)) times[name] = { added: null, removed: null };
    const check = () => {
      const now = document.timeline.currentTime as number;
      for (const [name, { selector, text }] of Object.entries(w)) {
        const found = [...document.querySelectorAll(selector)].find(
          (el) => !text || el.textContent?.includes(text),
        );
        const seen = present.get(name);
        if (found && !seen) {
          present.set(name, found);
          times[name]!.added ??= now;
        } else if (seen && !seen.isConnected) {
          present.delete(name);
          if (times[name]!.added !== null) times[name]!.removed ??= now;
        }
      }
    };
    new MutationObserver(check).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    check();
    (window as unknown as { __timeline: typeof times }).__timeline = times;
  }, watched);
  return {
    read: () => page.evaluate(() => (window as unknown as { __timeline: Timeline }).__timeline),
  };
}
