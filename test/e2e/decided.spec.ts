import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { createSampleWorkshop } from '../../shared/model';
import { MIGRATIONS } from '../../shared/model/migrations';
import { currency } from '../../shared/model/migrations/currency';
import { ensureSimulation } from '../../shared/model/simulation';
import { expect, languagePage, openStep, test } from './fixtures';
import { ExportDialog, LibraryTransferBar } from './pages/ExportDialog';
import { LibraryPage } from './pages/LibraryPage';

/**
 * What the team decided stays decided, the reproductions not covered elsewhere, in
 * English and in Chinese: re-importing a workshop already in the library asks replace / keep
 * both; a result of an older simulator is kept and shown outdated (simulator, comparison,
 * report); a full result is kept and marked stale when the scenario changes; removing a
 * participant says what goes; a recorded decision is marked stale (step and report) when the
 * scores change after it; a later change of the pilot metrics proposes new scores and leaves
 * the team's hand-changed score alone; a candidate an older file left unnamed reads as a
 * numbered placeholder. (decisions.spec covers the weights proposal, header
 * details, invalid simulator values, candidate removal and slider points in both languages.)
 *
 * One page per language; the state is a prepared workshop file imported once, then built on
 * through the UI, test after test.
 */
test.describe.configure({ timeout: 120_000 });

