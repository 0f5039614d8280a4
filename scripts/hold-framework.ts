// A step of the storefront's build (scripts/build-storefront.mjs), after `next build`: every exported page's Next
// scripts are handed to the loader of lib/early-paint/framework-gate.ts, which adds them at once, or on the product
// list and product details once the early paint's picture is on screen. A page already done is left as it is.
//
// Usage: npx tsx scripts/hold-framework.ts   (STOREFRONT_DIR overrides out/)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { holdFramework } from '../lib/early-paint/framework-gate';

const outDir = path.resolve(process.env.STOREFRONT_DIR || 'out');
// The storefront's pages: the folder's own HTML files (the back office under admin/ is a bundle of its own).
const pages = existsSync(outDir) ? readdirSync(outDir).filter((f) => f.endsWith('.html')) : [];
if (!pages.includes('index.html')) {
  console.error(`hold-framework: no index.html in ${outDir}`);
  process.exit(1);
}
let changed = 0;
for (const page of pages) {
  const file = path.join(outDir, page);
  const html = holdFramework(readFileSync(file, 'utf8'));
  if (html === null) continue;
  writeFileSync(file, html);
  changed++;
}
console.log(
  `hold-framework: ${changed} of ${pages.length} pages load Next's scripts through the framework's gate`,
);
