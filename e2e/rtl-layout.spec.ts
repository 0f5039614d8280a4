// Right to left: the brand at the right, the sliders and the image viewer moving the way an Arabic page reads, the
// viewer's animation and the reduced-motion setting, toasts in the mirrored corner. Every screen's mirrored layout at
// 375 and 1280 px, light and dark (no sideways scroll, axe), is the Arabic accessibility pass's
// (e2e/accessibility-arabic.spec.ts), which draws the same screens and more, right to left.
//
// The page is made right to left as the language switch will make it: local storage 'lang' = 'ar', and
// <html dir="rtl" lang="ar"> before any script of the page runs. Nothing here finds an element by its
// English text, so these journeys hold once the texts are Arabic too.
import type { Locator, Page } from '@playwright/test';
import { logInWithToken, noFiniteAnimationRunning, openApp } from './support/app';
import { expect, test } from './support/fixtures';

async function rightToLeft(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('lang', 'ar');
    const mark = () => {
      document.documentElement.dir = 'rtl';
      document.documentElement.lang = 'ar';
    };
    if (document.documentElement) mark();
    else {
      new MutationObserver((_records, observer) => {
        if (!document.documentElement) return;
        observer.disconnect();
        mark();
      }).observe(document, { childList: true });
    }
  });
}

test('right to left: the brand stands at the right of the navbar, the links after it to its left', async ({
  page,
  shopper,
}) => {
  await rightToLeft(page);
  await logInWithToken(page, shopper.token);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openApp(page, '/home');
    const nav = (await page.locator('header nav').boundingBox())!;
    const brand = (await page.locator('header nav > a').first().boundingBox())!;
    // Inline start is the right: the brand's right edge sits at the bar's right edge (its padding aside).
    expect(nav.x + nav.width - (brand.x + brand.width)).toBeLessThan(40);
    expect(brand.x).toBeGreaterThan(nav.x + nav.width / 2);
    const menuButton = await page.locator('header button[aria-controls="main-menu"]').boundingBox();
    if (width < 600) expect(menuButton!.x + menuButton!.width).toBeLessThan(brand.x);
    else {
      const firstLink = await page.locator('#main-menu a').first().boundingBox();
      expect(firstLink!.x + firstLink!.width).toBeLessThan(brand.x);
    }
  }
});

/** Drags across a box from one horizontal fraction of it to another, with the mouse, in steps. */
async function swipe(page: Page, box: Locator, from: number, to: number): Promise<void> {
  const b = (await box.boundingBox())!;
  const y = b.y + b.height / 2;
  await page.mouse.move(b.x + b.width * from, y);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width * to, y, { steps: 12 });
  await page.mouse.up();
}

/** The slide in view: its box's horizontal middle is inside the frame's. */
async function slideInView(frame: Locator, slides: Locator): Promise<number> {
  const f = (await frame.boundingBox())!;
  const boxes = await slides.evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
  );
  return boxes.findIndex((b) => Math.abs(b.x + b.width / 2 - (f.x + f.width / 2)) < 8);
}

test("right to left: Home's banner swipes the natural way (to the right brings the next slide) and its dots follow", async ({
  page,
  shopper,
}) => {
  await rightToLeft(page);
  await page.emulateMedia({ reducedMotion: 'reduce' }); // no autoplay while the test swipes
  await logInWithToken(page, shopper.token);
  await openApp(page, '/home');
  const banner = page.locator('section[aria-roledescription="carousel"]');
  const track = banner.locator('.keen-slider');
  const slides = track.locator('.keen-slider__slide');
  // The dots are the controls' buttons with nothing inside (the pause button holds its symbol).
  const dots = banner.locator('button:not(:has(*))');
  // keen-slider arrives once the page is idle, in its rtl mode.
  await expect(track).toHaveAttribute('data-keen-slider-reverse', '');
  await expect.poll(() => slideInView(track, slides)).toBe(0);
  // The first slide is at the right edge, the words at its right.
  const first = (await slides.first().boundingBox())!;
  const frame = (await track.boundingBox())!;
  expect(Math.round(first.x)).toBe(Math.round(frame.x));

  await swipe(page, track, 0.2, 0.8);
  await expect.poll(() => slideInView(track, slides)).toBe(1);
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await page.waitForFunction(noFiniteAnimationRunning);
  await swipe(page, track, 0.8, 0.2);
  await expect.poll(() => slideInView(track, slides)).toBe(0);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  // The next slide waits at the left of the one in view.
  const next = (await slides.nth(1).boundingBox())!;
  expect(next.x).toBeLessThan(frame.x);
});

