import { build } from 'esbuild';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Opens the bench-only repository page (`repo-page.ts`, bundled here by esbuild) in `page` at
 * `<origin>/__bench.html`: on the web host's origin, so it reads and writes the app's IndexedDB.
 */
export async function openRepoPage(page: Page, origin: string): Promise<void> {
  const out = await build({
    entryPoints: [path.resolve('test/bench/pages/repo-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  const script = out.outputFiles[0].text.replace(/<\/script/g, '<\\/script');
  await page.route('**/__bench.html', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><script>${script}</script>` }));
  await page.goto(`${origin}/__bench.html`);
}
