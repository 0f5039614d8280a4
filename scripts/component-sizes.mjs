#!/usr/bin/env node
// The size of each React component under components/: its lines (from `function` to its closing brace) and its
// deepest JSX nesting, the most JSX elements and `{…}` expressions open at one point of its markup (through
// conditionals and `map` callbacks; a component declared inside another is measured on its own).
//
// Usage: node scripts/component-sizes.mjs [--most N] [--json] [dir…]   (default dir: components)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const mostAt = args.indexOf('--most');
const most = mostAt >= 0 ? Number(args[mostAt + 1]) : 10;
const dirs = args.filter((a, i) => !a.startsWith('--') && i !== mostAt + 1);

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : name.endsWith('.tsx') ? [file] : [];
  });

const isJsx = (node) =>
  ts.isJsxElement(node) ||
  ts.isJsxSelfClosingElement(node) ||
  ts.isJsxFragment(node) ||
  ts.isJsxExpression(node);

/** The component a function is, by its name (PascalCase), or null. */
function componentName(node) {
  let name;
  if (ts.isFunctionDeclaration(node) && node.name) name = node.name.text;
  else if (
    (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
    ts.isVariableDeclaration(node.parent)
  )
    name = ts.isIdentifier(node.parent.name) ? node.parent.name.text : undefined;
  return name && /^[A-Z]/.test(name) ? name : null;
}

function measure(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const line = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  function walk(node, current, depth) {
    const name = componentName(node);
    if (name) {
      current = { file, name, lines: line(node.getEnd()) - line(node.getStart(source)) + 1, depth: 0 };
      found.push(current);
      depth = 0;
    } else if (isJsx(node) && current) {
      depth += 1;
      current.depth = Math.max(current.depth, depth);
    }
    ts.forEachChild(node, (child) => walk(child, current, depth));
  }
  walk(source, null, 0);
  return found;
}

const components = (dirs.length ? dirs : ['components']).flatMap(files).flatMap(measure);
const bySize = [...components].sort((a, b) => b.lines - a.lines);
const byDepth = [...components].sort((a, b) => b.depth - a.depth);
if (asJson) {
  console.log(JSON.stringify({ components: bySize }, null, 2));
} else {
  const row = (c) =>
    `${String(c.lines).padStart(4)} lines  depth ${String(c.depth).padStart(2)}  ${c.name} (${c.file})`;
  console.log(
    `${components.length} components; largest ${bySize[0]?.lines} lines, deepest ${byDepth[0]?.depth}`,
  );
  console.log('largest:');
  for (const c of bySize.slice(0, most)) console.log(row(c));
  console.log('deepest:');
  for (const c of byDepth.slice(0, most)) console.log(row(c));
}
