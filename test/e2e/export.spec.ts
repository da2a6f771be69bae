import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { ExportDialog, LibraryTransferBar } from './pages/ExportDialog';
import { hostileWorkshop } from '../fixtures/hostileWorkshop';

/**
 * Opens an exported HTML report straight from its file in a fresh context, with every
 * network request refused, and reports what it tried to load and whether any payload ran.
 */
async function openReport(browser: Browser, file: string) {
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 1100, height: 900 } });
  const url = `file://${file}`;
  // Everything but the report file itself is refused (and recorded).
  await context.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  await page.mouse.move(400, 300);
  await page.mouse.wheel(0, 3000);
  const pwned = await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);
  return { context, page, url, requests, pwned };
}

test('exports the HTML report of the sample workshop; it opens offline, runs nothing and shows its charts', async ({ app, browser }, info) => {
  const dialog = await ExportDialog.ofSample(app);
  const download = await dialog.export(/HTML report/);
  expect(download.suggestedFilename()).toMatch(/\.report\.html$/);
  const file = await ExportDialog.keep(download, info);
  await expect(dialog.dialog.getByText(/^Saved .*\.report\.html\.$/)).toBeVisible();

  const report = await openReport(browser, file);
  expect(report.pwned).toBeUndefined();
  expect(report.requests.filter((u) => u !== report.url)).toEqual([]);
  await expect(report.page.getByRole('heading', { level: 1 })).toHaveText(/Sample: RL stack for a code agent/);
  for (const name of ['Needs', 'Ranking', 'Robustness', 'Decision record']) await expect(report.page.getByRole('heading', { name, level: 2 })).toBeVisible();
  // The charts: ranking bars, radar, stability intervals, acceptability, all drawn with a size.
  const charts = report.page.locator('svg.chart');
  expect(await charts.count()).toBeGreaterThanOrEqual(4);
  for (const cls of ['bars', 'radar', 'intervals', 'stacked']) {
    const box = await report.page.locator(`svg.chart.${cls}`).boundingBox();
    expect(box, cls).not.toBeNull();
    expect(box!.width).toBeGreaterThan(100);
    expect(box!.height).toBeGreaterThan(100);
    expect(await report.page.locator(`svg.chart.${cls} path, svg.chart.${cls} rect`).count()).toBeGreaterThan(2);
  }
  await report.page.locator('svg.chart.radar').scrollIntoViewIfNeeded();
  await report.page.screenshot({ path: info.outputPath('report.png'), fullPage: true });
  await report.page.locator('#ranking').screenshot({ path: info.outputPath('ranking.png') });
  await report.context.close();
});

test('a hostile workshop imported from a file exports a report in which nothing runs or loads', async ({ app, browser }, info) => {
  const file = info.outputPath('hostile.workshop.json');
  writeFileSync(file, JSON.stringify(hostileWorkshop()));
  const bar = new LibraryTransferBar(app);
  await bar.importFile(file);
  await expect(bar.toast).toContainText(/Added .*Hostile workshop/);
  const lib = new LibraryPage(app);
  await lib
    .card(/Hostile workshop/)
    .getByRole('link')
    .click();
  const dialog = new ExportDialog(app);
  await dialog.open();
  const download = await dialog.export(/HTML report/);
  const out = info.outputPath('hostile.report.html');
  await download.saveAs(out);
  expect(readFileSync(out, 'utf8')).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');

  const report = await openReport(browser, out);
  expect(report.pwned).toBeUndefined();
  expect(report.requests.filter((u) => u !== report.url)).toEqual([]);
  await expect(report.page.getByRole('heading', { level: 1 })).toContainText('<script>window.__pwned=1</script>');
  expect(await report.page.evaluate(() => document.querySelectorAll('script, img, iframe').length)).toBe(0);
  await report.context.close();
});

