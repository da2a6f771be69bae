import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import { ExportDialog } from './pages/ExportDialog';
import { LibraryPage } from './pages/LibraryPage';

/*
 * One identity and one name per candidate, as a team meets it: a name typed in one
 * UI language is the name in the other and in the exports; an empty name is refused at the field.
 */
test.describe.configure({ mode: 'serial' });

test('a name typed in either UI language is the one name everywhere, exports included; an empty name is refused', async ({ app }, info) => {
  test.setTimeout(90_000);
  const lib = new LibraryPage(app);
  await lib.switchLanguage('zh-CN');
  await lib.create('名称一致性', 'zh-CN');
  const nav = app.getByRole('navigation', { name: /决策路径|Decision path/ });
  await nav.getByRole('link', { name: /初筛范围/ }).click();
  const cards = app.getByRole('list', { name: /^(候选方案|Candidates)$/ });
  const card = (name: string) => cards.getByRole('listitem', { name, exact: true });

  // Created in the zh UI …
  await app.getByRole('textbox', { name: '新候选方案名称' }).fill('自研 veRL 集群');
  await app.getByRole('button', { name: '+ 添加候选方案' }).click();
  await expect(card('自研 veRL 集群')).toBeVisible();

  // … has the same name in the en UI (not an empty one).
  await lib.switchLanguage('en');
  await expect(card('自研 veRL 集群')).toBeVisible();
  await expect(card('自研 veRL 集群').getByRole('textbox', { name: 'Name' })).toHaveValue('自研 veRL 集群');

  // Renamed in en → the same name in zh; the template's Chinese name is gone.
  await card('Hybrid architecture').getByRole('textbox', { name: 'Name' }).fill('Hybrid (own DC + burst)');
  await expect(card('Hybrid (own DC + burst)')).toBeVisible();
  await lib.switchLanguage('zh-CN');
  await expect(card('Hybrid (own DC + burst)')).toBeVisible();
  await expect(card('混合架构')).toHaveCount(0);
  // An untouched template name is a default, shown in the UI's language.
  await expect(card('托管云训练平台')).toBeVisible();

  // An empty name is refused where it is typed, with a message in the UI's language.
  const field = card('Hybrid (own DC + burst)').getByRole('textbox', { name: '名称' });
  await field.fill('');
  await expect(card('Hybrid (own DC + burst)').getByRole('alert')).toHaveText(/名称不能为空/);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.blur();
  await expect(field).toHaveValue('Hybrid (own DC + burst)');
  await lib.switchLanguage('en');
  await card('Hybrid (own DC + burst)').getByRole('textbox', { name: 'Name' }).fill(' ');
  await expect(card('Hybrid (own DC + burst)').getByRole('alert')).toHaveText(/A name cannot be empty/);
  await card('Hybrid (own DC + burst)').getByRole('textbox', { name: 'Name' }).blur();

  // The English export carries what the team typed, not the template's English names.
  const dialog = new ExportDialog(app);
  await dialog.open();
  await dialog.dialog.getByRole('combobox', { name: 'Report language' }).selectOption('en');
  const download = await dialog.export(/Decision record \(Markdown\)/);
  const file = info.outputPath('names.md');
  await download.saveAs(file);
  const md = await readFile(file, 'utf8');
  expect(md).toContain('自研 veRL 集群');
  expect(md).toContain('Hybrid (own DC + burst)');
  expect(md).not.toContain('Hybrid architecture');
  expect(md).toContain('Managed cloud training platform'); // a default, in the export's language
  await dialog.close();
});
