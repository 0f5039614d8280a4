// The early paint's tests: the page opened as a browser opens it, and what the head script and the early paint leave
// on it taken away after each test.
import { act, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { earlyPaintSource } from '@/app/early-paint.js/source';
import { earlyRequestsGlobal } from '@/lib/api/early';
import { earlyPaintDoneAttribute, earlyPaintElementId } from '@/lib/early-paint/names';
import { switchLanguage } from '@/lib/i18n/i18n';
import { bootScript } from '@/lib/session/boot-script';
import { clearToken } from '@/lib/session/session-store';
import { deferred } from '../shell-helpers';

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

const headScript = bootScript({ homePicture: '/ecommerceweb/banners/new-arrivals.svg', earlyPaint: '/x.js' });

/**
 * Opens `hash` signed in with `token`: the page's head script asks for the first screen's answers, then the early
 * paint's file (as the build writes it) runs.
 */
export function openEarly(hash: string, token: string): void {
  window.history.replaceState(null, '', `/ecommerceweb/${hash}`);
  localStorage.setItem('tkn', token);
  new Function(headScript)();
  new Function(earlyPaintSource)();
}

/** After a test that also rendered the storefront: the page, the session and the language as they were. */
export async function resetEarlyScreen(): Promise<void> {
  resetEarlyPage();
  act(() => clearToken());
  await act(() => switchLanguage('en'));
}

/** A stand-in for the early paint's layer, as the early paint leaves it on the page. */
export function earlyLayer(): HTMLElement {
  const early = document.createElement('div');
  early.id = earlyPaintElementId;
  document.body.appendChild(early);
  return early;
}

/**
 * A screen takes over from the early paint: `open` renders it with its answer held until the promise it is given
 * settles; while the screen says `loading` the early layer stays, and once the answer is in, the layer goes and the
 * page is marked as taken over.
 */
export async function expectTakeover(
  loading: string,
  open: (held: Promise<void>) => { unmount(): void },
): Promise<void> {
  const early = earlyLayer();
  const gate = deferred<void>();
  const view = open(gate.promise);
  expect(await screen.findByText(loading)).toBeInTheDocument();
  expect(document.getElementById(earlyPaintElementId)).toBe(early);
  await act(async () => gate.resolve());
  await vi.waitFor(() => expect(document.getElementById(earlyPaintElementId)).toBeNull());
  expect(document.documentElement.hasAttribute(earlyPaintDoneAttribute)).toBe(true);
  document.documentElement.removeAttribute(earlyPaintDoneAttribute);
  view.unmount();
}
