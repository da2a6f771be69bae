import { writeFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { LibraryTransferBar } from './pages/ExportDialog';
import { createSampleWorkshop } from '../../shared/model';

test('a fresh profile shows the sample workshop, and the window its icon', async ({ app }) => {
  const lib = new LibraryPage(app);
  await lib.expectWorkshop(/Sample|示例/);
  // The icon comes after the first screen (main.tsx): it is there, and the host serves it.
  const href = await app.locator('link[rel="icon"]').getAttribute('href');
  const icon = await app.request.get(new URL(href!, app.url()).href);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
});

test('create → rename → reload: the workshop is still there', async ({ app }) => {
  const lib = new LibraryPage(app);
  await lib.create('Infra choice 2027');
  // Creating opens the workshop on its decision path.
  await expect(app.getByRole('navigation', { name: /Decision path|决策路径/ })).toBeVisible();
  await expect(app.getByRole('link', { name: /Needs confirmation/ })).toBeVisible();
  await app.getByRole('link', { name: /All workshops/ }).click();
  await lib.rename('Infra choice 2027', 'Infra choice 2027 — final');
  await lib.expectWorkshop('Infra choice 2027 — final');
  await app.reload();
  await lib.expectWorkshop('Infra choice 2027 — final');
  await expect(lib.card('Infra choice 2027')).toHaveCount(1);
});

test('delete → undo brings the workshop back, also after a reload', async ({ app }) => {
  const lib = new LibraryPage(app);
  await lib.create('To be deleted');
  await app.getByRole('link', { name: /All workshops/ }).click();
  await lib.remove('To be deleted');
  await expect(lib.card('To be deleted')).toHaveCount(0);
  await lib.undoDelete();
  await lib.expectWorkshop('To be deleted');
  await app.reload();
  await lib.expectWorkshop('To be deleted');
  // Deleting without undo stays deleted across a reload.
  await lib.remove('To be deleted');
  await expect(lib.card('To be deleted')).toHaveCount(0);
  await app.reload();
  await lib.expectWorkshop(/Sample|示例/);
  await expect(lib.card('To be deleted')).toHaveCount(0);
});

test('duplicate and search', async ({ app }) => {
  const lib = new LibraryPage(app);
  await lib.expectWorkshop(/Sample|示例/);
  await lib
    .card(/Sample|示例/)
    .getByRole('button', { name: /Duplicate|复制/ })
    .click();
  await expect(lib.list.getByRole('listitem')).toHaveCount(2);
  await lib.search('copy');
  await expect(lib.list.getByRole('listitem')).toHaveCount(1);
  await lib.search('no such workshop');
  await expect(app.getByText(/No workshop matches|没有与/)).toBeVisible();
});

test('a long library opens on its newest page with the whole count; search and scrolling reach every workshop', async ({ app }, info) => {
  // 30 workshops more than the first screenful (20 rows), restored from a library backup.
  const base = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'base');
  const documents = Array.from({ length: 30 }, (_, i) => ({
    ...base,
    id: `long-${i}`,
    meta: { ...base.meta, title: `Long library #${String(i + 1).padStart(2, '0')}` },
  }));
  const file = info.outputPath('long.workshop-library.json');
  writeFileSync(file, JSON.stringify({ format: 'selection-workshop-library', version: 1, exportedAt: '2026-01-02T00:00:00.000Z', documents }));
  const lib = new LibraryPage(app);
  await lib.expectWorkshop(/Sample|示例/);
  const bar = new LibraryTransferBar(app);
  await bar.restore(file);
  await expect(bar.toast).toContainText(/Restored 30/);
  await app.reload();
  await expect(app.getByText('31 workshops')).toBeVisible();
  // The oldest (the sample) is beyond the first screenful, yet search finds it, and finds one restored workshop among all 30.
  await lib.search('Sample');
  await expect(lib.list.getByRole('listitem')).toHaveCount(1);
  await lib.search('#07');
  await expect(lib.list.getByRole('listitem')).toHaveCount(1);
  await lib.expectWorkshop('Long library #07');
  // Scrolling down renders the rest (the "Show all 31" button below the list does the same).
  await lib.search('');
  await expect(async () => {
    await lib.list.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(lib.list.getByRole('listitem')).toHaveCount(31, { timeout: 1000 });
  }).toPass();
});

test('switch language at runtime; the choice is remembered', async ({ app }) => {
  const lib = new LibraryPage(app);
  await lib.switchLanguage('zh-CN');
  await expect(app.getByRole('heading', { name: '工作坊' })).toBeVisible();
  await expect(app.getByRole('button', { name: /新建工作坊/ })).toBeVisible();
  await app.reload();
  await expect(app.getByRole('heading', { name: '工作坊' })).toBeVisible();
  await lib.switchLanguage('en');
  await expect(app.getByRole('heading', { name: 'Workshops' })).toBeVisible();
});

test('an open workshop shows the seven steps, criteria and candidates, in both languages', async ({ app }) => {
  const lib = new LibraryPage(app);
  await lib.create('中文工作坊', 'zh-CN');
  const nav = app.getByRole('navigation', { name: 'Decision path' });
  await expect(nav).toBeVisible();
  // The template's own texts are bilingual: the English UI shows the English names.
  await nav.getByRole('link', { name: /Screening/ }).click();
  await expect(app.getByRole('textbox', { name: 'Base weight of Mismatch control', exact: true })).toBeVisible();
  await expect(app.getByRole('list', { name: 'Candidates' }).getByRole('listitem', { name: 'Managed cloud training platform', exact: true })).toBeVisible();
  await lib.switchLanguage('zh-CN');
  const zhNav = app.getByRole('navigation', { name: '决策路径' });
  for (const step of ['需求确认', '初筛范围', '小规模验证', '指标对比', '综合评估', '灰度上线', '持续迭代']) {
    await expect(zhNav.getByRole('link', { name: new RegExp(step) })).toBeVisible();
  }
  await expect(app.getByRole('heading', { name: /第 2 步 · 初筛范围/ })).toBeVisible();
  await expect(app.getByRole('textbox', { name: '失配控制 的基础权重', exact: true })).toBeVisible();
  await expect(app.getByText('托管云训练平台').first()).toBeVisible();
});
