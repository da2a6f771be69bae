import { expect, test } from '@playwright/test';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHost, type WebHostHandle } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';

/**
 * The library's IndexedDB lost under the app (Chromium drops a database it finds corrupt after a
 * hard kill or a power cut; the crash spec saw it happen): the app must not come back with only the
 * sample as on a first run. It says the library could not be read, offers the safety copy the Node
 * side kept, and restores every workshop from it.
 */
test.setTimeout(120_000);

let host: WebHostHandle;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-lost-'));
  host = await startHost({ dataDir });
});
test.afterAll(() => {
  host?.process.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const kept = () => {
  try {
    return readdirSync(path.join(dataDir, 'library-copy')).filter((f) => f.endsWith('.json')).length;
  } catch {
    return 0;
  }
};

test('a lost library is told, not replaced by the sample, and comes back whole from the safety copy (en, then zh-CN)', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  await page.goto(host.url);
  const library = new LibraryPage(page);
  await library.expectWorkshop(/Sample/);
  await library.create('Kept through a crash');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The new workshop is kept at once, the sample (stored before the copy existed) a few seconds after start-up.
  await expect.poll(kept, { timeout: 30_000 }).toBe(2);

  // The database goes (the open app lets a deletion through and closes its connection).
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.deleteDatabase('selection-workshop');
        req.onsuccess = () => resolve();
        req.onerror = () => reject(new Error(String(req.error)));
      }),
  );
  await page.goto(host.url); // a change of the address's hash only:
  await page.reload(); // the app starts again
  const notice = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Your workshop library could not be read' }) });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('holds 2 workshops');
  await expect(library.list.getByRole('listitem')).toHaveCount(0); // no sample in its place
  await expect(page.getByText(/No workshops yet/)).toHaveCount(0);

  // A copy file damaged outside the app (its head torn) is named, not left out of the count in silence.
  writeFileSync(path.join(dataDir, 'library-copy', `${Buffer.from('torn-one').toString('base64url')}.json`), '{"workshopId":"torn-o');
  // A restart before choosing tells it again; then in Chinese, restore.
  await page.reload();
  await expect(notice).toContainText('1 file of the safety copy is damaged and cannot be read: torn-one.');
  await expect(notice).toBeVisible();
  await library.switchLanguage('zh-CN');
  const zh = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: '无法读取你的工作坊库' }) });
  await expect(zh).toContainText('本机的安全副本保存着 2 个工作坊');
  await expect(zh).toContainText('安全副本中有 1 个文件已损坏，无法读取：torn-one。');
  // The Node side cannot read the copy at the moment of the click: that is what the notice says (not
  // the browser's storage), and it reads the copy again on request.
  await page.route('**/api/library.kept', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: false, error: { code: 'internal', message: 'EIO: i/o error' } }) }),
  );
  await zh.getByRole('button', { name: '恢复这些工作坊' }).click();
  await expect(zh).toContainText('无法读取本机的安全副本：EIO: i/o error');
  await expect(page.getByText(/浏览器存储报告了错误/)).toHaveCount(0);
  await expect(zh.getByRole('button', { name: '恢复这些工作坊' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('copy-unreadable-zh.png') });
  await page.unroute('**/api/library.kept');
  await zh.getByRole('button', { name: '重新读取安全副本' }).click();
  await expect(zh).toContainText('本机的安全副本保存着 2 个工作坊');
  await zh.getByRole('button', { name: '恢复这些工作坊' }).click();
  const outcome = page.getByRole('status').filter({ hasText: '已从安全副本恢复 2 个工作坊。' });
  await expect(outcome).toBeVisible();
  await expect(outcome).toContainText('安全副本中有 1 个文件已损坏，无法读取：torn-one。');
  await expect(zh).toHaveCount(0);
  await library.expectWorkshop('Kept through a crash');
  await library.expectWorkshop(/示例|Sample/);

  // It stays restored, and the restored workshop opens.
  await page.reload();
  await expect(page.getByRole('heading', { name: '无法读取你的工作坊库' })).toHaveCount(0);
  await library.card('Kept through a crash').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^第 1 步/);
  await expect(page.getByText('Kept through a crash').first()).toBeVisible();
  await page.close();
});
