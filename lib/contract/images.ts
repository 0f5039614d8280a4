// Product and category pictures: our server resizes to these widths (WebP) for `?w=`; the storefront asks only
// for these. A plain constant (no schema library) so the storefront can import it without the validator.
export const imageWidths = [160, 320, 480, 640, 800, 1200] as const;
export type ImageWidth = (typeof imageWidths)[number];
