// The message catalogues: the same keys in every language, the same placeholders, every Arabic plural
// form, compiled files up to date, the spec's validation texts verbatim, and server messages recognised.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { ar } from '@/lib/i18n/ar';
import { en } from '@/lib/i18n/en';
import { matchServerMessage } from '@/lib/i18n/server-message-match';
import { messages } from '@/lib/rules/messages';
import { formatEgp } from '@/lib/rules/money';
import { formatEgpOff } from '@/lib/rules/money-off';
import { compiledFiles } from '@/scripts/compile-messages';
import { sentMessages } from '@/lib/i18n/compiled/ar';
import { englishParts, partOf } from '@/lib/i18n/parts';

/** Placeholder names of a message ({name}, and the argument of a plural), and its plural blocks' forms. */
function shape(message: string) {
  const names = new Set<string>();
  const plurals: string[][] = [];
  // Lingui's compiled form: a list of parts, each a text or a placeholder [name] / [name, 'plural', {form: parts}].
  const walkParts = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, kind, forms] = part as [string, unknown, Record<string, unknown> | undefined];
      names.add(name);
      if (kind === 'plural' && forms) {
        plurals.push(Object.keys(forms));
        for (const form of Object.values(forms)) walkParts(form);
      }
    }
  };
  walkParts(compileMessage(message));
  return { names: [...names].sort(), plurals };
}

