import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor and findBy* wait for the screen to reach a state; Testing Library's 1 s default fails tests on a busy
// 2-core machine that only reached it later. Assertions that something does not happen wait explicitly.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver and lays nothing out: one that never reports, as a browser does for an element with no
// size (the product grids measure their pages with one, components/catalogue/paged-grid.tsx).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
