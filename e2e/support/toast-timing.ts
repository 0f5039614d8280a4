// Measures the spec's timed messages on Playwright's clock. The page's timers run only when the test runs
// the clock, so a delay or a time on screen is read to the millisecond of the page's own clock however
// busy the machine is; nothing here waits on real time.
import { expect, type Page } from '@playwright/test';

/** A timed message of the spec (sections 8 and 9). */
export interface TimedMessage {
  name: string;
  text: string;
  /** ms from the action's success until it appears. */
  delay: number;
  /** ms it stays on screen from its appearance. */
  onScreen: number;
  position: 'top-right' | 'top-center';
  /** A route change that follows the success after `after` ms. */
  redirect?: { to: string; after: number };
}

/** The spec allows no drift; ±300 ms covers one frame of rendering and nothing else. */
export const tolerance = 300;

/** What the page recorded, in ms of the page's clock. */
interface Recorded {
  /** When the text was first anywhere in the document (a toast, a live region, any element). */
  appearedAt: number | null;
  /** What first held it: 'toast' or the element's tag and role. */
  firstIn: string | null;
  toastAt: number | null;
  leftAt: number | null;
  container: string | null;
  routes: { at: number; hash: string }[];
}

export interface CellResult {
  path: string;
  message: string;
  /** From the success to the toast's appearance. */
  delay: number | null;
  /** From the success to the first appearance of the text anywhere in the page. */
  firstSeen: number | null;
  firstIn: string | null;
  onScreen: number | null;
  redirect: number | null;
  container: string | null;
}

declare global {
  interface Window {
    __timed?: { watched: string; seen: Recorded; bodies: string[] };
  }
}

const nothingSeen = (): Recorded => ({
  appearedAt: null,
  firstIn: null,
  toastAt: null,
  leftAt: null,
  container: null,
  routes: [],
});

/**
 * Starts recording in the current document (once per document): for the watched text, when it is first
 * anywhere in the page, when its toast appears and begins to leave; the route changes; and the API
 * responses the app has read.
 */
export async function installRecorder(page: Page): Promise<void> {
  await page.evaluate((empty) => {
    if (window.__timed) return;
    const timed = { watched: '', seen: { ...empty }, bodies: [] as string[] };
    let hash = location.hash;
    const check = () => {
      const { watched, seen } = timed;
      const now = performance.now();
      if (location.hash !== hash) {
        hash = location.hash;
        seen.routes.push({ at: now, hash });
      }
      if (!watched) return;
      if (seen.appearedAt === null && document.body.textContent?.includes(watched)) {
        seen.appearedAt = now;
        const holders = [...document.body.querySelectorAll('*')].filter((el) =>
          el.textContent?.includes(watched),
        );
        const deepest = holders[holders.length - 1]!;
        seen.firstIn = deepest.closest('.Toastify__toast')
          ? 'toast'
          : `${deepest.tagName.toLowerCase()}[role=${deepest.getAttribute('role') ?? ''}]`;
      }
      const toast = [...document.querySelectorAll('.Toastify__toast')].find((el) =>
        el.textContent?.includes(watched),
      );
      if (toast && seen.toastAt === null) {
        seen.toastAt = now;
        seen.container = toast.closest('.Toastify__toast-container')?.className ?? null;
      }
      if (toast && seen.leftAt === null && toast.getAttribute('data-in') === 'false') seen.leftAt = now;
    };
    new MutationObserver(check).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-in'],
    });
    // The API client reads every body as text: once a body is read, the app's code that follows the call
    // (the toast's scheduling included) has run, in the same task.
    const text = Response.prototype.text;
    Response.prototype.text = function (this: Response) {
      const read = text.call(this);
      void read.then(() => timed.bodies.push(this.url));
      return read;
    };
    window.__timed = timed;
  }, nothingSeen());
}

/** From now on, the recorder looks for this text (and forgets what it saw of another). */
async function watch(page: Page, text: string): Promise<void> {
  await installRecorder(page);
  await page.evaluate(
    ({ text, empty }) => {
      window.__timed!.watched = text;
      window.__timed!.seen = empty;
    },
    { text, empty: nothingSeen() },
  );
}

/** Waits until the app has read `count` more response bodies from URLs ending with `suffix`. */
export async function bodiesRead(page: Page, suffix: string, count: number, since: number): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ suffix, since }) => window.__timed!.bodies.slice(since).filter((u) => u.endsWith(suffix)).length,
          { suffix, since },
        ),
      { message: `the app to read ${count} response(s) from …${suffix}`, intervals: [25] },
    )
    .toBeGreaterThanOrEqual(count);
}

