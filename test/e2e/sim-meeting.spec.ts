import path from 'node:path';
import { test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { languageLeaks, screenTexts } from './pages/language';

/**
 * The simulator in a meeting, in each language: a pilot configuration whose model does not fit
 * the engine is refused in the page's language (never the engine's English), with the fix one
 * click away (the tensor-parallel degree that fits); the same in the simulator's live estimate;
 * and the costs in the workshop's currency with the exchange rate beside them, editable.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PILOT = path.resolve('test/fixtures/pilot-calibration.csv');

const TEXT = {
  en: {
    step4: /Metrics comparison/,
    file: 'Choose a metrics file (CSV or JSON)',
    importBtn: 'Import',
    imported: /Imported \d+ series/,
    panel: 'Calibration by the pilot',
    pilotSize: 'Model size (B parameters)',
    calibrate: /^Calibrate /,
    refused: /does not fit in 1 × 80 GB/,
    fix: 'Set tensor parallel to 2',
    current: /Calibrated .* from 6 pilot rows/,
    figures: 'Key figures',
    size: 'Model size (total parameters)',
    tp: 'GPUs per inference engine (tensor parallel)',
    cost: /^Cost \(/,
    dollars: /^\$[\d,.]+$/,
    yuanAmount: /^CN¥[\d,.]+$/,
    currency: 'Currency',
    yuan: 'Chinese yuan (CNY)',
    rate: 'Yuan per US dollar',
  },
  'zh-CN': {
    step4: /指标对比/,
    file: '选择指标文件（CSV 或 JSON）',
    importBtn: '导入',
    imported: /已从 .* 导入 \d+ 条序列/,
    panel: '试点校准',
    pilotSize: '模型规模（B 参数）',
    calibrate: /^校准 /,
    refused: /放不进 1 × 80 GB × 0\.9 的显存：请把张量并行度提高到 2/,
    fix: '把张量并行度设为 2',
    current: /用 6 行试点数据（第 1–6 步）校准/,
    figures: '关键指标',
    size: '模型规模（总参数量）',
    tp: '每个推理引擎的 GPU 数（张量并行）',
    cost: /^成本（/,
    dollars: /^US\$[\d,.]+$/,
    yuanAmount: /^¥[\d,.]+$/,
    currency: '币种',
    yuan: '人民币（元）',
    rate: '1 美元兑人民币',
  },
} as const;

for (const lang of ['en', 'zh-CN'] as const) {
  test(`${lang}: a model that does not fit is refused in the page's language, fixed in one click; costs in the workshop's currency`, async ({ app }) => {
    const s = TEXT[lang];
    await new LibraryPage(app).openSample(lang);
    await app.getByRole('navigation').getByRole('link', { name: s.step4 }).first().click();
    await app.getByLabel(s.file).setInputFiles(PILOT);
    await app.getByRole('button', { name: s.importBtn, exact: true }).click();
    await expect(app.getByRole('status').filter({ hasText: s.imported })).toBeVisible();
    const managed = app.getByRole('region', { name: s.panel }).getByTestId('calibration-managed');

    // The pilot ran a 32B model: with the 64K window the needs' 40-step rollouts call for, one H100 cannot hold it.
    await managed.getByRole('textbox', { name: s.pilotSize, exact: true }).fill('32');
    await managed.getByRole('button', { name: s.calibrate }).click();
    const refusal = managed.getByTestId('calibration-error');
    await expect(refusal).toContainText(s.refused, { timeout: 60_000 });
    await expect(refusal).not.toContainText('Invalid scenario');
    expect(languageLeaks(await screenTexts(app, '[data-testid="calibration-error"]'), lang)).toEqual([]);

    // One click sets the degree that fits; calibrating again succeeds.
    await refusal.getByRole('button', { name: s.fix }).click();
    await expect(refusal).toHaveCount(0);
    await managed.getByRole('button', { name: s.calibrate }).click();
    await expect(managed.getByTestId('calibration-result').getByRole('status')).toContainText(s.current, { timeout: 120_000 });

    // The simulator of another candidate: the needs' model grown to 32B is refused at the live estimate, with the same fix.
    const docId = /#\/w\/([^/?]+)/.exec(app.url())![1];
    await app.evaluate((id) => (location.hash = `#/w/${id}/validation?sim=self-built`), docId);
    const figures = app.getByRole('table', { name: s.figures });
    await expect(figures).toBeVisible();
    const size = app.getByRole('textbox', { name: new RegExp(`^${s.size.replace(/[()（）]/g, '.')}`) });
    await size.fill('32');
    await size.press('Tab');
    const issues = app.getByTestId('sim-engine-issues');
    await expect(issues).toContainText(s.refused);
    expect(languageLeaks(await screenTexts(app, '[data-testid="sim-engine-issues"]'), lang)).toEqual([]);
    await issues.getByRole('button', { name: s.fix }).click();
    await expect(issues).toHaveCount(0);
    await expect(app.getByRole('textbox', { name: new RegExp(`^${s.tp.replace(/[()（）]/g, '.')}`) })).toHaveValue('2');

    // The sample was made in English: a dollar workshop, no rate shown. In yuan, the live estimate's cost is in yuan, the editable rate beside it.
    const cost = figures
      .getByRole('row')
      .filter({ has: app.getByRole('rowheader', { name: s.cost }) })
      .getByRole('cell')
      .first();
    await expect(cost).toHaveText(s.dollars);
    await expect(app.getByTestId('sim-rate')).toHaveCount(0);
    await app.getByRole('combobox', { name: s.currency, exact: true }).selectOption({ label: s.yuan });
    await expect(cost).toHaveText(s.yuanAmount);
    await expect(app.getByTestId('sim-rate')).toContainText(/(US)?\$1\.00 = (CN)?¥7\.\d\d/);
    const rate = app.getByRole('textbox', { name: s.rate, exact: true });
    await rate.fill('8');
    await rate.press('Tab');
    await expect(app.getByTestId('sim-rate')).toContainText(/(US)?\$1\.00 = (CN)?¥8\.00/);
    expect(languageLeaks(await screenTexts(app, '[data-testid="sim-rate"]'), lang)).toEqual([]);
  });
}
