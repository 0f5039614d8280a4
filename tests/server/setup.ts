import { afterAll, expect } from 'vitest';

// A deprecation warning from the server's code or its libraries fails the suite: node-postgres, for one,
// warns when queries are queued on one connection (pg@9 removes that), which once went unnoticed in logs.
const deprecations: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning') deprecations.push(`${warning.message}\n${warning.stack ?? ''}`);
});

afterAll(() => {
  expect(deprecations, 'deprecation warnings during this file').toEqual([]);
});
