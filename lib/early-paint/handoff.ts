import { useLayoutEffect } from 'react';
import { earlyPaintDoneAttribute, earlyPaintElementId } from './names';

// The early paint (lib/early-paint/script.ts) draws a screen's top from the head script's early answer while the
// storefront's code is still on the way. The screen hands over here: once it shows its own content (or why it
// cannot), the early drawing goes, in the same frame, and the script draws nothing after that.

export function dismissEarlyPaint(): void {
  document.documentElement.setAttribute(earlyPaintDoneAttribute, '');
  document.getElementById(earlyPaintElementId)?.remove();
}

/** Takes over from the early drawing once `shown` (before the browser paints the screen). */
export function useEarlyPaintHandoff(shown: boolean): void {
  useLayoutEffect(() => {
    if (shown) dismissEarlyPaint();
  }, [shown]);
}