export async function bodiesSoFar(page: Page): Promise<number> {
  return page.evaluate(() => window.__timed!.bodies.length);
}

/** Stops the page's clock; returns the page's time at that moment (its performance.now()). */
export async function pauseClock(page: Page): Promise<number> {
  // Ahead of the page's own time, so the target is never in the past even if the page stalls for seconds
  // between these two calls on a busy machine; the jump only fires timers of the screen's own idle work.
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 5000);
  return page.evaluate(() => performance.now());
}

/**
 * One cell of the matrix: with the page's clock stopped, `act` performs the action and waits until the app
 * has handled its success; then the clock runs through the delay, the time on screen and any redirect, and
 * the recorded times are read. The clock runs in real time again afterwards.
 */
export async function measure(
  page: Page,
  path: string,
  message: TimedMessage,
  act: (since: number) => Promise<void>,
): Promise<CellResult> {
  await watch(page, message.text);
  const t0 = await pauseClock(page);
  await act(await bodiesSoFar(page));
  const total = Math.max(message.delay, message.redirect?.after ?? 0) + message.onScreen + tolerance;
  if (message.redirect) {
    // The router draws a route change in a transition: React renders the next screen in tasks of its own,
    // which the page's stopped clock does not hold back but which take real time on a busy machine. So the
    // clock runs just past the redirect's time, stays there while the next screen is drawn (the time it
    // records is still the clock's), then runs on.
    const past = message.redirect.after + tolerance / 2;
    await page.clock.runFor(past);
    const target = `#${message.redirect.to}`;
    await page
      .waitForFunction((hash) => window.location.hash === hash, target, { timeout: 5000, polling: 50 })
      .catch(() => {}); // no redirect: the check below says so
    await page.clock.runFor(total - past);
  } else {
    await page.clock.runFor(total);
  }
  const seen = await page.evaluate(() => window.__timed!.seen);
  await page.clock.resume();
  const since = (t: number | null) => (t === null ? null : Math.round(t - t0));
  const redirect = message.redirect
    ? (seen.routes.find((r) => r.hash === `#${message.redirect!.to}`)?.at ?? null)
    : null;
  const result: CellResult = {
    path,
    message: message.name,
    delay: since(seen.toastAt),
    firstSeen: since(seen.appearedAt),
    firstIn: seen.firstIn,
    onScreen: seen.toastAt !== null && seen.leftAt !== null ? Math.round(seen.leftAt - seen.toastAt) : null,
    redirect: since(redirect),
    container: seen.container,
  };
  console.log(`[toast timing] ${JSON.stringify(result)}`);
  return result;
}

/** The spec's checks on one cell; soft, so every cell of a journey is measured and reported. */
export function expectOnTime(result: CellResult, message: TimedMessage): void {
  const cell = `${message.name}, ${result.path}`;
  const near = (value: number | null, target: number, what: string) => {
    expect
      .soft(value, `${cell}: ${what}: nothing within ${target + tolerance} ms (spec ${target} ms)`)
      .not.toBeNull();
    if (value !== null)
      expect
        .soft(Math.abs(value - target), `${cell}: ${what} ${value} ms, spec ${target} ms`)
        .toBeLessThanOrEqual(tolerance);
  };
  near(result.delay, message.delay, 'appeared after');
  // Nothing shows the text before the toast: no live region, no other element.
  expect
    .soft(result.firstIn, `${cell}: the text was first in ${result.firstIn} after ${result.firstSeen} ms`)
    .toBe('toast');
  near(result.onScreen, message.onScreen, 'on screen for');
  if (message.redirect) near(result.redirect, message.redirect.after, `went to ${message.redirect.to} after`);
  expect
    .soft(result.container ?? '', `${cell}: position`)
    .toContain(`Toastify__toast-container--${message.position}`);
}

/** An earlier toast, shown and gone before the measured action: the clock skips its waiting. */
export async function showAndLetGo(page: Page, message: TimedMessage, act: (since: number) => Promise<void>) {
  await watch(page, message.text);
  await pauseClock(page);
  await act(await bodiesSoFar(page));
  await page.clock.runFor(message.delay + message.onScreen + 50);
  const toast = page.locator('.Toastify__toast').filter({ hasText: message.text });
  await expect(toast).toHaveAttribute('data-in', 'false');
  // Its exit animation runs in real time; the collapse after it on the clock.
  await page.clock.resume();
  await toast.waitFor({ state: 'detached' });
}
