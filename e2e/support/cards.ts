import type { Locator, Page } from '@playwright/test';

/** The product card (an article) that links to /productDetails/{id}. */
export function cardOf(scope: Page | Locator, productId: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('article').filter({ has: page.locator(`a[href$="#/productDetails/${productId}"]`) });
}

/** First n words of a title, written out here as the spec words it. */
export function words(title: string, n: number): string {
  return title.trim().split(/\s+/).slice(0, n).join(' ');
}

/**
 * Holds matching requests until released, so a test can look at the page while a call is in flight
 * (busy overlays, spinners) without depending on how fast the server answers.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  method: string,
): Promise<{ release: () => void; seen: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let markSeen!: () => void;
  const seen = new Promise<void>((resolve) => (markSeen = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    markSeen();
    await gate;
    await route.fallback();
  });
  return { release, seen };
}