const L = {
  en: {
    title: 'Decided E2E',
    imported: /Added “Decided E2E” to the library/,
    reimport: 'This workshop is already in the library',
    keepBoth: 'Keep both',
    replace: 'Replace',
    keptBoth: /Added “Decided E2E \(2\)” to the library/,
    replaced: /Replaced “Decided E2E” in the library/,
    path: 'Decision path',
    validation: /Small-scale validation/,
    metrics: /Metrics comparison/,
    evaluation: /Overall evaluation/,
    plan: (c: string) => `Plan for ${c}`,
    openSim: 'Open cost simulator',
    managed: 'Managed cloud training platform',
    hybrid: 'Hybrid architecture',
    selfBuilt: 'Self-built distributed training cluster',
    unnamed: 'Candidate 4',
    outdatedKept: /^Outdated: a result simulated .* by another version of the simulator is kept with the workshop \(.*GPU-hours 1,234.*\)/,
    outdatedMark: 'outdated',
    staleMark: 'stale',
    compared: 'Candidates compared',
    figures: 'Key figures',
    gpuHours: 'GPU-hours',
    steps: /^Training steps/,
    attached: /^Result attached to the workshop/,
    staleResult: /^Stale: the scenario changed since this result was simulated \(.*Training steps.*\)/,
    undo: /Undo/,
    weightsTab: 'Weights',
    influence: 'Participants & influence',
    removeWang: 'Remove Wang (SRE) and their scores',
    removeTitle: 'Remove “Wang (SRE)”?',
    removeWhat: 'This also deletes 27 scores.',
    remove: 'Remove',
    chosen: 'Chosen candidate',
    decisionStale: /^Stale: the scores or weights changed after this decision was recorded/,
    confirm: 'Confirm the decision on the current analysis',
    takeInto: 'Take into the evaluation as',
    pilot: 'Pilot data',
    newParticipant: 'A new participant “Pilot data”',
    write: /^Write 3 scores$/,
    wrote: 'Wrote 3 suggested scores for Pilot data.',
    scoringTab: 'Scoring',
    whose: 'Whose scores',
    throughput: 'Throughput efficiency',
    vfKind: 'Value function',
    vfThreshold: 'Threshold',
    vfFail: 'Value when it fails (0–1)',
    proposal: 'The pilot metrics changed since the team took these scores',
    proposalAccept: 'Write the new scores',
    html: /^HTML report/,
    reportDecisionStale: 'Stale: the scores or weights changed after this decision was recorded.',
    reportOutdated: 'Outdated result: saved by an earlier version of the simulator, kept as stored.',
    reportStale: 'Stale: the scenario was changed in 1 setting after this result was simulated.',
    closeExport: /^Close$/,
    reportProvenance: 'Provenance of the final weights: the starting weights with the accepted adaptation rules',
  },
  'zh-CN': {
    title: '决策保持 E2E',
    imported: /已将“决策保持 E2E”作为新工作坊加入/,
    reimport: '此工作坊已在库中',
    keepBoth: '两者都保留',
    replace: '替换',
    keptBoth: /已将“决策保持 E2E \(2\)”作为新工作坊加入/,
    replaced: /已用文件中的版本替换库中的“决策保持 E2E”/,
    path: '决策路径',
    validation: /小规模验证/,
    metrics: /指标对比/,
    evaluation: /综合评估/,
    plan: (c: string) => `${c} 的验证计划`,
    openSim: '打开成本模拟器',
    managed: '托管云训练平台',
    hybrid: '混合架构',
    selfBuilt: '自建分布式训练集群',
    unnamed: '候选方案 4',
    outdatedKept: /^已过期：工作坊保留了一个由另一版本模拟器于 .* 模拟的结果（.*GPU 小时 1,234.*）/,
    outdatedMark: '版本过期',
    staleMark: '已过期',
    compared: '候选方案对比',
    figures: '关键指标',
    gpuHours: 'GPU 小时',
    steps: /^训练步数/,
    attached: /^结果已附到工作坊/,
    staleResult: /^已过期：此结果模拟后场景已修改（.*训练步数.*）/,
    undo: /撤销/,
    weightsTab: '权重',
    influence: '参与者与影响力',
    removeWang: '移除 王运维 及其评分',
    removeTitle: '删除“王运维”？',
    removeWhat: '这将同时删除27 条评分。',
    remove: '删除',
    chosen: '选定的方案',
    decisionStale: /^已过期：记录此决策后，评分或权重已发生变化/,
    confirm: '基于当前分析确认此决策',
    takeInto: '作为以下参与者的评分纳入综合评估',
    pilot: '验证数据',
    newParticipant: '新参与者“验证数据”',
    write: /^写入 3 个评分$/,
    wrote: '已为 验证数据 写入 3 个建议评分。',
    scoringTab: '评分',
    whose: '谁的评分',
    throughput: '吞吐效率',
    vfKind: '价值函数',
    vfThreshold: '阈值',
    vfFail: '未达标时的价值（0–1）',
    proposal: '团队采用这些评分后，试点指标已变化',
    proposalAccept: '写入新评分',
    html: /^HTML 报告/,
    reportDecisionStale: '已过期：记录此决策后，评分或权重已发生变化。',
    reportOutdated: '结果已过期：由较早版本的模拟器保存，按原样保留。',
    reportStale: '已过期：此结果模拟后，场景有 1 项设置被修改。',
    closeExport: /^关闭$/,
    reportProvenance: '最终权重的来源：初始权重加已采纳的适配规则',
  },
} as const;

/**
 * The sample workshop in `lang`, as a file of the schema version before `currency` (so the
 * loader checks its simulations against this version's simulator): the managed candidate's
 * simulation holds a result of an older simulator's shape; the hybrid one a full result of this
 * simulator (5 steps of 16 prompts, run by the CLI's `sim.run`, as the app attaches it); pilot
 * iteration speeds are measured (self-built 60, managed 120, hybrid 90 per hour: suggested
 * throughput scores 5, 10, 7.5).
 */