test('importing an invalid file shows its problems and leaves the library unchanged', async ({ app }, info) => {
  const lib = new LibraryPage(app);
  await lib.expectWorkshop(/Sample|示例/);
  const before = await lib.list.getByRole('listitem').count();
  const sample = hostileWorkshop() as unknown as { meta: { title: string }; scores: { value: unknown }[] };
  sample.meta.title = '';
  sample.scores.forEach((s) => (s.value = 'high'));
  const file = info.outputPath('broken.workshop.json');
  writeFileSync(file, JSON.stringify(sample));
  const bar = new LibraryTransferBar(app);
  await bar.importFile(file);
  await expect(bar.problems).toBeVisible();
  await expect(bar.problems.getByRole('alert')).toContainText(/not valid/);
  const items = bar.problems.getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('meta.title: must not be empty');
  await expect(items.nth(1)).toContainText(/scores\[0\]\.value: /);
  await bar.problems.getByRole('button', { name: 'Close' }).click();
  await expect(lib.list.getByRole('listitem')).toHaveCount(before);
  // Not JSON at all: one clear message, nothing added either.
  await bar.importFile({ name: 'notes.workshop.json', mimeType: 'application/json', buffer: Buffer.from('{ this is not json') });
  await expect(bar.problems.getByRole('alert')).toContainText(/is not a JSON file/);
  await bar.problems.getByRole('button', { name: 'Close' }).click();
  await app.reload();
  await lib.expectWorkshop(/Sample|示例/);
  await expect(lib.list.getByRole('listitem')).toHaveCount(before);
});

test('exporting the workshop file and importing it adds a copy; backup and restore merge without overwriting', async ({ app }, info) => {
  test.setTimeout(120_000); // five file transfers and the re-import question, on a shared machine
  const lib = new LibraryPage(app);
  const dialog = await ExportDialog.ofSample(app);
  const download = await dialog.export(/Workshop file/);
  expect(download.suggestedFilename()).toMatch(/\.workshop\.json$/);
  const file = await ExportDialog.keep(download, info);
  await dialog.close();
  await app.getByRole('link', { name: /All workshops/ }).click();

  const bar = new LibraryTransferBar(app);
  // The workshop is already in the library: the team chooses; keeping both adds it with a distinguishable title.
  await bar.importFile(file);
  const ask = app.getByRole('dialog', { name: 'This workshop is already in the library' });
  await expect(ask).toContainText('“Sample: RL stack for a code agent” is already in the library.');
  await ask.getByRole('button', { name: 'Keep both' }).click();
  await expect(bar.toast).toContainText(/Added “Sample: RL stack for a code agent \(2\)” to the library as a new workshop/);
  await expect(lib.card(/Sample/)).toHaveCount(2);

  // Tell the two apart, then back up both: restoring that backup adds nothing, both are already there.
  const rename = async (from: RegExp, to: string) => {
    await lib
      .card(from)
      .first()
      .getByRole('button', { name: /Rename/ })
      .click();
    await app.getByRole('dialog').getByRole('textbox').fill(to);
    await app.getByRole('dialog').getByRole('button', { name: /Save/ }).click();
    await lib.expectWorkshop(to);
  };
  await rename(/Sample/, 'Sample copy');
  const backup = await bar.backup();
  expect(backup.suggestedFilename()).toMatch(/\.workshop-library\.json$/);
  await expect(bar.toast).toContainText(/Saved a backup of 2 workshops/);
  const backupFile = info.outputPath(backup.suggestedFilename());
  await backup.saveAs(backupFile);
  expect(JSON.parse(readFileSync(backupFile, 'utf8'))).toMatchObject({ format: 'selection-workshop-library', version: 1, documents: [{}, {}] });
  await bar.restore(backupFile);
  await expect(bar.toast).toContainText(/Nothing to restore: all 2/);
  await expect(lib.list.getByRole('listitem')).toHaveCount(2);

  // Change one: it no longer matches its backup, so restore adds the backed-up version as a copy
  // and leaves the changed one as it is.
  await rename(/Sample copy/, 'Sample, renamed');
  await bar.restore(backupFile);
  await expect(bar.toast).toContainText(/Restored 1 workshop\(s\) as copies; skipped 1/);
  await expect(lib.list.getByRole('listitem')).toHaveCount(3);
  await lib.expectWorkshop('Sample, renamed');
  await lib.expectWorkshop('Sample copy');
});

test('exports a PDF through the local Chromium, with progress', async ({ app }, info) => {
  test.setTimeout(180_000);
  const dialog = await ExportDialog.ofSample(app);
  const download = dialog.export(/PDF report/, 150_000);
  await expect(dialog.dialog.getByText(/Preparing PDF report/)).toBeVisible();
  await expect(dialog.dialog.getByRole('progressbar')).toBeVisible();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.report\.pdf$/);
  const file = await ExportDialog.keep(pdf, info);
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
