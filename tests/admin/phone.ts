import { vi } from 'vitest';

/** Every media query matches: the theme's "narrower than 600 px" (undo with vi.unstubAllGlobals()). */
export function onAPhone(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
