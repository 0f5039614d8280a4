#!/usr/bin/env node
// Decision record 2's measurement: does react-toastify alone, with its container mounted before the first
// toast ("preloaded"), keep the spec's toast timings within ±300 ms? A page holding only React and
// react-toastify (esbuild, minified) raises each timed message of the spec with the library's own `delay`
// and `autoClose`; Chromium records, with the same signals as e2e/support/toast-timing.ts, when the toast
// appears (.Toastify__toast in the page) and when it starts to leave (data-in="false"). The page runs on
// the real clock: react-toastify's autoClose is a CSS animation, which no fake clock moves. Also prints the
// gzip bytes of react-toastify alone and of our timing layer (components/ui/notify.ts with the scheduler).
//
//   node bench/toast-library-timing.mjs [--runs 5]
/* global window, document -- the functions given to page.evaluate run in the page. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const tolerance = 300;

// The spec's timed messages (sections 8 and 9), as e2e/toast-timings.spec.ts names them.
const messages = [
  { name: 'add to cart', delay: 3000, onScreen: 2000, position: 'top-right' },
  { name: 'count updated', delay: 3000, onScreen: 2000, position: 'top-right' },
  { name: 'item removed', delay: 0, onScreen: 1000, position: 'top-right' },
  { name: 'cart cleared', delay: 0, onScreen: 1000, position: 'top-right' },
  { name: 'welcome back', delay: 0, onScreen: 2000, position: 'top-center' },
  { name: 'password updated', delay: 2000, onScreen: 2000, position: 'top-center' },
];

const gz = (code) => gzipSync(code, { level: 9 }).length;
const bundle = async (options) =>
  (
    await build({
      bundle: true,
      minify: true,
      write: false,
      format: 'esm',
      target: 'es2022',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      ...options,
    })
  ).outputFiles[0].text;

const entry = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify';
createRoot(document.getElementById('root')).render(createElement(ToastContainer));
window.raise = (text, options) => {
  const seen = { calledAt: performance.now(), toastAt: null, leftAt: null };
  const check = () => {
    const el = [...document.querySelectorAll('.Toastify__toast')].find((t) => t.textContent.includes(text));
    const now = performance.now();
    if (el && seen.toastAt === null) seen.toastAt = now;
    if (el && seen.leftAt === null && el.getAttribute('data-in') === 'false') seen.leftAt = now;
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-in'],
  });
  toast.success(text, { ...options, hideProgressBar: true });
  return seen;
};
`;

const dir = mkdtempSync(path.join(tmpdir(), 'toast-timing-'));
try {
  const page = await bundle({ stdin: { contents: entry, resolveDir: root, loader: 'js' }, format: 'iife' });
  // Inline: Chromium loads no script from a file:// page by a relative URL it treats as another origin.
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><meta charset="utf-8"><div id="root"></div><script>${page.replace(/<\/script/g, '<\\/script')}</script>`,
  );

  const library = await bundle({
    stdin: { contents: "export { ToastContainer, toast } from 'react-toastify';", resolveDir: root },
    external: ['react', 'react-dom'],
  });
  const ours = await bundle({
    entryPoints: [path.join(root, 'components/ui/notify.ts')],
    external: ['react', 'react-dom', 'react-toastify', './toast-library'],
    tsconfig: path.join(root, 'tsconfig.json'),
  });

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const tab = await browser.newPage();
  await tab.goto(pathToFileURL(path.join(dir, 'index.html')).href);
  await tab.waitForFunction(() => typeof window.raise === 'function' && document.querySelector('.Toastify'));
  const rows = [];
  for (const m of messages) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const text = `${m.name} ${i}`;
      await tab.evaluate(
        ({ text, options }) => {
          window.__seen = window.raise(text, options);
        },
        { text, options: { delay: m.delay, autoClose: m.onScreen, position: m.position } },
      );
      await tab.waitForFunction(() => window.__seen.leftAt !== null, null, {
        timeout: m.delay + m.onScreen + 10_000,
        polling: 'raf',
      });
      const s = await tab.evaluate(() => window.__seen);
      samples.push({ delay: s.toastAt - s.calledAt, onScreen: s.leftAt - s.toastAt });
      // The leaving toast's exit animation ends before the next one is raised.
      await tab.waitForFunction(
        (t) => ![...document.querySelectorAll('.Toastify__toast')].some((el) => el.textContent.includes(t)),
        text,
      );
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const delay = Math.round(median(samples.map((s) => s.delay)));
    const onScreen = Math.round(median(samples.map((s) => s.onScreen)));
    const ok = Math.abs(delay - m.delay) <= tolerance && Math.abs(onScreen - m.onScreen) <= tolerance;
    rows.push({ message: m.name, spec: `${m.delay} + ${m.onScreen}`, delay, onScreen, within300ms: ok });
  }
  await browser.close();
  console.table(rows);
  console.log(
    JSON.stringify(
      {
        runs,
        bytes: {
          reactToastify: { raw: library.length, gzip: gz(library) },
          ourTimingLayer: { raw: ours.length, gzip: gz(ours) },
        },
        rows,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
