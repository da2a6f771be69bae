import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { LibraryPage } from './pages/LibraryPage';
import { WizardPage } from './pages/WizardPage';

const KPI = /explicit KPIs/;

async function openNeeds(page: Page, url: string, workshopId: string) {
  await page.goto(url);
  await page.evaluate((id) => (location.hash = `#/w/${id}/needs`), workshopId);
  await expect(page.getByRole('textbox', { name: KPI })).toBeVisible();
}

/** A new workshop open at step 1 with its KPI question answered `kpi` and saved. */
async function newWorkshopAnswered(page: Page, title: string, kpi: string): Promise<WizardPage> {
  await new LibraryPage(page).create(title);
  const w = new WizardPage(page);
  await w.gotoStep('Needs confirmation');
  await w.answerText(KPI, kpi);
  await w.expectSaved();
  return w;
}

test('two tabs on one workshop: live sync when one is idle, a clear choice on a conflict — never a silent overwrite', async ({ app, host, context }) => {
  const lib = new LibraryPage(app);
  await lib.create('Shared between tabs');
  const a = new WizardPage(app);
  await expect(a.nav).toBeVisible();
  const id = /#\/w\/([^/]+)/.exec(app.url())![1];
  await a.gotoStep('Needs confirmation');
  const pageB = await context.newPage();
  await openNeeds(pageB, host.url, id);
  const b = new WizardPage(pageB);

  // Live sync: B has nothing unsaved, so it follows A.
  await a.answerText(KPI, 'success rate ≥ 60% on long tasks');
  await a.expectSaved();
  await expect(pageB.getByRole('textbox', { name: KPI })).toHaveValue('success rate ≥ 60% on long tasks');
  await expect(pageB.getByText('Updated from another window')).toBeVisible();

  // Both edit at once: one save wins, the other window is asked — nothing is overwritten silently.
  await Promise.all([a.answerText(KPI, 'version from A'), b.answerText(KPI, 'version from B')]);
  const conflictA = app.getByRole('alertdialog');
  const conflictB = pageB.getByRole('alertdialog');
  await expect.poll(async () => (await conflictA.isVisible()) || (await conflictB.isVisible())).toBe(true);
  // Exactly one window was asked: the other's save went through.
  expect((await conflictA.isVisible()) && (await conflictB.isVisible())).toBe(false);
  const loser = (await conflictA.isVisible()) ? { page: app, text: 'version from A', other: pageB } : { page: pageB, text: 'version from B', other: app };
  // The winner's text is what is stored now; the loser still shows its own, unsaved.
  await expect(loser.page.getByRole('textbox', { name: KPI })).toHaveValue(loser.text);
  await loser.page.getByRole('button', { name: 'Keep this window’s version' }).click();
  await expect(loser.page.getByRole('alertdialog')).toHaveCount(0);
  // The other window follows the explicit choice, and a reload shows it was stored.
  await expect(loser.other.getByRole('textbox', { name: KPI })).toHaveValue(loser.text);
  await loser.other.reload();
  await expect(loser.other.getByRole('textbox', { name: KPI })).toHaveValue(loser.text);
});

test('no browser storage (private mode): a clear message says what to do', async ({ page, host }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
  await page.goto(host.url);
  await expect(page.getByRole('alert')).toContainText('Browser storage is not available');
});

test('disk full while editing: the user is told, the edit stays on screen, nothing is half written, and it saves once storage recovers', async ({ app }) => {
  const w = await newWorkshopAnswered(app, 'Quota test', 'first version');
  // From now on every IndexedDB write fails as a full disk does.
  await app.evaluate(() => {
    const w = window as unknown as { __realPut: unknown };
    w.__realPut = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await w.answerText(KPI, 'second version');
  await expect(app.getByRole('alert')).toContainText('The disk (or the browser’s storage quota) is full');
  await expect(app.getByRole('textbox', { name: KPI })).toHaveValue('second version');
  // Storage recovers: the pending edit is written with the next change.
  await app.evaluate(() => {
    IDBObjectStore.prototype.put = (window as unknown as { __realPut: typeof IDBObjectStore.prototype.put }).__realPut;
  });
  await w.answerText(KPI, 'third version');
  await w.expectSaved();
  await app.reload();
  await expect(app.getByRole('textbox', { name: KPI })).toHaveValue('third version');
});

test('a failed write leaves the stored workshop whole (transactions)', async ({ app }) => {
  const w = await newWorkshopAnswered(app, 'Atomic test', 'stored version');
  const id = /#\/w\/([^/]+)/.exec(app.url())![1];
  // The second write of every transaction fails (the automatic retries too): the first must be rolled back with it.
  await app.evaluate(() => {
    const real = IDBObjectStore.prototype.put;
    let calls = 0;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (++calls % 2 === 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return real.apply(this, args);
    };
  });
  await w.answerText(KPI, 'half-written version');
  await expect(app.getByRole('alert')).toBeVisible();
  // What IndexedDB holds: the stored version, whole (the head row written first was rolled back).
  const stored = await app.evaluate(
    (id) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('selection-workshop');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('workshops').objectStore('workshops').get(id);
          get.onsuccess = () => resolve(JSON.stringify(get.result));
          get.onerror = () => reject(get.error);
        };
      }),
    id,
  );
  expect(stored).toContain('stored version');
  expect(stored).not.toContain('half-written version');
});
