import path from 'node:path';
import { test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { languageLeaks, screenTexts } from './pages/language';

/**
 * Calibration by the pilot, as a team uses it in step 4 — one page per language:
 * import the pilot's step times with the new columns (rollout/train split, tokens/s, GPUs, GPU
 * type), calibrate the simulator, read the projected full-scale run with its p10–p90 band and the
 * budget line, and take the suggested cost score (projected cost against the budget) into the evaluation;
 * then, in step 5, see the same projection as the cost evidence of the decision: its band, the budget
 * for the run and the budget line, beside the other candidates' uncalibrated estimates.
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
    rows: '6 pilot rows (steps 1–6)',
    gpus: 'GPUs',
    calibrate: /^Calibrate /,
    current: /Calibrated .* from 6 pilot rows \(steps 1–6\)/,
    projection: /Full-scale run: 500 steps, 7 B on 16 × H100-SXM/,
    band: /p10–p90 \$[\d,]+ – \$[\d,]+/,
    measure: 'Projected cost ÷ budget',
    takeInto: 'Take into the evaluation as',
    write: /^Write \d+ scores$/,
    newParticipant: 'A new participant “Pilot data”',
    applied: /Wrote \d+ suggested scores for Pilot data\./,
    step5: /Overall evaluation/,
    evidence: 'Cost and throughput evidence',
    calibratedAt: /Pilot calibration of /,
    estimate: 'Uncalibrated estimate',
    budgetLine: /Dashed line: the budget for the run, \$[\d,]+/,
  },
  'zh-CN': {
    step4: /指标对比/,
    file: '选择指标文件（CSV 或 JSON）',
    importBtn: '导入',
    imported: /已从 .* 导入 \d+ 条序列/,
    panel: '试点校准',
    rows: '6 行试点数据（第 1–6 步）',
    gpus: 'GPU 数',
    calibrate: /^校准 /,
    current: /用 6 行试点数据（第 1–6 步）校准/,
    projection: /全量训练：500 步，7 B，16 × H100-SXM/,
    band: /p10–p90：US\$[\d,]+ – US\$[\d,]+/,
    measure: '预计成本 ÷ 预算',
    takeInto: '作为以下参与者的评分纳入综合评估',
    write: /^写入 \d+ 个评分$/,
    newParticipant: '新参与者“验证数据”',
    applied: /已为 验证数据 写入 \d+ 个建议评分。/,
    step5: /综合评估/,
    evidence: '成本与吞吐证据',
    calibratedAt: / 的试点校准/,
    estimate: '未校准估算',
    budgetLine: /虚线：训练期间的预算 US\$[\d,]+/,
  },
} as const;

for (const lang of ['en', 'zh-CN'] as const) {
  test(`${lang}: pilot import with the new columns → calibrate → projection with its band and the budget line → cost score`, async ({ app }, info) => {
    const s = TEXT[lang];
    await new LibraryPage(app).openSample(lang);
    await app.getByRole('navigation').getByRole('link', { name: s.step4 }).first().click();

    // Import: the GPUs and GPU type columns fill the candidate's pilot configuration.
    await app.getByLabel(s.file).setInputFiles(PILOT);
    await app.getByRole('button', { name: s.importBtn, exact: true }).click();
    await expect(app.getByRole('status').filter({ hasText: s.imported })).toBeVisible();
    const panel = app.getByRole('region', { name: s.panel });
    const managed = panel.getByTestId('calibration-managed');
    await expect(managed).toContainText(s.rows);
    await expect(managed.getByRole('textbox', { name: s.gpus, exact: true })).toHaveValue('8');

    // Calibrate: fitted parameters, the residual, and the projected run with its band and the budget line.
    await managed.getByRole('button', { name: s.calibrate }).click();
    const result = managed.getByTestId('calibration-result');
    await expect(result.getByRole('status')).toContainText(s.current, { timeout: 120_000 });
    await expect(result).toContainText(s.projection);
    await expect(result.getByTestId('calibration-projection')).toContainText(s.band);
    const chart = result.getByTestId('calibration-chart');
    // The same chart as step 5's evidence: the budget for the run as a dashed line, its figure in the caption.
    await expect(chart.getByTestId('budget-line')).toHaveCount(1);
    await expect(chart).toContainText(s.budgetLine);
    await managed.scrollIntoViewIfNeeded();
    await app.screenshot({ path: info.outputPath(`calibration-${lang}.png`), fullPage: false });

    // The cost score suggested from the projected cost against the budget, taken into the evaluation.
    const suggestions = app.getByText(s.measure).first();
    await expect(suggestions).toBeVisible();
    await app.getByRole('combobox', { name: s.takeInto }).selectOption({ label: s.newParticipant });
    await app.getByRole('button', { name: s.write }).click();
    await expect(app.getByText(s.applied)).toBeVisible();
    await app.screenshot({ path: info.outputPath(`cost-score-${lang}.png`), fullPage: true });

    // Step 5: the calibrated projection is the managed candidate's cost evidence, the others show their uncalibrated estimates.
    const projected = (await result.getByTestId('calibration-projection').textContent()) ?? '';
    await app.getByRole('navigation').getByRole('link', { name: s.step5 }).first().click();
    const evidence = app.getByRole('region', { name: s.evidence });
    await expect(evidence).toBeVisible();
    const row = evidence.getByTestId('cost-evidence-managed');
    await expect(row).toHaveAttribute('data-source', 'calibrated');
    await expect(row).toContainText(s.calibratedAt);
    await expect(row).not.toContainText(s.estimate);
    await expect(row).toContainText(s.band);
    // The same cost band as step 4 printed.
    const costBand = projected.match(s.band)?.[0];
    expect(costBand).toBeTruthy();
    await expect(row).toContainText(costBand!);
    for (const other of ['self-built', 'hybrid']) {
      await expect(evidence.getByTestId(`cost-evidence-${other}`)).toHaveAttribute('data-source', 'estimate');
      await expect(evidence.getByTestId(`cost-evidence-${other}`)).toContainText(s.estimate);
    }
    const evidenceChart = evidence.getByTestId('cost-evidence-chart-managed');
    // The budget line: a dashed horizontal line across the plot (no height of its own to be "visible"), its figure in the caption.
    await expect(evidenceChart.getByTestId('budget-line')).toHaveCount(1);
    const [y1, y2] = await evidenceChart.getByTestId('budget-line').evaluate((l) => [l.getAttribute('y1'), l.getAttribute('y2')]);
    expect(Number(y1)).toBeGreaterThan(0);
    expect(y2).toBe(y1);
    await expect(evidenceChart).toContainText(s.budgetLine);
    await evidence.scrollIntoViewIfNeeded();
    await app.screenshot({ path: info.outputPath(`cost-evidence-${lang}.png`), fullPage: false });
    // Every state the panel shows here speaks the page's language.
    expect(languageLeaks(await screenTexts(app, '[data-testid="cost-evidence"]'), lang)).toEqual([]);
  });
}