function preparedFile(lang: 'en' | 'zh-CN', path: string) {
  let sample = createSampleWorkshop(lang, '2026-03-02T09:00:00.000Z', `w-decided-${lang}`);
  sample = ensureSimulation(ensureSimulation(sample, 'managed', 'sim-managed'), 'hybrid', 'sim-hybrid');
  const doc = structuredClone(sample) as unknown as Record<string, unknown>;
  (doc.meta as { title: string }).title = L[lang].title;
  const [managed, hybrid] = doc.simulations as Record<string, unknown>[];
  managed.result = { engine: 'des-0', step: { meanSeconds: 12.5 }, totals: { gpuHours: 1234, costTotal: 5678 } };
  managed.ranAt = '2026-02-01T10:00:00.000Z';
  const scenario = { ...(hybrid.scenario as object), steps: 5, promptsPerStep: 16 };
  const run = spawnSync(process.execPath, ['scripts/selection-workshop.mjs', 'sim.run'], {
    input: JSON.stringify(scenario),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`sim.run failed: ${run.stderr}`);
  Object.assign(hybrid, { scenario, result: JSON.parse(run.stdout), resultScenario: scenario, ranAt: '2026-03-02T09:30:00.000Z' });
  const speed = (candidateId: string, ys: number[]) => ({ candidateId, metric: 'iteration-speed', bucket: '', points: ys.map((y, i) => [i + 1, y]) });
  (doc.metrics as Record<string, unknown>).series = [speed('managed', [100, 140]), speed('self-built', [60, 60]), speed('hybrid', [90])];
  // An older file may hold a candidate without a name: it reads as a numbered placeholder, never blank.
  (doc.candidates as unknown[]).push({ id: 'unnamed', name: { text: '', default: null, translation: '' }, colour: 3, kind: 'custom' });
  doc.schemaVersion = MIGRATIONS.indexOf(currency) + 1;
  writeFileSync(path, JSON.stringify(doc));
}

for (const lang of ['en', 'zh-CN'] as const) {
  const s = L[lang];

  test.describe(lang, () => {
    test.describe.configure({ mode: 'serial' });
    const page = languagePage(lang);
    let file = '';

    const nav = () => page().getByRole('navigation', { name: s.path });
    const step = (name: RegExp) => openStep(nav(), name);
    async function openSimulator(candidate: string) {
      await step(s.validation);
      await page()
        .getByRole('region', { name: s.plan(candidate) })
        .getByRole('link', { name: s.openSim })
        .click();
      await expect(page().getByRole('heading', { level: 2, name: new RegExp(candidate) })).toBeVisible();
    }
    const field = (label: RegExp) => page().getByRole('textbox', { name: label });
    async function set(label: RegExp, value: string) {
      await field(label).fill(value);
      await field(label).press('Tab');
    }
    const comparisonRow = (candidate: string) =>
      page()
        .getByRole('table', { name: s.compared })
        .getByRole('row', { name: new RegExp(candidate) });
    const fullFigure = (row: string) =>
      page()
        .getByRole('table', { name: s.figures })
        .getByRole('row')
        .filter({ has: page().getByRole('rowheader', { name: row, exact: true }) })
        .getByRole('cell')
        .nth(1);
    /** The decision record, wherever the path puts it: found by its control, from the last step back. */
    async function decisionRecord(): Promise<Locator> {
      const chosen = page().getByRole('combobox', { name: s.chosen, exact: true });
      // The steps' links (the list), not the way back to the library.
      const links = nav().getByRole('listitem').getByRole('link');
      for (let i = (await links.count()) - 1; i >= 0; i--) {
        await links.nth(i).click();
        // The step on screen is the one clicked (its main landmark is named "Step N · …" / "第 N 步 · …"),
        // so the record looked for is not the previous step's, still on screen for a moment.
        await expect(page().getByRole('main')).toHaveAccessibleName(new RegExp(`\\b${i + 1}\\b`));
        if (
          await chosen.waitFor({ state: 'visible', timeout: 3_000 }).then(
            () => true,
            () => false,
          )
        )
          return chosen;
      }
      throw new Error('no decision record on the decision path');
    }
    async function scoresOf(participant: string) {
      await step(s.evaluation);
      await page().getByRole('tab', { name: s.scoringTab, exact: true }).click();
      await page()
        .getByRole('group', { name: s.whose })
        .getByRole('button', { name: new RegExp(`^${participant}`) })
        .click();
    }
    const cell = (criterion: string, candidate: string) =>
      page()
        .getByRole('table')
        .getByRole('textbox', { name: new RegExp(`^${criterion} · ${candidate}`) });

    test('re-importing a workshop already in the library asks: keep both adds a numbered copy, replace replaces it', async ({}, info) => {
      file = info.outputPath(`decided-${lang}.workshop.json`);
      preparedFile(lang, file);
      const bar = new LibraryTransferBar(page());
      const lib = new LibraryPage(page());
      const toast = page()
        .getByRole('status')
        .filter({ hasText: /Added|Replaced|已将|已用/ });
      await bar.importFile(file);
      await expect(toast).toContainText(s.imported);

      await bar.importFile(file);
      const ask = page().getByRole('dialog', { name: s.reimport });
      await expect(ask).toContainText(s.title);
      await ask.getByRole('button', { name: s.keepBoth, exact: true }).click();
      await expect(toast).toContainText(s.keptBoth);
      await expect(lib.card(new RegExp(`^${s.title}`))).toHaveCount(2);

      // The team renamed its copy; importing the file again and replacing brings the file's version back in its place.
      await lib
        .card(new RegExp(`^${s.title}$`))
        .getByRole('button', { name: /Rename|重命名/ })
        .click();
      await page().getByRole('dialog').getByRole('textbox').fill(`${s.title} — edited`);
      await page()
        .getByRole('dialog')
        .getByRole('button', { name: /Save|保存/ })
        .click();
      await lib.expectWorkshop(`${s.title} — edited`);
      await bar.importFile(file);
      await ask.getByRole('button', { name: s.replace, exact: true }).click();
      await expect(toast).toContainText(s.replaced);
      await expect(lib.card(`${s.title} — edited`)).toHaveCount(0);
      await expect(lib.card(new RegExp(`^${s.title}`))).toHaveCount(2);
      await expect(lib.card(`${s.title} (2)`)).toHaveCount(1);
    });

    test('a result of an older simulator is kept and shown outdated in the simulator and the comparison', async ({}, info) => {
      await page().getByRole('link', { name: s.title, exact: true }).click();
      await openSimulator(s.managed);
      await expect(page().getByTestId('sim-result-stale')).toHaveText(s.outdatedKept);
      await expect(comparisonRow(s.managed)).toContainText(s.outdatedMark);
      await expect(comparisonRow(s.managed)).toContainText('1,234');
      // The candidate the older file left without a name has a readable placeholder, not a blank row.
      await expect(page().getByRole('table', { name: s.compared }).getByRole('link', { name: s.unnamed, exact: true })).toBeVisible();
      await page().screenshot({ path: info.outputPath(`outdated-${lang}.png`), fullPage: true });
    });

    test('a full result attached with the file is kept, marked stale with what changed, when the scenario changes; undo makes it current again', async ({}, info) => {
      await openSimulator(s.hybrid);
      await expect(page().getByRole('status').filter({ hasText: s.attached })).toBeVisible();
      const hours = await fullFigure(s.gpuHours).textContent();
      expect(hours).not.toBe('—');

      await set(s.steps, '6');
      await expect(page().getByTestId('sim-result-stale')).toHaveText(s.staleResult);
      await expect(fullFigure(s.gpuHours)).toHaveText(hours!);
      await expect(comparisonRow(s.hybrid)).toContainText(s.staleMark);
      await page().screenshot({ path: info.outputPath(`stale-${lang}.png`), fullPage: true });
      await page().getByRole('button', { name: s.undo }).first().click();
      await expect(page().getByTestId('sim-result-stale')).toBeHidden();
      await expect(comparisonRow(s.hybrid)).not.toContainText(s.staleMark);
      // Stale again for the report below: the result is kept with the one changed setting.
      await set(s.steps, '6');
      await expect(page().getByTestId('sim-result-stale')).toBeVisible();
    });

    test('removing a participant with scores names what goes and is one undo step', async () => {
      await step(s.evaluation);
      await page().getByRole('tab', { name: s.weightsTab, exact: true }).click();
      await page().getByRole('button', { name: s.influence, exact: true }).click();
      await page().getByRole('button', { name: s.removeWang }).click();
      const confirm = page().getByRole('dialog', { name: s.removeTitle });
      await expect(confirm).toContainText(s.removeWhat);
      await confirm.getByRole('button', { name: s.remove, exact: true }).click();
      await expect(page().getByRole('button', { name: s.removeWang })).toHaveCount(0);
      await page().getByRole('button', { name: s.undo }).first().click();
      await expect(page().getByRole('button', { name: s.removeWang })).toBeVisible();
    });

    test('a later change of the pilot metrics proposes new scores and leaves the team’s hand-changed score alone', async ({}, info) => {
      // The team records its decision on the analysis as it stands.
      const chosen = await decisionRecord();
      await expect(chosen.getByRole('option', { name: s.unnamed, exact: true })).toHaveCount(1);
      await chosen.selectOption({ label: s.hybrid });
      await expect(page().getByText(s.decisionStale)).toHaveCount(0);

      // Step 4: the suggested throughput scores (5, 10, 7.5) are written as a new participant's.
      await step(s.metrics);
      await page().getByRole('combobox', { name: s.takeInto }).selectOption({ label: s.newParticipant });
      await page().getByRole('button', { name: s.write }).click();
      await expect(page().getByText(s.wrote)).toBeVisible();
      // The team changes one of them by hand.
      await scoresOf(s.pilot);
      await expect(cell(s.throughput, s.selfBuilt)).toHaveValue('5');
      await expect(cell(s.throughput, s.hybrid)).toHaveValue('7.5');
      await cell(s.throughput, s.hybrid).fill('6');
      await cell(s.throughput, s.hybrid).press('Tab');
      await expect(cell(s.throughput, s.hybrid)).toHaveValue('6');

      // The metrics now score iteration speed by a threshold (100 per hour; 0.2 of the scale below): 2, 10, 2.
      await step(s.metrics);
      const vf = page().getByTestId('vf-iteration-speed');
      await vf.getByRole('combobox', { name: s.vfKind }).selectOption({ label: s.vfThreshold });
      await vf.getByRole('textbox', { name: s.vfThreshold, exact: true }).fill('100');
      await vf.getByRole('textbox', { name: s.vfFail }).fill('0.2');
      const proposal = page().getByRole('region', { name: s.proposal });
      // Only the score still as written is proposed; the hand-changed one is the team's.
      await expect(proposal.getByRole('listitem')).toHaveCount(1);
      await expect(proposal.getByRole('listitem')).toHaveText(`${s.pilot} · ${s.selfBuilt} · ${s.throughput}: 5 → 2`);
      await page().screenshot({ path: info.outputPath(`metrics-proposal-${lang}.png`), fullPage: true });
      await proposal.getByRole('button', { name: s.proposalAccept }).click();
      await expect(proposal).toBeHidden();
      await scoresOf(s.pilot);
      await expect(cell(s.throughput, s.selfBuilt)).toHaveValue('2');
      await expect(cell(s.throughput, s.hybrid)).toHaveValue('6');
    });

    test('the decision recorded before the scores changed is marked stale, on screen and in the report, until confirmed; the report states where the weights come from', async ({}, info) => {
      await decisionRecord();
      const stale = page().getByRole('status').filter({ hasText: s.decisionStale });
      await expect(stale).toBeVisible();
      await page().screenshot({ path: info.outputPath(`decision-stale-${lang}.png`), fullPage: true });
      const dialog = new ExportDialog(page());
      await dialog.open();
      const download = await dialog.export(s.html);
      const report = info.outputPath(`report-${lang}.html`);
      await download.saveAs(report);
      await dialog.dialog.getByRole('button', { name: s.closeExport }).click();
      const html = readFileSync(report, 'utf8');
      expect(html).toContain(s.reportDecisionStale);
      expect(html).toContain(s.reportOutdated);
      expect(html).toContain(s.reportStale);
      expect(html).toContain(s.reportProvenance);

      // Confirmed on the current analysis: no longer stale.
      await stale.getByRole('button', { name: s.confirm }).click();
      await expect(stale).toHaveCount(0);
    });
  });
}
