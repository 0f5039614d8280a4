// The largest pictures of the first screens, named once: for the components that draw them and for the
// page's head script (lib/session/boot-script.ts via app/layout.tsx), which preloads them before any code runs.

/** Home's first banner picture (under the base path). */
export const homeBannerPicture = '/banners/new-arrivals.svg';

/** How wide product details shows its first picture, for the browser's choice in the srcset. */
export const productPictureSizes = '(min-width: 992px) 40vw, 100vw';

/**
 * How wide a product card (Home, the product list) shows its cover: two columns already from 340 px
 * (grid.module.scss, .cards), one below. The product list's first cover is that screen's largest paint.
 */
export const productCardPictureSizes =
  '(min-width: 1200px) 270px, (min-width: 992px) 30vw, (min-width: 340px) 45vw, 90vw';

/** The width of a product picture's plain src (browsers without srcset), as lib/api/images.ts gives it. */
export const productPictureFallbackWidth = 640;