test('right to left: the details carousel swipes the natural way; its arrows sit mirrored and point outwards', async ({
  page,
  shopper,
  api,
}) => {
  const product = (await api.products()).find((p) => p.images.length >= 3)!;
  await rightToLeft(page);
  await logInWithToken(page, shopper.token);
  await openApp(page, `/productDetails/${product._id}`);
  const carousel = page.locator('main [aria-roledescription="carousel"]');
  const track = carousel.locator('.keen-slider');
  const slides = track.locator('.keen-slider__slide');
  // The arrows hold a chevron, the dots nothing (a slide's button holds its picture).
  const arrows = carousel.locator('button:has(svg)');
  const dots = carousel.locator('button:not(:has(*))');
  await expect(dots).toHaveCount(product.images.length);
  await expect(track).toHaveAttribute('data-keen-slider-reverse', '');

  // 'Previous' (the first arrow) at the right, 'next' at the left; each chevron drawn mirrored.
  const prev = (await arrows.nth(0).boundingBox())!;
  const next = (await arrows.nth(1).boundingBox())!;
  expect(prev.x).toBeGreaterThan(next.x);
  for (const i of [0, 1]) {
    await expect(arrows.nth(i).locator('svg')).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
  }

  await swipe(page, track, 0.15, 0.85);
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => slideInView(track, slides)).toBe(1);
  await page.waitForFunction(noFiniteAnimationRunning);
  // The arrow at the left brings the next picture.
  await arrows.nth(1).click();
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => slideInView(track, slides)).toBe(2);
});

/** Records the dialog's opacity and transform every frame from the moment it appears, for `ms`. */
async function recordViewer(page: Page, ms: number): Promise<void> {
  await page.evaluate((duration) => {
    const w = window as unknown as { viewerFrames: { opacity: number; transform: string }[] };
    w.viewerFrames = [];
    const watch = new MutationObserver(() => {
      const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
      if (!dialog) return;
      watch.disconnect();
      const start = performance.now();
      const frame = () => {
        const style = getComputedStyle(dialog);
        w.viewerFrames.push({ opacity: Number(style.opacity), transform: style.transform });
        if (performance.now() - start < duration) requestAnimationFrame(frame);
      };
      frame();
    });
    watch.observe(document.body, { childList: true, subtree: true });
  }, ms);
}

function viewerFrames(page: Page): Promise<{ opacity: number; transform: string }[]> {
  return page.evaluate(
    () => (window as unknown as { viewerFrames: { opacity: number; transform: string }[] }).viewerFrames,
  );
}

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`right to left: the image viewer opens with its animation (${motion === 'reduce' ? 'reduced motion: a fade only, nothing moves' : 'fades and rises'}), swipes the natural way, closes on Escape and gives the focus back`, async ({
    page,
    shopper,
    api,
  }) => {
    const product = (await api.products()).find((p) => p.images.length >= 3)!;
    await rightToLeft(page);
    await page.emulateMedia({ reducedMotion: motion });
    await logInWithToken(page, shopper.token);
    await openApp(page, `/productDetails/${product._id}`);
    const opener = page.locator('main [aria-roledescription="slide"] button').first();
    await expect(opener).toBeVisible();
    // The viewer's code (framer-motion) is fetched once the page is idle, not with the screen.
    await page.waitForLoadState('networkidle');

    await recordViewer(page, 700);
    await opener.click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('button').first()).toBeFocused();
    // The fade has ended when the recorder's last frame is fully opaque.
    await expect.poll(async () => (await viewerFrames(page)).at(-1)?.opacity).toBe(1);
    const frames = await viewerFrames(page);
    expect(frames.length).toBeGreaterThan(1);
    // It fades in either way: the first frame (read as the dialog enters the page, before it is painted) is
    // transparent, the last fully opaque. (Frames part-way depend on how busy the machine is.)
    expect(frames[0]!.opacity).toBe(0);
    expect(frames.at(-1)!.opacity).toBe(1);
    // It rises into place only without reduced motion: drawn 24 px lower first.
    expect(frames[0]!.transform).toBe(motion === 'reduce' ? 'none' : 'matrix(1, 0, 0, 1, 0, 24)');
    const moved = frames.some((f) => f.transform !== 'none' && f.transform !== 'matrix(1, 0, 0, 1, 0, 0)');
    expect(moved).toBe(motion === 'no-preference');
    expect(frames.at(-1)!.transform).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);

    // A swipe to the right brings the next picture, from the left.
    const frame = viewer.locator('[data-current]');
    const slides = frame.locator('[aria-roledescription="slide"]');
    await expect(frame).toHaveAttribute('data-current', '0');
    await swipe(page, frame, 0.2, 0.8);
    await expect(frame).toHaveAttribute('data-current', '1');
    await expect.poll(() => slideInView(frame, slides)).toBe(1);
    await swipe(page, frame, 0.8, 0.2);
    await expect(frame).toHaveAttribute('data-current', '0');
    await expect.poll(() => slideInView(frame, slides)).toBe(0);
    // The arrow key towards the left is 'next' right to left.
    await page.keyboard.press('ArrowLeft');
    await expect(frame).toHaveAttribute('data-current', '1');
    await expect.poll(() => slideInView(frame, slides)).toBe(1);

    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
}

test('right to left: a cart toast stands in the top-left corner, its text laid out right to left', async ({
  page,
  shopper,
  api,
}) => {
  const product = (await api.catalogue()).find((p) => p.quantity > 5)!;
  await rightToLeft(page);
  await logInWithToken(page, shopper.token);
  await openApp(page, `/productDetails/${product._id}`);
  await page.locator('main button[aria-describedby="availability"]').click();
  // The spec's 'top-right', mirrored; shown 3 s after the add.
  const toast = page.locator('.Toastify__toast-container--top-left .Toastify__toast');
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(toast).toHaveClass(/Toastify__toast--rtl/);
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeLessThan(1280 / 2 - box.width / 2);
  await expect(page.locator('.Toastify__toast-container--top-right')).toHaveCount(0);
});
