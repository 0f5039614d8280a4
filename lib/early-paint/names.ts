// Names the early paint's script (script.ts) and the screens that take over from it (handoff.ts) share.

/** The early drawing's element (a layer over the prerendered loader, outside React's tree). */
export const earlyPaintElementId = 'early-paint';

/** Set on <html> once a screen has taken over: a late early answer is then not drawn. */
export const earlyPaintDoneAttribute = 'data-early-paint-done';

/** On the prerendered page's loader (components/app/first-screen-placeholder.tsx), which the layer covers. */
export const prerenderedLoaderAttribute = 'data-prerendered-loader';

/**
 * Where the early paint tells the framework's loader (framework-gate.ts) that its picture is on screen: a function to
 * call, or 1 if the early paint gets there first.
 */
export const frameworkGateGlobal = '__framework';
