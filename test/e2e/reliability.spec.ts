import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { LibraryPage } from './pages/LibraryPage';
import { SimulatorPage } from './pages/SimulatorPage';
import { WizardPage } from './pages/WizardPage';

/**
 * Nothing typed is lost: an edit followed at once by a reload survives (the
 * journal); a failed save says what to do in both languages, is retried by itself once
 * storage works again, and closing the page while it is unsaved asks first. The sources the
 * app cites are links that open outside the app (in a browser: a new tab without an opener).
 * One page, serial, few loads.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000); // five reloads: minutes on a machine under heavy load, seconds on a quiet one

const KPI = /explicit KPIs/;
const SHOTS = process.env.SW_SHOTS; // a folder: screenshots of the full-disk message for a look

/** Makes every IndexedDB write fail as a full disk does (or work again). */
const diskFull = (page: Page, full: boolean) =>
  page.evaluate((full) => {
    const w = window as unknown as { __realPut?: typeof IDBObjectStore.prototype.put };
    w.__realPut ??= IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = full
      ? function () {
          throw new DOMException('Encountered disk full while committing transaction.', 'UnknownError');
        }
      : w.__realPut;
  }, full);

test('type, Tab, reload at once: the edit is there after the reload, every time', async ({ app }) => {
  const lib = new LibraryPage(app);
  await lib.create('Reload test');
  const w = new WizardPage(app);
  await w.gotoStep('Needs confirmation');
  const field = app.getByRole('textbox', { name: KPI });
  for (let trial = 0; trial < 5; trial++) {
    const value = `reload trial ${trial}`;
    await field.fill(value);
    await field.press('Tab');
    await app.reload(); // well within the 200 ms debounce: IndexedDB has not been written yet
    await expect(field, `trial ${trial}: the page is back`).toBeVisible({ timeout: 30_000 }); // a loaded machine is slow to reload
    await expect(field, `trial ${trial}`).toHaveValue(value);
  }
  // The replayed edit is saved, and the journal is gone once it is.
  await w.expectSaved();
  await expect.poll(() => app.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sw-journal:')).length)).toBe(0);

  // A full disk: the message says what to do, the edit stays on screen, and closing asks first.
  await diskFull(app, true);
  await field.fill('written while the disk is full');
  const alert = app.getByRole('alert');
  await expect(alert).toContainText('The disk (or the browser’s storage quota) is full');
  await expect(alert).toContainText('free some disk space');
  await expect(alert.getByRole('button', { name: 'Export this workshop (file)' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again now' })).toBeVisible();
  if (SHOTS) await app.screenshot({ path: `${SHOTS}/disk-full-en.png` });
  // The way out works: the workshop downloads as a file, with the unsaved edit in it.
  const [download] = await Promise.all([app.waitForEvent('download'), alert.getByRole('button', { name: 'Export this workshop (file)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.workshop\.json$/);
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8'));
  expect(JSON.stringify(exported)).toContain('written while the disk is full');

  await app.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  const zhAlert = app.getByRole('alert');
  await expect(zhAlert).toContainText('磁盘（或浏览器的存储配额）已满');
  await expect(zhAlert.getByRole('button', { name: '导出此工作坊（文件）' })).toBeVisible();
  await expect(zhAlert.getByRole('button', { name: '立即重试' })).toBeVisible();
  if (SHOTS) await app.screenshot({ path: `${SHOTS}/disk-full-zh.png` });

  // Closing now would lose the edit: the browser asks (beforeunload); the user stays.
  let asked = '';
  app.once('dialog', (d) => {
    asked = d.type();
    void d.dismiss();
  });
  await app.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toBe('beforeunload');
  expect(app.isClosed()).toBe(false);

  // Space comes back (freed in another window): back in the app, it saves by itself, with no further edit.
  await diskFull(app, false);
  await app.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(app.getByRole('status').filter({ hasText: /^已保存$/ })).toBeVisible();
  await app.getByRole('combobox', { name: '语言' }).selectOption('en');
  await app.reload();
  await expect(field).toHaveValue('written while the disk is full');
});

test('a cited source is a link the keyboard reaches; it opens in a new tab without an opener, in both languages', async ({ app }) => {
  // Nothing leaves the machine: the source's address is only recorded.
  const requested: string[] = [];
  await app.context().route(
    (url) => url.protocol === 'https:',
    (route) => {
      requested.push(route.request().url());
      return route.abort();
    },
  );
  const sim = new SimulatorPage(app);
  await sim.openFromValidation(/Self-built/);
  const gpu = app.getByRole('combobox', { name: 'GPU type' });
  const field = app.locator('.sim-field').filter({ has: gpu });
  const link = field.getByRole('link');
  await expect(field).toContainText('Datasheet:');
  await expect(link).toHaveAttribute('href', /^https:\/\/www\.nvidia\.com\//);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  const href = (await link.getAttribute('href'))!;
  await expect(link).toHaveText(href);
  if (SHOTS) await field.screenshot({ path: `${SHOTS}/source-link-en.png` });

  // From the GPU choice, Tab reaches the link and Enter opens it, in a new tab.
  await gpu.focus();
  await app.keyboard.press('Tab');
  await expect(link).toBeFocused();
  const [tab] = await Promise.all([app.waitForEvent('popup'), app.keyboard.press('Enter')]);
  await expect.poll(() => requested).toContain(href);
  await tab.close();
  await expect(sim.heading).toBeVisible(); // the app itself stayed where it was

  // Another GPU, its own datasheet (its citation's English note is not shown: the link reads the same in both languages).
  await gpu.selectOption('H20');
  await expect(link).toHaveAttribute('href', 'https://willitrunai.com/es/gpus/h20-96gb');
  await expect(field).not.toContainText('OEM spec sheets');

  await app.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  const zhField = app.locator('.sim-field').filter({ has: app.getByRole('combobox', { name: 'GPU 型号' }) });
  await expect(zhField).toContainText('规格来源：');
  await expect(zhField.getByRole('link')).toHaveAttribute('href', 'https://willitrunai.com/es/gpus/h20-96gb');
  await expect(zhField.getByRole('link')).toHaveAttribute('title', '在网页浏览器中打开');
  if (SHOTS) await zhField.screenshot({ path: `${SHOTS}/source-link-zh.png` });
  await app.getByRole('combobox', { name: '语言' }).selectOption('en');
});
