import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

// The browser the journeys and the Lighthouse benchmark drive: Debian's Chromium (no browser downloads here).
const chromiumCandidates = [
  process.env.CHROMIUM_PATH,
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter((p): p is string => Boolean(p));

/** Flags for a headless Chromium in a container without a GPU, a sandbox or outside network. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** The first Chromium found, or an error that says how to install one. */
export function findChromium(): string {
  const found = chromiumCandidates.find((p) => existsSync(p));
  if (found) return found;
  throw new Error(
    `No Chromium found (looked at ${chromiumCandidates.join(', ')}). ` +
      "Install Debian's Chromium: sudo apt-get update && sudo apt-get install -y chromium, " +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

/** Where Playwright keeps the binaries it downloads (`npx playwright install`): its ffmpeg among them. */
function playwrightCacheDir(): string {
  const set = process.env.PLAYWRIGHT_BROWSERS_PATH;
  if (set && set !== '0') return set;
  if (set === '0') return join(process.cwd(), 'node_modules', 'playwright-core', '.local-browsers');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'ms-playwright');
  if (process.platform === 'win32')
    return join(process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'ms-playwright');
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'ms-playwright');
}

/**
 * True when Playwright's own ffmpeg is installed (`npx playwright install ffmpeg`): it records the videos, whatever
 * the browser, and without it a context asked to record cannot even open a page. Debian's Chromium does not bring it.
 */
export function canRecordVideo(): boolean {
  const dir = playwrightCacheDir();
  if (!existsSync(dir)) return false;
  return readdirSync(dir)
    .filter((entry) => entry.startsWith('ffmpeg'))
    .some((entry) =>
      ['ffmpeg-linux', 'ffmpeg-mac', 'ffmpeg-win64.exe'].some((bin) => existsSync(join(dir, entry, bin))),
    );
}
