// One Lighthouse audit (default mobile preset) of a page in an already running Chromium.
//   node bench/lighthouse-audit.mjs <url> <debugging port> <out.json>
// Plain Node on purpose: under tsx, functions Lighthouse sends into the page carry esbuild's
// `__name` helper and fail there ("__name is not defined"). bench/lighthouse.ts runs this per audit.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';

const [url, port, out] = process.argv.slice(2);
if (!url || !port || !out) {
  console.error('usage: node bench/lighthouse-audit.mjs <url> <debugging port> <out.json>');
  process.exit(2);
}
const result = await lighthouse(url, {
  port: Number(port),
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
});
if (!result) {
  console.error(`Lighthouse returned nothing for ${url}`);
  process.exit(1);
}
writeFileSync(out, JSON.stringify(result.lhr));
