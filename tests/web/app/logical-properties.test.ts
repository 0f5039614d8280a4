// The layout mirrors for right-to-left languages only if no style says "left" or "right" where it means the
// start or end of a line. This reads every stylesheet the shop ships (our SCSS and CSS, the slider library's
// CSS we import, the server's pages' <style> blocks) and the inline style objects in our TSX, and fails on a
// physical left/right property, naming the file and line and the logical property to use instead.
// react-toastify's CSS is not ours to change: its corners are chosen per direction (components/ui/notify.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Finding {
  file: string;
  line: number;
  text: string;
  use: string;
}

const root = process.cwd();

const logicalName: Record<string, string> = {
  left: 'inset-inline-start',
  right: 'inset-inline-end',
  'margin-left': 'margin-inline-start',
  'margin-right': 'margin-inline-end',
  'padding-left': 'padding-inline-start',
  'padding-right': 'padding-inline-end',
  'scroll-margin-left': 'scroll-margin-inline-start',
  'scroll-margin-right': 'scroll-margin-inline-end',
  'scroll-padding-left': 'scroll-padding-inline-start',
  'scroll-padding-right': 'scroll-padding-inline-end',
  'border-left': 'border-inline-start',
  'border-right': 'border-inline-end',
  'border-top-left-radius': 'border-start-start-radius',
  'border-top-right-radius': 'border-start-end-radius',
  'border-bottom-left-radius': 'border-end-start-radius',
  'border-bottom-right-radius': 'border-end-end-radius',
};

/** Splits a CSS value at its top-level spaces (not inside parentheses). */
function tokens(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value.trim()) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (/\s/.test(ch) && depth === 0) {
      if (current) out.push(current);
      current = '';
    } else current += ch;
  }
  if (current) out.push(current);
  return out;
}

const fourSided = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-style',
  'border-color',
  'scroll-margin',
  'scroll-padding',
]);

/** What is physical about one declaration, or null. `name` is lower-case kebab-case. */
function judge(name: string, rawValue: string): string | null {
  const value = rawValue.replace(/!important/, '').trim();
  const sided = /^(?:border-(?:left|right)-(?:width|style|color))$/.exec(name);
  if (sided) return name.replace('left', 'inline-start').replace('right', 'inline-end');
  if (name in logicalName) return logicalName[name] ?? null;
  if ((name === 'text-align' || name === 'text-align-last') && /^(?:-webkit-)?(?:left|right)$/.test(value))
    return `${name}: ${value === 'left' ? 'start' : 'end'}`;
  if ((name === 'float' || name === 'clear') && /^(?:left|right)$/.test(value))
    return `${name}: inline-${value === 'left' ? 'start' : 'end'}`;
  if (
    /^(?:background-position(?:-x)?|object-position|transform-origin|mask-position)$/.test(name) &&
    /\b(?:left|right)\b/.test(value)
  )
    return `${name} mirrored under [dir='rtl'], or a centred value`;
  if (fourSided.has(name)) {
    const t = tokens(value);
    if (t.length === 4 && t[1] !== t[3])
      return `${name}-block and ${name}-inline-start / ${name}-inline-end (the 2nd and 4th values differ)`;
  }
  if (name === 'border-radius') {
    const t = tokens(value.split('/')[0] ?? '');
    const [a, b = a, c = a, d = b] = t;
    if (t.length > 1 && (a !== b || c !== d))
      return 'border-start-start-radius / border-start-end-radius / border-end-start-radius / border-end-end-radius';
  }
  return null;
}

/** Blanks comments out of CSS/SCSS, keeping every newline so line numbers stay true. */
function withoutComments(source: string): string {
  const blanked = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  // `//` line comments (SCSS), but not the `//` of a URL such as url(https://…).
  return blanked.replace(/(^|[^:])\/\/[^\n]*/g, (_m, before: string) => before);
}

