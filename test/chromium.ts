/**
 * The browser every E2E test and benchmark runs: Debian's Chromium (or CHROMIUM_PATH), never a
 * downloaded one, with the same flags (playwright.config.ts, test/bench, the crash test).
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** No sandbox or GPU (containers), no network of its own, no first-run or background work. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
