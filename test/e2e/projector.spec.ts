import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, projectedText } from './fixtures';
import { RoomPage } from './pages/RoomPage';
import { LibraryPage } from './pages/LibraryPage';
import { WizardPage } from './pages/WizardPage';
import { ExportDialog } from './pages/ExportDialog';
import { SimulatorPage } from './pages/SimulatorPage';

/**
 * Projector- and slide-ready: exported chart images look like the screen, carry
 * their title and legend, are named after the workshop, the chart and the date, and the
 * export never trips the app's Content-Security-Policy. (Screenshots of presenter mode at both
 * sizes, in both languages, light and dark, are attached to the output by layout.spec.)
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SAMPLE = 'Sample: RL stack for a code agent';
const PILOT_CSV = path.resolve('test/fixtures/pilot-metrics.csv');
const DATE = /\d{4}-\d{2}-\d{2}/.source;

async function save(app: Page, name: RegExp) {
  const [download] = await Promise.all([app.waitForEvent('download'), app.getByRole('button', { name }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

/**
 * The PNG read back in the page's own canvas: how many pixels are within `tolerance` (per
 * channel) of each colour, and how many of the first `edge` pixel columns at its left and at its
 * right hold anything but the background (its top-left pixel).
 */
async function inspectPng(app: Page, png: Buffer, colours: string[], tolerance = 6, edge = 0) {
  return app.evaluate(
    async ({ b64, colours, tolerance, edge }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const rgb = colours.map((c) => (c.match(/\d+/g) ?? []).slice(0, 3).map(Number));
      const counts = rgb.map(() => 0);
      for (let p = 0; p < data.length; p += 4)
        rgb.forEach(([r, g, b], i) => {
          if (Math.abs(data[p] - r) <= tolerance && Math.abs(data[p + 1] - g) <= tolerance && Math.abs(data[p + 2] - b) <= tolerance) counts[i] += 1;
        });
      const bg = [data[0], data[1], data[2]];
      const ink = (x: number) => {
        for (let y = 0; y < height; y++) {
          const p = (y * width + x) * 4;
          if (Math.abs(data[p] - bg[0]) + Math.abs(data[p + 1] - bg[1]) + Math.abs(data[p + 2] - bg[2]) > 24) return true;
        }
        return false;
      };
      const edges = { left: 0, right: 0 };
      for (let x = 0; x < edge; x++) {
        if (ink(x)) edges.left++;
        if (ink(width - 1 - x)) edges.right++;
      }
      return { counts, edges };
    },
    { b64: png.toString('base64'), colours, tolerance, edge },
  );
}

/** Pixels of the PNG within `tolerance` (per channel) of each colour. */
const pixelCounts = async (app: Page, png: Buffer, colours: string[], tolerance = 6) => (await inspectPng(app, png, colours, tolerance)).counts;

