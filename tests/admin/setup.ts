import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens (tests/admin/*.test.tsx) wait for the screen to reach a state; Testing Library's 1 s default fails tests
// on a busy 2-core machine that only reached it later (as tests/web/setup.ts).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
