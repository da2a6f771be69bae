import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { hostileFiles } from '../fixtures/hostileFiles';

/**
 * Import fuzzing through the UI: generated hostile or corrupted workshop files chosen in the
 * library's Import file picker. Each ends in an added copy or a clear message — never a crash,
 * a hang over 2 s, or a change to the workshops already there.
 */
const FILES = Number(process.env.UI_FUZZ_FILES ?? 2000);
test.setTimeout(30 * 60_000);

/** Every stored row of the given workshops, as JSON, to prove they were not touched. */
async function snapshot(page: Page, ids: string[]): Promise<string> {
  return page.evaluate(async (ids) => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('selection-workshop');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((res) => {
        const q = db.transaction(store).objectStore(store).getAll();
        q.onsuccess = () => res(q.result);
      });
    const [workshops, parts, summaries] = await Promise.all([all('workshops'), all('parts'), all('summaries')]);
    db.close();
    const mine = (row: unknown) => ids.includes((row as { id?: string; workshopId?: string }).workshopId ?? (row as { id: string }).id);
    return JSON.stringify([workshops.filter(mine), parts.filter(mine), summaries.filter(mine)]);
  }, ids);
}

test(`${FILES} hostile files through the Import picker: an added copy or a clear message, existing workshops untouched`, async ({ app }) => {
  // The library's own count (the list itself renders in pages of 50).
  const counter = app.getByText(/^\d+ workshops?$/);
  const libraryCount = async () => Number((await counter.textContent())!.split(' ')[0]);
  await expect(counter).toHaveText('1 workshop');
  const originalIds = await app.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((res) => {
      const r = indexedDB.open('selection-workshop');
      r.onsuccess = () => res(r.result);
    });
    const keys = await new Promise<IDBValidKey[]>((res) => {
      const q = db.transaction('workshops').objectStore('workshops').getAllKeys();
      q.onsuccess = () => res(q.result);
    });
    db.close();
    return keys as string[];
  });
  const before = await snapshot(app, originalIds);
  const input = app.getByTestId('import-workshop-input');
  const group = app.locator('.library-transfer');
  let added = 0;
  let refused = 0;
  let slowest = { ms: 0, label: '' };
  let i = 0;
  const errors: string[] = [];
  app.on('pageerror', (e) => errors.push(e.message));
  for (const file of hostileFiles(FILES)) {
    const t0 = Date.now();
    await input.setInputFiles({ name: `fuzz-${i++}.workshop.json`, mimeType: 'application/json', buffer: Buffer.from(file.bytes) });
    await app.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => r(true))));
    await expect(group).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
    const ms = Date.now() - t0;
    if (ms > slowest.ms) slowest = { ms, label: file.label };
    const count = await libraryCount();
    if (count > 1 + added) {
      added++;
      await expect(app.getByRole('status').filter({ hasText: /Added/ })).toBeVisible();
    } else {
      refused++;
      expect(file.valid, `${file.label} must import`).toBe(false);
      // The refusal is explained: a visible message, with the problems when there are any.
      await expect(app.getByRole('alert').filter({ hasText: /.{10,}/ }).first()).toBeVisible();
    }
  }
  console.log(`UI import fuzz: ${FILES} files, ${added} added, ${refused} refused; slowest ${slowest.ms} ms (${slowest.label})`);
  expect(errors, 'uncaught page errors').toEqual([]);
  expect(slowest.ms, `slowest: ${slowest.label}`).toBeLessThan(2000);
  expect(await snapshot(app, originalIds)).toBe(before);
  expect(added).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
});