test('exported room and metrics charts keep their colours, title and legend, with a telling file name and no CSP error', async ({ app }) => {
  const cspErrors: string[] = [];
  app.on('console', (m) => {
    if (/Content Security Policy|inline style/i.test(m.text())) cspErrors.push(m.text());
  });
  await RoomPage.openSample(app);

  // Ranking: the bars' on-screen colours are in the file, as plain colours (no theme variables, no classes).
  const bars = app.locator('svg.ranking-bars rect');
  await expect(bars.first()).toBeVisible();
  const barFills = await bars.evaluateAll((els) => els.map((e) => getComputedStyle(e).fill));
  expect(new Set(barFills).size).toBeGreaterThan(1);
  const svg = await save(app, /Export “Ranking \(weighted total, 0–100\)” as SVG/);
  expect(svg.name).toMatch(new RegExp(`^Sample RL stack for a code agent – Ranking \\(weighted total, 0–100\\) – ${DATE}\\.svg$`));
  const text = svg.bytes.toString('utf8');
  expect(text).toMatch(/^<\?xml/);
  // Well-formed: an image viewer (or the browser drawing the PNG) parses it as XML.
  expect(await app.evaluate((t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelector('parsererror')?.textContent ?? null, text)).toBeNull();
  expect(text).not.toContain('var(');
  expect(text).not.toMatch(/ class=| style=/);
  expect(text).toContain('>Ranking (weighted total, 0–100)</text>');
  expect(text).toContain(SAMPLE);
  for (const fill of barFills) expect(text).toContain(`fill="${fill}"`);

  // Radar PNG at 2×: the candidates' polygons and legend swatches are drawn in their screen colours.
  const radarFills = await app.locator('svg.radar path.series').evaluateAll((els) => els.map((e) => getComputedStyle(e).stroke));
  expect(radarFills.length).toBeGreaterThan(1);
  const png = await save(app, /Export “Candidates across the criteria” as PNG/);
  expect(png.name).toMatch(new RegExp(`^Sample RL stack for a code agent – Candidates across the criteria – ${DATE}\\.png$`));
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  writeFileSync(test.info().outputPath('exported-radar.png'), png.bytes);
  const shown = (await app.getByRole('img', { name: 'Candidates across the criteria' }).boundingBox())!;
  // The chart at its on-screen width with an 8 px margin each side, at 2×.
  expect(Math.abs(png.bytes.readUInt32BE(16) - (Math.round(shown.width) + 2 * 8) * 2)).toBeLessThanOrEqual(2);
  // Each legend swatch alone is 24×36 px at 2×: every colour must be there in solid pixels.
  for (const n of await pixelCounts(app, png.bytes, radarFills)) expect(n).toBeGreaterThan(400);

  // Metrics charts go through the same figure: export with the HTML legend redrawn in its colours.
  const wizard = new WizardPage(app);
  await wizard.gotoStep('Metrics comparison');
  await wizard.importMetrics(PILOT_CSV);
  const chart = wizard.chart('Reward convergence');
  await expect(chart.locator('path.line')).toHaveCount(3);
  const swatches = await chart.locator('[data-swatch]').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
  const metricsPng = await save(app, /Export “Reward convergence” as PNG/);
  expect(metricsPng.name).toMatch(new RegExp(`^Sample RL stack for a code agent – Reward convergence – ${DATE}\\.png$`));
  writeFileSync(test.info().outputPath('exported-metrics.png'), metricsPng.bytes);
  for (const n of await pixelCounts(app, metricsPng.bytes, swatches)) expect(n).toBeGreaterThan(300);
  const metricsSvg = (await save(app, /Export “Reward convergence” as SVG/)).bytes.toString('utf8');
  for (const label of await chart.locator('[data-legend-item]').allTextContents()) expect(metricsSvg).toContain(`>${label.trim()}</text>`);

  expect(cspErrors).toEqual([]);

  // The outcome as slides, from the export menu like the other formats.
  const dialog = new ExportDialog(app);
  await dialog.open();
  const deck = await dialog.export(/Slide deck \(PowerPoint\)/);
  expect(deck.suggestedFilename()).toMatch(/\.slides\.pptx$/);
  expect(
    readFileSync((await deck.path())!)
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
});

test('exported simulator charts look like the screen: legend colours with the budget line, nothing at the image edge', async ({ app }) => {
  const sim = new SimulatorPage(app);
  await sim.openFromValidation(/Self-built/);
  await app.getByRole('combobox', { name: 'Method' }).selectOption('analytic');
  await sim.sweepButton.click();
  const sweep = sim.chart('Cost and step time versus rollout length');
  await expect(sweep).toBeVisible({ timeout: 60_000 });
  for (const title of ['Cost of this run per archetype', 'Cost and step time versus rollout length']) {
    const chart = sim.chart(title);
    // The legend is drawn in the chart: each entry's swatch or line sample in its screen colour.
    const colours = await chart
      .locator('.chart-key rect, .chart-key line')
      .evaluateAll((els) => els.map((e) => (e.tagName === 'rect' ? getComputedStyle(e).fill : getComputedStyle(e).stroke)));
    expect(colours.length).toBeGreaterThanOrEqual(3);
    const png = await save(app, new RegExp(`Export “${title}” as PNG`));
    expect(png.name).toMatch(new RegExp(`^Sample RL stack for a code agent – ${title} – ${DATE}\\.png$`));
    writeFileSync(test.info().outputPath(`exported-${title.split(' ')[0]}-${title.length}.png`), png.bytes);
    const shown = (await chart.boundingBox())!;
    expect(Math.abs(png.bytes.readUInt32BE(16) - (Math.round(shown.width) + 2 * 8) * 2)).toBeLessThanOrEqual(2);
    const seen = await inspectPng(app, png.bytes, colours, 10, 14);
    for (const [i, n] of seen.counts.entries()) expect(n, `legend colour ${colours[i]}`).toBeGreaterThan(20);
    // The 8 px margin (16 px at 2×) at the sides stays clear: no text or legend touches the image's edge.
    expect(seen.edges).toEqual({ left: 0, right: 0 });
  }
});

test('presenter: all text ≥ 28 px at 1920×1080 and ≥ 20 px at 1280×720, the ranking fills its view', async ({ app }) => {
  const room = await RoomPage.openSample(app);
  await room.saveScenario('Cheaper rollout');
  for (const size of [
    { width: 1920, height: 1080, min: 28 },
    { width: 1280, height: 720, min: 20 },
  ]) {
    await app.setViewportSize({ width: size.width, height: size.height });
    await app.getByRole('button', { name: /Present/ }).click();
    const presenter = room.presenter();
    await expect(presenter.getByRole('img', { name: /Ranking/ })).toBeVisible();
    const views = [
      presenter.getByRole('img', { name: /Ranking/ }),
      presenter.getByRole('img', { name: /Where the team disagrees/ }),
      presenter.getByTestId('verdict'),
      presenter.getByRole('table', { name: 'Scenarios side by side' }),
    ];
    for (const [v, shown] of views.entries()) {
      await app.keyboard.press(String(v + 1));
      await expect(shown).toBeVisible();
      await room.analysisSettled();
      const texts = await projectedText(app);
      test.info().annotations.push({ type: 'smallest text', description: `view ${v + 1} at ${size.width}×${size.height}: ${texts[0]?.px} px` });
      const small = texts.filter((t) => t.px < size.min - 0.01);
      expect(small, `view ${v + 1} at ${size.width}×${size.height}`).toEqual([]);
    }
    // The ranking fills its view: its charts cover most of the space between header and footer.
    await app.keyboard.press('1');
    const body = (await presenter.locator('.presenter-body').boundingBox())!;
    const charts = await presenter.locator('.presenter-body svg.chart-svg, .presenter-body svg.radar, .presenter-body svg.ranking-bars').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { w: r.width, h: r.height };
      }),
    );
    const covered = charts.reduce((a, c) => a + c.w * c.h, 0) / (body.width * body.height);
    test.info().annotations.push({ type: 'ranking chart share', description: `${size.width}×${size.height}: ${(covered * 100).toFixed(1)} % of the view` });
    expect(covered, `chart area share at ${size.width}×${size.height}`).toBeGreaterThan(0.45);
    await app.keyboard.press('Escape');
    await expect(presenter).toHaveCount(0);
  }
});

test('presenter: an empty view projects a short title, not the instructions', async ({ app }) => {
  await new LibraryPage(app).create('Empty projector');
  const room = new RoomPage(app);
  await room.openStep();
  await app.getByRole('button', { name: /Present/ }).click();
  const presenter = room.presenter();
  const titles = ['No ranking yet', 'No scores to compare yet', 'No ranking to test yet', 'No saved scenarios'];
  for (const [v, title] of titles.entries()) {
    await app.keyboard.press(String(v + 1));
    await expect(presenter.locator('.presenter-body')).toHaveText(title);
  }
  await app.keyboard.press('Escape');
});
