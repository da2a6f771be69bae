import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../electron/service/pdf';

// Lives in test/unit (not beside the helper) because it drives a real browser from Node.

/**
 * exportChart in a real browser: the helper is bundled as a script and run against an
 * SVG styled by a stylesheet (as the app's charts are, through theme variables).
 */
const executable = findChromium();
const title = executable ? 'chart export in Chromium' : 'chart export in Chromium — SKIPPED: no Chromium or Chrome found on this machine (set CHROMIUM_PATH)';

const PAGE = `<!DOCTYPE html><html><head><style>
  :root { --c1: rgb(31, 95, 191); }
  body { background: rgb(255, 255, 255); }
  .bar { fill: var(--c1); stroke: rgb(1, 2, 3); stroke-width: 2px; }
  .label { font-size: 13px; fill: rgb(22, 32, 44); }
</style></head><body>
<svg id="chart" class="chart" width="200" height="100" viewBox="0 0 200 100">
  <rect class="bar" x="10" y="10" width="120" height="30"></rect>
  <text class="label" x="10" y="80">Reward &amp; “success”</text>
</svg></body></html>`;

describe.skipIf(!executable)(title, () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    const bundle = await build({
      entryPoints: ['renderer/charts/exportChart.ts'],
      bundle: true,
      format: 'iife',
      globalName: 'exportChartModule',
      write: false,
      logLevel: 'silent',
    });
    browser = await chromium.launch({ executablePath: executable!, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
    await page.setContent(PAGE);
    await page.evaluate(bundle.outputFiles[0].text + ';window.exportChartModule = exportChartModule;');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  const META = `{ workshop: 'GPU plan', title: 'Reward chart', date: new Date('2026-11-30T12:00:00Z') }`;

  it('makes a standalone SVG as the screen shows it: computed colours and fonts as attributes, no CSS, a title, valid XML', async () => {
    const markup: string = await page.evaluate(`exportChartModule.standaloneSvg(document.getElementById('chart'), ${META}).markup`);
    expect(markup.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    expect(markup).toContain('xmlns="http://www.w3.org/2000/svg"');
    // The theme variable and the stylesheet are resolved into the file: it needs no CSS.
    expect(markup).toMatch(/<rect [^>]*fill="rgb\(31, 95, 191\)"/);
    expect(markup).toMatch(/<rect [^>]*stroke="rgb\(1, 2, 3\)"/);
    expect(markup).toMatch(/<text [^>]*font-size="13px"/);
    expect(markup).toContain('Reward &amp; “success”');
    expect(markup).toContain('Reward chart');
    for (const css of ['class=', 'style=', 'var(']) expect(markup).not.toContain(css);
    const parses: boolean = await page.evaluate(`!new DOMParser().parseFromString(${JSON.stringify(markup)}, 'image/svg+xml').querySelector('parsererror')`);
    expect(parses).toBe(true);
    // The on-screen chart is untouched.
    expect(await page.evaluate(`document.getElementById('chart').querySelector('rect').getAttribute('class')`)).toBe('bar');
  });

  it('draws a PNG at twice the size, with the chart’s colours', async () => {
    const result = (await page.evaluate(`(async () => {
      const blob = await exportChartModule.pngBlob(document.getElementById('chart'), ${META});
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let bar = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] === 31 && data[i + 1] === 95 && data[i + 2] === 191) bar++;
      return { type: blob.type, width: bitmap.width, height: bitmap.height, bar };
    })()`)) as { type: string; width: number; height: number; bar: number };
    // The 200 px chart with an 8 px margin on each side (its text off the image's edge), at 2×.
    expect(result).toMatchObject({ type: 'image/png', width: (200 + 2 * 8) * 2 });
    expect(result.height).toBeGreaterThanOrEqual(200);
    // The bar (120 × 30 px on screen, less its stroke) at 2×: thousands of pixels of its colour.
    expect(result.bar).toBeGreaterThan(10_000);
  });
});