/** Physical left/right declarations in a CSS or SCSS source. */
function scanStylesheet(file: string, source: string, firstLine = 1): Finding[] {
  const findings: Finding[] = [];
  withoutComments(source)
    .split('\n')
    .forEach((line, i) => {
      for (const segment of line.split(/[{};]/)) {
        const m = /^\s*([a-zA-Z-]+)\s*:\s*(.+?)\s*$/.exec(segment);
        if (!m || /[,{]\s*$/.test(segment) || /^\s*[&.#:]/.test(segment)) continue;
        const [, name = '', value = ''] = m;
        // A selector with a pseudo-class on its own line (`a:hover,`) has no semicolon, no value.
        if (/^[a-z]+$/.test(value) && /^(?:hover|focus|active|visited|root|is|where|not)/.test(value))
          continue;
        const use = judge(name.toLowerCase(), value);
        if (use) findings.push({ file, line: firstLine + i, text: segment.trim(), use });
      }
    });
  return findings;
}

const camelToKebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Physical left/right properties in a TS/TSX source: inline `style={{ … }}` objects, `.style.marginLeft =`
 * assignments and `style.setProperty('margin-left', …)` calls.
 */
function scanScript(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const m of source.matchAll(/style=\{\{([\s\S]*?)\}\}/g)) {
    const body = m[1] ?? '';
    for (const p of body.matchAll(/([A-Za-z]+)\s*:\s*('[^']*'|"[^"]*"|`[^`]*`|[^,}]+)/g)) {
      const name = camelToKebab(p[1] ?? '');
      const value = (p[2] ?? '').replace(/^['"`]|['"`]$/g, '');
      const use = judge(name, value);
      if (use) {
        const at = (m.index ?? 0) + 'style={{'.length + (p.index ?? 0);
        findings.push({ file, line: lineOf(at), text: p[0].trim(), use });
      }
    }
  }
  for (const m of source.matchAll(/\.style\.([A-Za-z]+)\s*=\s*([^;\n]+)/g)) {
    const use = judge(camelToKebab(m[1] ?? ''), (m[2] ?? '').replace(/['"`]/g, ''));
    if (use) findings.push({ file, line: lineOf(m.index ?? 0), text: m[0].trim(), use });
  }
  for (const m of source.matchAll(/setProperty\(\s*['"]([a-z-]+)['"]\s*,\s*['"`]?([^'"`)]*)/g)) {
    const use = judge(m[1] ?? '', m[2] ?? '');
    if (use) findings.push({ file, line: lineOf(m.index ?? 0), text: m[0].trim(), use });
  }
  return findings;
}

/** The CSS inside `<style>` blocks of a server page's source, with the line each starts on. */
function scanStyleBlocks(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  for (const m of source.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    const start = source.slice(0, (m.index ?? 0) + m[0].indexOf('>') + 1).split('\n').length;
    findings.push(...scanStylesheet(file, m[1] ?? '', start));
  }
  return findings;
}

function walk(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full, keep));
    else if (keep(full)) out.push(full);
  }
  return out;
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.file}:${f.line}: "${f.text}" is physical; use ${f.use}`).join('\n');

describe('the stylesheets mirror for right-to-left: no physical left/right properties', () => {
  it('catches each kind of physical property, at its line (a fixture)', () => {
    const fixture = [
      '.a {', //  1
      '  margin-left: 4px;', //  2
      '  padding: 1px 2px 3px 4px;', //  3
      '  text-align: right;', //  4
      '  &:hover { border-right: 1px solid red; }', //  5
      '  // left: 0; a comment is not a rule', //  6
      '  left: 0;', //  7
      '  float: left;', //  8
      '  border-radius: 4px 0 0 4px;', //  9
      '  border-left-width: 6px;', // 10
      '  background-position: right center;', // 11
      '}', // 12
      '.b { margin-inline-start: 4px; padding: 1px 2px 3px 2px; text-align: start; inset-inline: 0; }', // 13
      '.c { border-radius: 50%; margin: 0 auto; transform: translateX(-50%); }', // 14
    ].join('\n');
    const found = scanStylesheet('fixture.scss', fixture);
    expect(found.map((f) => f.line)).toEqual([2, 3, 4, 5, 7, 8, 9, 10, 11]);
    expect(report(found.slice(0, 1))).toBe(
      'fixture.scss:2: "margin-left: 4px" is physical; use margin-inline-start',
    );
    expect(found.find((f) => f.line === 4)?.use).toBe('text-align: end');
    expect(found.find((f) => f.line === 10)?.use).toBe('border-inline-start-width');
  });

  it('catches physical properties in inline style objects and style assignments (a fixture)', () => {
    const fixture = [
      'export function A() {',
      '  return <div style={{ marginLeft: 8, height: 4 }} />;',
      '}',
      'const b = <p style={{ textAlign: "right" }} />;',
      'el.style.paddingRight = "2px";',
      'el.style.setProperty("left", "0");',
      'const ok = <div style={{ marginInlineStart: 8, textAlign: "start", display: "contents" }} />;',
    ].join('\n');
    const found = scanScript('fixture.tsx', fixture);
    expect(found.map((f) => [f.line, f.use])).toEqual([
      [2, 'margin-inline-start'],
      [4, 'text-align: end'],
      [5, 'padding-inline-end'],
      [6, 'inset-inline-start'],
    ]);
  });

  it('every SCSS/CSS file of ours and the CSS we import from packages', () => {
    const files = [
      ...walk(join(root, 'styles'), (f) => /\.(?:s?css)$/.test(f)),
      ...walk(join(root, 'components'), (f) => /\.(?:s?css)$/.test(f)),
      ...walk(join(root, 'app'), (f) => /\.(?:s?css)$/.test(f)),
      ...walk(join(root, 'public'), (f) => /\.css$/.test(f)),
    ];
    expect(files.length).toBeGreaterThan(30);
    // Package CSS our code imports (react-toastify's is excluded above, on purpose).
    const imported = new Set<string>();
    for (const file of walk(join(root, 'components'), (f) => /\.tsx?$/.test(f))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/import\s+'([^'.][^']*\.css)'/g)) {
        if (m[1] && !m[1].startsWith('react-toastify')) imported.add(m[1]);
      }
    }
    expect([...imported]).toContain('keen-slider/keen-slider.min.css');
    const findings = [
      ...files.flatMap((f) => scanStylesheet(relative(root, f), readFileSync(f, 'utf8'))),
      ...[...imported].flatMap((spec) =>
        scanStylesheet(`node_modules/${spec}`, readFileSync(join(root, 'node_modules', spec), 'utf8')),
      ),
    ];
    expect(report(findings)).toBe('');
  });

  it("inline styles in our TSX and the server's pages' <style> blocks", () => {
    const scripts = [
      ...walk(join(root, 'components'), (f) => /\.tsx?$/.test(f)),
      ...walk(join(root, 'app'), (f) => /\.tsx?$/.test(f)),
      ...walk(join(root, 'lib'), (f) => /\.tsx?$/.test(f)),
    ];
    const pages = walk(
      join(root, 'server'),
      (f) => /\.ts$/.test(f) && /<style/.test(readFileSync(f, 'utf8')),
    );
    expect(pages.length).toBeGreaterThan(0);
    const findings = [
      ...scripts.flatMap((f) => scanScript(relative(root, f), readFileSync(f, 'utf8'))),
      ...pages.flatMap((f) => scanStyleBlocks(relative(root, f), readFileSync(f, 'utf8'))),
    ];
    expect(report(findings)).toBe('');
  });
});
