import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': root };

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    // Vitest's default on a 2-core machine is one worker, which runs the files one after another. The API
    // suites spend much of their time waiting on the database, so two workers halve the wall time here.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}', 'tests/rules/**/*.test.ts', 'tests/bench/**/*.test.ts'],
          setupFiles: ['tests/web/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The back office (admin/): its dataProvider and authProvider against the staff API's shapes.
          name: 'admin',
          environment: 'jsdom',
          include: ['tests/admin/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/admin/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          setupFiles: ['tests/server/setup.ts'],
          // API suites boot the real app on a real database; PGlite is one connection per app.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
