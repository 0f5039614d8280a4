// Product and category pictures: our server resizes to these widths (WebP) for `?w=`; the storefront asks only
// for these. A plain constant (no schema library) so the storefront can import it without the validator.
export const imageWidths = [160, 320, 480, 640, 800, 1200] as const;
export type ImageWidth = (typeof imageWidths)[number];

/** Uploads (POST /pictures): the most bytes taken, the longest side kept after re-encoding, the most pixels read. */
export const pictureLimits = { maxBytes: 10 * 1024 * 1024, maxSide: 2400, maxPixels: 50_000_000 } as const;
/** What an upload may be, by its content: the browser's file picker offers these. */
export const pictureTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