describe('message catalogues', () => {
  it('have exactly the same keys in English and Arabic', () => {
    const missing = Object.keys(en).filter((k) => !(k in ar));
    const extra = Object.keys(ar).filter((k) => !(k in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    expect(Object.keys(en).length).toBeGreaterThan(250);
  });

  it('has no empty message and no English left in the Arabic one', () => {
    for (const [id, text] of Object.entries(ar)) {
      expect(text.trim(), id).not.toBe('');
      // Every Arabic message has Arabic letters, but for names that stay as they are.
      if (!['shop.name', 'nav.badge'].includes(id)) expect(text, id).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      expect(shape(ar[id]).names, id).toEqual(shape(en[id]).names);
    }
  });

  it('gives every Arabic plural the forms Arabic has (one, two, few, many, other)', () => {
    let plurals = 0;
    for (const [id, text] of Object.entries(ar)) {
      for (const forms of shape(text).plurals) {
        plurals += 1;
        for (const form of ['one', 'two', 'few', 'many', 'other'])
          expect(forms, `${id}: ${form}`).toContain(form);
      }
    }
    expect(plurals).toBeGreaterThanOrEqual(9);
  });

  it('holds the spec validation texts verbatim, typos included', () => {
    for (const [name, text] of Object.entries(messages)) {
      expect(en[`validation.${name}` as keyof typeof en], name).toBe(text);
    }
    expect(en['toast.error']).toBe('error occured');
    expect(en['validation.phoneEgyptian']).toBe('Phone must be Egptian Number');
  });

  it('is compiled: lib/i18n/compiled/ matches the catalogues (run `npm run i18n:compile` after a change)', () => {
    const files = compiledFiles();
    expect(readdirSync('lib/i18n/compiled').sort()).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) {
      expect(readFileSync(`lib/i18n/compiled/${name}`, 'utf8'), name).toBe(text);
    }
  });
});

describe('server messages', () => {
  it('recognises the contract English, with the parts that vary', () => {
    expect(matchServerMessage('Only 3 of Brass Lamp in stock', sentMessages)).toEqual({
      id: 'server.onlyInStock',
      values: { quantity: '3', title: 'Brass Lamp' },
    });
    expect(matchServerMessage('Incorrect email or password', sentMessages)?.id).toBe('server.incorrectLogin');
    expect(matchServerMessage('Phone must be Egptian Number', sentMessages)?.id).toBe(
      'validation.phoneEgyptian',
    );
    expect(matchServerMessage('Something nobody wrote down', sentMessages)).toBeNull();
  });
});

describe('money', () => {
  it('writes pounds in English as before and in Arabic as ar-EG does, with the same decimals rule', () => {
    expect(formatEgp(5400)).toBe('5,400 EGP');
    expect(formatEgp(5400, 'ar')).toBe('\u200f٥٬٤٠٠\u00a0ج.م.\u200f');
    // Piastres: two decimals in both languages.
    expect(formatEgp(5400.5)).toBe('5,400.50 EGP');
    expect(formatEgp(5400.5, 'ar')).toBe('\u200f٥٬٤٠٠٫٥٠\u00a0ج.م.\u200f');
  });

  it('writes money taken off with one minus sign, and nothing taken off as a plain zero', () => {
    expect(formatEgpOff(64)).toBe('-64 EGP');
    expect(formatEgpOff(64, 'ar')).toBe('\u061c-\u200f٦٤\u00a0ج.م.\u200f');
    expect(formatEgpOff(0)).toBe('0 EGP');
    expect(formatEgpOff(0, 'ar')).toBe('\u200f٠\u00a0ج.م.\u200f');
  });
});

// Every screen shows only texts its code brings: the frame's English part, or a part its screen module imports.
describe('English parts', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? files(file) : /\.tsx?$/.test(name) ? [file] : [];
    });
  const ids = new Set(Object.keys(en));
  const named = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/'([a-zA-Z]+\.[a-zA-Z.]+)'/g)]
      .map((m) => m[1]!)
      .filter((id) => ids.has(id));
  // What the screens of each area import (components/<area>/*-screen.tsx), beside the frame's part.
  const areaParts: Record<string, string[]> = {
    app: [],
    layout: ['notfound'],
    ui: [],
    catalogue: ['catalogue', 'products', 'details', 'lists'],
    cart: ['cart'],
    checkout: ['cart', 'order'],
    orders: ['cart', 'orders'],
    account: ['account'],
  };

  it('puts every English message in one part, and no server message in any', () => {
    for (const id of ids) {
      const part = partOf(id);
      if (/^(server|validation|prerender)\./.test(id)) expect(part, id).toBeNull();
      else expect(Object.keys(englishParts), id).toContain(part);
    }
  });

  it("names only messages of the frame's part or of a part its area's screens import", () => {
    for (const file of [...files('components'), ...files('lib/session'), ...files('lib/rules')]) {
      const area = file.split(path.sep)[1] ?? '';
      const allowed = ['shell', ...(file.startsWith('components') ? (areaParts[area] ?? []) : [])];
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import '@\/lib\/i18n\/compiled\/en-(\w+)'/g))
        allowed.push(match[1]!);
      for (const id of named(file)) {
        const part = partOf(id);
        if (part === null) continue;
        // products.* is the product list's: only its screen imports it.
        if (part === 'products' && !file.endsWith('products-screen.tsx') && !file.startsWith('lib')) {
          throw new Error(`${file} names ${id}, a message of the product list's part`);
        }
        if (file.startsWith('lib/rules')) continue;
        expect(allowed, `${file} names ${id}`).toContain(part);
      }
    }
  });

  it('is imported by each screen of the area', () => {
    for (const [area, parts] of Object.entries(areaParts)) {
      for (const file of files(`components/${area}`).filter((f) => f.endsWith('-screen.tsx'))) {
        const source = readFileSync(file, 'utf8');
        for (const part of parts) {
          if (part === 'products' && !file.endsWith('/products-screen.tsx')) continue;
          if (part === 'details' && !file.endsWith('/product-details-screen.tsx')) continue;
          const lists = ['categories', 'brands', 'brand-products', 'category-products'];
          if (part === 'lists' && !lists.some((l) => file.endsWith(`/${l}-screen.tsx`))) continue;
          if (part === 'notfound' && !file.endsWith('/not-found-screen.tsx')) continue;
          expect(source, `${file} imports en-${part}`).toContain(`import '@/lib/i18n/compiled/en-${part}';`);
        }
      }
    }
  });
});
