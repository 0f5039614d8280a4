// The page's reading direction is set on <html dir> by the head script (before the first paint) and by the
// language switch. Layout follows it through CSS logical properties; what CSS cannot reach (the sliders'
// code, the toasts' corner, the image viewer's swipe) reads it here.

export type Direction = 'ltr' | 'rtl';

/** The direction an element is laid out in: its nearest `dir` attribute, else left to right. */
export function directionOf(element: Element | null): Direction {
  const owner = element?.closest('[dir]') ?? null;
  return owner?.getAttribute('dir')?.toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
}

/** The page's direction (<html dir>). */
export function documentDirection(): Direction {
  return typeof document === 'undefined' ? 'ltr' : directionOf(document.documentElement);
}
