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

  it('makes a standalone SVG: styles from CSS inlined, classes dropped, size and namespace set, a background', async () => {
    const markup: string = await page.evaluate(`exportChartModule.standaloneSvg(document.getElementById('chart')).markup`);
    expect(markup.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    expect(markup).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(markup).toMatch(/width="200" height="100"/);
    expect(markup).toMatch(/<rect x="0" y="0" width="100%" height="100%" fill="rgb\(255, 255, 255\)"/);
    expect(markup).toMatch(/<rect [^>]*style="[^"]*fill:rgb\(31, 95, 191\)[^"]*stroke:rgb\(1, 2, 3\)/);
    expect(markup).toMatch(/<text [^>]*style="[^"]*font-size:13px/);
    expect(markup).toContain('Reward &amp; “success”');
    expect(markup).not.toContain('class=');
    // The on-screen chart is untouched.
    expect(await page.evaluate(`document.getElementById('chart').querySelector('rect').getAttribute('class')`)).toBe('bar');
  });

  it('draws a PNG at twice the size, with the chart’s colours', async () => {
    const result = (await page.evaluate(`(async () => {
      const blob = await exportChartModule.pngBlob(document.getElementById('chart'));
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      const bar = Array.from(ctx.getImageData(100, 50, 1, 1).data);
      const corner = Array.from(ctx.getImageData(390, 190, 1, 1).data);
      return { type: blob.type, width: bitmap.width, height: bitmap.height, bar, corner };
    })()`)) as { type: string; width: number; height: number; bar: number[]; corner: number[] };
    expect(result).toMatchObject({ type: 'image/png', width: 400, height: 200 });
    expect(result.bar).toEqual([31, 95, 191, 255]);
    expect(result.corner).toEqual([255, 255, 255, 255]);
  });
});
