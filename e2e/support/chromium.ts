import { existsSync } from 'node:fs';

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
