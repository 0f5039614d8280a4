// Names the early paint's script (script.ts) and the screens that take over from it (handoff.ts) share.

/** The early drawing's element (a layer over the prerendered loader, outside React's tree). */
export const earlyPaintElementId = 'early-paint';

/** Set on <html> once a screen has taken over: a late early answer is then not drawn. */
export const earlyPaintDoneAttribute = 'data-early-paint-done';

/** On the prerendered page's loader (components/app/first-screen-placeholder.tsx), which the layer covers. */
export const prerenderedLoaderAttribute = 'data-prerendered-loader';
