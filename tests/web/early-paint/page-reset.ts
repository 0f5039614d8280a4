// What the head script and the early paint leave on the page, taken away after each test of theirs.
import { earlyRequestsGlobal } from '@/lib/api/early';
import { earlyPaintDoneAttribute, earlyPaintElementId } from '@/lib/early-paint/names';

export function resetEarlyPage(): void {
  document.getElementById(earlyPaintElementId)?.remove();
  document.head.querySelectorAll('link[rel="preload"], script[src]').forEach((l) => l.remove());
  document.documentElement.removeAttribute(earlyPaintDoneAttribute);
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  document.documentElement.removeAttribute('data-lang-pending');
  forgetEarlyReads();
  localStorage.clear();
}

/** The head script's early reads, forgotten (as on a new page). */
export function forgetEarlyReads(): void {
  delete (window as unknown as Record<string, unknown>)[earlyRequestsGlobal];
}
