import { test, expect } from './fixtures';
import { SimulatorPage } from './pages/SimulatorPage';

/**
 * Issue 17 as a team uses it: the simulator shows how close it comes to published runs, and each
 * candidate's full simulation stands against the workshop's budget in the workshop's currency —
 * in English, then in Chinese, on one page.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('accuracy against published runs and the budget line, in English and Chinese', async ({ app }, info) => {
  const sim = new SimulatorPage(app);
  await sim.openFromValidation(/Managed/);

  // The accuracy table: every published figure beside the simulator's, with its error.
  const accuracy = app.getByRole('region', { name: 'How close is this simulator to real runs?' });
  await accuracy.getByRole('button', { name: 'Compare with published runs' }).click();
  const table = accuracy.getByTestId('sim-accuracy');
  await expect(table).toBeVisible({ timeout: 90_000 });
  await expect(table).toContainText(/\d+ of 26 published figures are within bounds/);
  const staleness = table.getByRole('table', { name: /staleness ablation/ });
  await expect(staleness.getByRole('row', { name: /Step, staleness 0\.1/ })).toContainText('Yes (±25%)');
  await expect(table.getByText('Not reproduced').first()).toBeVisible();
  await expect(table.getByText(/^Why not:/).first()).toBeVisible();
  await table.scrollIntoViewIfNeeded();
  await app.screenshot({ path: info.outputPath('accuracy-en.png'), fullPage: true });

  // A short full simulation, then the comparison: monthly run rate and the budget line (USD).
  await sim.set('Training steps', '20');
  await sim.runButton.click();
  await expect(sim.attached).toBeVisible({ timeout: 60_000 });
  await expect(app.getByTestId('sim-budget')).toContainText('Budget line: $50,000 per month');
  const row = sim.comparison.getByRole('row', { name: /Managed cloud training platform/ });
  await expect(row).toContainText(/\d+% of \$[\d,.]+/);

  // The team works in yuan at its own rate: every amount follows.
  await app.getByRole('combobox', { name: 'Currency', exact: true }).selectOption('CNY');
  const rate = app.getByRole('textbox', { name: 'Yuan per US dollar' });
  await rate.fill('7.2');
  await rate.press('Tab');
  await expect(app.getByTestId('sim-budget')).toContainText('CN¥360,000');
  await expect(row).toContainText('CN¥');
  await sim.comparison.scrollIntoViewIfNeeded();
  await app.screenshot({ path: info.outputPath('budget-en.png'), fullPage: true });

  // Chinese: the same screen, every text in Chinese.
  await app.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await expect(app.getByRole('heading', { name: '这个模拟器离真实训练有多近？' })).toBeVisible();
  const zhAccuracy = app.getByRole('region', { name: '这个模拟器离真实训练有多近？' });
  await expect(zhAccuracy.getByTestId('sim-accuracy')).toContainText('个公布数值中有');
  await expect(zhAccuracy.getByText('未复现').first()).toBeVisible();
  await expect(app.getByTestId('sim-budget')).toContainText('预算线：每月');
  await expect(app.getByTestId('sim-budget')).toContainText('360,000');
  await app.screenshot({ path: info.outputPath('proof-zh.png'), fullPage: true });
});
