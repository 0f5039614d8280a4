// Journey 7: product details, its carousel and the full-screen viewer; 'Error' for an unknown id.
import { BASE_PATH, logInWithToken, openApp } from './support/app';
import { holdRequests } from './support/cards';
import { largestPaint, shifted, watchLayoutShifts } from './support/early-paint';
import { expect, test } from './support/fixtures';
import { egp } from './support/money';

test('details: spinner, texts, carousel arrows and dots, add to cart', async ({ page, shopper, api }) => {
  const product = (await api.catalogue()).find((p) => p.images.length >= 3 && p.quantity > 0)!;
  expect(product, 'a product with at least three images').toBeTruthy();
  await logInWithToken(page, shopper.token);

  const held = await holdRequests(page, `**/api/v1/products/${product._id}`, 'GET');
  await openApp(page, `/productDetails/${product._id}`);
  await held.seen;
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /loading/i })
      .first(),
  ).toBeVisible();
  held.release();

  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();
  await expect(page.getByText(product.description)).toBeVisible();
  await expect(page.getByText(`Category: ${product.category.name}`)).toBeVisible();
  await expect(page.getByText(egp(product.price), { exact: true })).toBeVisible();
  await expect(
    page.getByRole('main').getByText(`Rating ${product.ratingsAverage}`, { exact: true }),
  ).toBeVisible();

  const carousel = page
    .getByRole('region', { name: `${product.title} images` })
    .or(page.locator('[aria-roledescription="carousel"]').first());
  const slide = (i: number) =>
    carousel.getByRole('group', { name: `Image ${i} of ${product.images.length}`, includeHidden: true });
  const dot = (i: number) => carousel.getByRole('button', { name: `Show image ${i}` });
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await expect(slide(1)).not.toHaveAttribute('aria-hidden', 'true');

  await carousel.getByRole('button', { name: 'Next image' }).click();
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  await expect(slide(2)).not.toHaveAttribute('aria-hidden', 'true');
  await expect(slide(1)).toHaveAttribute('aria-hidden', 'true');
  await carousel.getByRole('button', { name: 'Previous image' }).click();
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await dot(3).click();
  await expect(dot(3)).toHaveAttribute('aria-current', 'true');
  await expect(slide(3)).not.toHaveAttribute('aria-hidden', 'true');
  // 1 slide per view with 40 px spacing: side by side, each slide starts 40 px after its neighbour ends.
  // The carousel loops, so slides are ordered by where they stand, not by their order in the page; the poll
  // lets the slide animation finish.
  await expect
    .poll(() =>
      carousel.locator('.keen-slider__slide').evaluateAll((slides) => {
        const boxes = slides.map((s) => s.getBoundingClientRect()).sort((a, b) => a.left - b.left);
        return boxes.slice(1).map((b, i) => Math.round(b.left - boxes[i]!.right));
      }),
    )
    .toEqual(Array(product.images.length - 1).fill(40));

  await page.getByRole('button', { name: '+ Add to Cart' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'it is Added to cart' })).toBeVisible();
  const cart = await api.cart(shopper.token);
  expect(cart!.data.products.map((l) => l.product._id)).toEqual([product._id]);
});

test("details: the product's top is drawn before the storefront's code arrives, then the screen takes over", async ({
  page,
  shopper,
  api,
}) => {
  const product = (await api.catalogue()).find((p) => p.images.length > 0)!;
  await logInWithToken(page, shopper.token);
  await watchLayoutShifts(page);
  // The storefront's code is held: only the page's head script and the early paint's script can run.
  const held = await holdRequests(page, '**/_next/static/chunks/**', 'GET');
  await page.goto(`${BASE_PATH}#/productDetails/${product._id}`, { waitUntil: 'domcontentloaded' });
  await held.seen;
  const early = page.locator('#early-paint');
  await expect(early.locator('h1')).toHaveText(product.title);
  await expect(early.locator('li')).toHaveText(['Home', product.category.name, product.title]);
  await expect(early.locator('img')).toBeVisible();
  await expect
    .poll(() => early.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  // The browser counts that picture as the page's largest paint.
  const drawnSrc = await early.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(await largestPaint(page)).toEqual({ url: drawnSrc, tag: 'img', drawnEarly: true });

  held.release();
  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();
  await expect(early).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  // Handed over in place: nothing on the page moved since it opened.
  const shift = await shifted(page);
  expect(shift.value, shift.moved.join('; ')).toBe(0);
});

test('details: the viewer opens on a carousel click and closes by button, outside click and Escape', async ({
  page,
  shopper,
  api,
}) => {
  const product = (await api.products()).find((p) => p.images.length >= 2)!;
  await logInWithToken(page, shopper.token);
  await openApp(page, `/productDetails/${product._id}`);
  const opener = page.getByRole('button', { name: `Open image 1 of ${product.images.length} full screen` });
  const viewer = page.getByRole('dialog', { name: `${product.title} images` });

  // Close button; focus returns to what opened the viewer.
  await opener.click();
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(viewer.getByRole('img', { name: `${product.title}, image 1` })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(opener).toBeFocused();

  // A click outside the inner box.
  await opener.click();
  await expect(viewer).toBeVisible();
  await page.mouse.click(3, page.viewportSize()!.height - 3);
  await expect(viewer).toHaveCount(0);

  // Escape; Tab stays inside while open.
  await opener.click();
  await expect(viewer).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await viewer.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});

test("details: an unknown product id shows 'Error'", async ({ page, shopper }) => {
  await logInWithToken(page, shopper.token);
  await openApp(page, '/productDetails/000000000000000000000000');
  await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
});

test('details: a quantity chosen with + (or typed) goes into the cart in one add', async ({
  page,
  shopper,
  api,
}) => {
  const product = (await api.catalogue()).find((p) => p.quantity >= 10)!;
  await logInWithToken(page, shopper.token);
  await openApp(page, `/productDetails/${product._id}`);
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: 'One more' }).click();
  await page.getByRole('button', { name: 'One more' }).click();
  await expect(quantity).toHaveValue('3');
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/cart') && r.method() === 'POST');
  await page.getByRole('button', { name: '+ Add to Cart' }).click();
  expect((await posted).postDataJSON()).toEqual({ productId: product._id, count: 3 });
  await expect(page.getByText(/\(3 in your cart\)/)).toBeVisible();
  await expect(quantity).toHaveValue('1');

  await quantity.fill('4');
  await page.getByRole('button', { name: '+ Add to Cart' }).click();
  await expect(page.getByText(/\(7 in your cart\)/)).toBeVisible();
  const cart = await api.cart(shopper.token);
  expect(cart!.data.products.map((l) => [l.product._id, l.count])).toEqual([[product._id, 7]]);
});
