// The README's "Deliberate differences from the spec" table is where a reader learns what the shop does
// differently from the spec and why: the rows a shopper or an operator needs are there.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(resolve(process.cwd(), 'README.md'), 'utf8');
const table = readme.slice(readme.indexOf('## Deliberate differences from the spec'));
const rows = table.split('\n').filter((line) => line.startsWith('| '));

describe('README: deliberate differences', () => {
  it("lists the cart page's '$' and writes every amount one way in pounds", () => {
    const row = rows.find((r) => r.includes("Cart page amounts in '$'"));
    expect(row).toBeDefined();
    expect(row).toContain('5,400 EGP');
  });

  it('lists the hidden identity-provider button and how to configure it', () => {
    const row = rows.find((r) => r.includes('identity provider'));
    expect(row).toBeDefined();
    expect(row).toContain('NEXT_PUBLIC_GOOGLE_CLIENT_ID');
    expect(row).toMatch(/authorised JavaScript origins/);
  });
});
