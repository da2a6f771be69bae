import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './test/chromium';

// E2E in Debian's Chromium (never a downloaded browser) against the loopback web host.

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '.tmp/test-results',
  // The long robustness runs (crash test, UI import fuzz) go after the rest, so their timing
  // bounds are not measured against a machine busy with the other suites.
  projects: [
    { name: 'app', testIgnore: /(crash|import-fuzz)\.spec\.ts$/ },
    { name: 'import-fuzz', testMatch: /import-fuzz\.spec\.ts$/, dependencies: ['app'] },
    // Last and alone: its one-second bound on lost edits must not measure a machine busy with other runs.
    { name: 'crash', testMatch: /crash\.spec\.ts$/, dependencies: ['import-fuzz'] },
  ],
  use: {
    headless: true,
    viewport: { width: 1366, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
