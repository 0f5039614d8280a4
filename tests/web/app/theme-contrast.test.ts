// WCAG 2.2 AA in both themes: the colour pairs the components use, read from styles/tokens.scss.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const source = readFileSync(resolve(process.cwd(), 'styles/tokens.scss'), 'utf8');

function block(selector: string): Record<string, string> {
  const start = source.indexOf(`${selector} {`);
  const body = source.slice(start, source.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1]!, m[2]!]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// [foreground, background, minimum ratio]
const pairs: [string, string, number][] = [
  ['color-text', 'color-bg', 4.5],
  ['color-text', 'color-surface', 4.5],
  ['color-text', 'color-surface-raised', 4.5],
  ['color-text', 'color-nav-bg', 4.5],
  ['color-text-muted', 'color-bg', 4.5],
  ['color-text-muted', 'color-surface', 4.5],
  ['color-text-muted', 'color-surface-raised', 4.5],
  ['color-primary', 'color-bg', 4.5],
  ['color-primary', 'color-surface', 4.5],
  ['color-primary', 'color-surface-raised', 4.5],
  ['color-primary', 'color-nav-bg', 4.5],
  ['color-on-primary', 'color-primary', 4.5],
  ['color-on-primary', 'color-primary-hover', 4.5],
  ['color-danger', 'color-bg', 4.5],
  ['color-star', 'color-surface-raised', 3],
  ['color-border', 'color-bg', 3],
  ['color-border', 'color-surface-raised', 3],
  ['color-focus', 'color-bg', 3],
];

describe.each([
  ['light', block(':root')],
  ['dark', block(':root.dark')],
])('%s theme', (_name, tokens) => {
  it.each(pairs)('%s on %s meets %s:1', (fg, bg, min) => {
    expect(tokens[fg], fg).toBeDefined();
    expect(tokens[bg], bg).toBeDefined();
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(min);
  });
});
