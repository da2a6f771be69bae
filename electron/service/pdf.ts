import { existsSync } from 'node:fs';

/** A local Chromium/Chrome to print PDFs with, or null. `CHROMIUM_PATH` wins. */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}
