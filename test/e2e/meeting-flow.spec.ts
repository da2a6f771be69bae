import { test, expect } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { LibraryPage } from './pages/LibraryPage';

/**
 * The flow of the meeting, walked once per language on the sample workshop, from
 * step 1 to the report, as a facilitator would: every step ends with a "next" button and opens
 * at its top; step 2 says truthfully why nothing is proposed; the metrics CSV counts problem rows
 * and problems apart and flags negative rates/speeds, behind a file button of the app's own;
 * a spreadsheet block pastes into the scoring grid after a preview, as one undo step, and the
 * grid copies out as TSV; the decision is recorded at the end of step 5 and step 7 refers back
 * to it; date fields speak the app's language whatever the browser's (this Chromium runs in
 * English, so the Chinese run is the check).
 */
test.describe.configure({ mode: 'serial' });

const L = {
  en: {
    sample: /Sample/,
    steps: ['Needs confirmation', 'Screening', 'Small-scale validation', 'Metrics comparison', 'Overall evaluation', 'Canary rollout', 'Continuous iteration'],
    next: (n: number, name: string) => `Next: step ${n} · ${name} →`,
    finish: 'Finish: export the report →',
    exportTitle: 'Export this workshop',
    answers: [
      ['Business stage', 'Stable operation'],
      ['Main task type', 'Multi-turn dialogue'],
      ['Does the team have experience tuning RL algorithms?', 'Solid'],
      ['How mature are troubleshooting and monitoring?', 'Mature'],
      ['Does it involve classified or compliance-sensitive data (such as code)?', 'No'],
    ],
    rollout: /Expected rollout length/,
    noRule: 'All 8 questions the adaptation rules read are answered, and no rule applies to these answers',
    oldNoRule: /Answer the needs questions/,
    browse: 'Choose file…',
    rowsProblems: '2 rows have problems (3 problems in all)',
    negative: 'Row 3, column “success_rate”: -0.1 is negative — a rate, speed or step time cannot be below zero',
    cancel: 'Cancel',
    scoringTab: 'Scoring',
    whose: 'Whose scores',
    throughput: 'Throughput efficiency',
    mismatch: 'Mismatch control',
    managed: 'Managed cloud training platform',
    hybrid: 'Hybrid architecture',
    previewTitle: /Paste 2 × 3 cells from Throughput efficiency · Managed cloud training platform/,
    previewCounts: '2 scores will be filled · 0 empty cells leave their scores as they are · 3 cells are refused',
    fill: 'Fill 2 scores',
    pasted: 'pasted',
    pastedNote: '2 pasted cells are marked until the next edit or undo.',
    copy: 'Copy scores',
    undo: '↶ Undo',
    record: 'Decision record',
    chosen: 'Chosen candidate',
    decision: 'The decision',
    toRecord: 'Open the decision record in step 5 →',
    nextReview: 'Next review',
    calendar: 'Choose in a calendar',
    placeholder: 'YYYY-MM-DD',
    spelledMay1: 'May 1, 2026',
    calendarMay: 'Calendar, May 2026',
    badDate: /Not a date/,
  },
  'zh-CN': {
    sample: /Sample|示例/, // the first-run sample is in the browser's language (English here)
    steps: ['需求确认', '初筛范围', '小规模验证', '指标对比', '综合评估', '灰度上线', '持续迭代'],
    next: (n: number, name: string) => `下一步：第 ${n} 步 · ${name} →`,
    finish: '完成：导出报告 →',
    exportTitle: '导出此工作坊',
    answers: [
      ['业务所处阶段', '稳定运营'],
      ['主要任务类型', '多轮对话'],
      ['团队是否具备RL算法调优经验？', '较丰富'],
      ['故障排查和监控体系是否成熟？', '成熟'],
      ['是否涉及涉密或合规敏感数据（如代码）？', '否'],
    ],
    rollout: /rollout长度/,
    noRule: '适配规则读取的 8 个问题均已回答，且没有规则适用于这些回答',
    oldNoRule: /请在第 1 步回答需求问题/,
    browse: '选择文件…',
    rowsProblems: '2 行有问题（共 3 处问题）',
    negative: '第 3 行，列“success_rate”：-0.1 为负数——比率、速度或步长时间不能小于零',
    cancel: '取消',
    scoringTab: '评分',
    whose: '谁的评分',
    throughput: '吞吐效率',
    mismatch: '失配控制',
    managed: '托管云训练平台',
    hybrid: '混合架构',
    previewTitle: /从 吞吐效率 · 托管云训练平台 起粘贴 2 × 3 个单元格/,
    previewCounts: '将填入 2 个评分 · 0 个空格保留原评分 · 拒绝 3 个单元格',
    fill: '填入 2 个评分',
    pasted: '已粘贴',
    pastedNote: '已标出粘贴的 2 个单元格，直到下一次编辑或撤销。',
    copy: '复制评分',
    undo: '↶ 撤销',
    record: '决策记录',
    chosen: '选定的方案',
    decision: '决策',
    toRecord: '打开第 5 步的决策记录 →',
    nextReview: '下次复盘',
    calendar: '在日历中选择',
    placeholder: '年-月-日',
    spelledMay1: '2026年5月1日',
    calendarMay: '日历，2026年5月',
    badDate: /无法识别的日期/,
  },
} as const;

/** A pilot file with two problem rows: a negative rate and a negative speed in one row, text as a reward in another. */
const PROBLEM_CSV = 'candidate,step,reward,success_rate,iterations_per_hour\nmanaged,1,0.1,0.5,12\nmanaged,2,0.2,-0.1,-3\nmanaged,3,abc,0.6,10\n';

/** Scrolls to the end of the page (where the "next" button is); the page must actually be scrolled. */
async function scrollToEnd(app: Page) {
  await app.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => app.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

/** The step is open at its top, with the keyboard on its title. */
async function expectStepAtTop(app: Page, name: string) {
  const title = app.getByRole('heading', { level: 1, name: new RegExp(name) });
  await expect(title).toBeVisible();
  await expect.poll(() => app.evaluate(() => window.scrollY)).toBe(0);
  await expect(title).toBeFocused();
}

for (const lang of ['en', 'zh-CN'] as const) {
  const s = L[lang];
  test(`${lang}: the meeting flows from step 1 to the report`, async ({ app }) => {
    test.setTimeout(180_000); // one long walk through all seven steps on a shared, loaded machine
    await app.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const lib = new LibraryPage(app);
    if (lang === 'zh-CN') await lib.switchLanguage('zh-CN');
    await lib.card(s.sample).getByRole('link', { name: s.sample }).click();
    const nav = app.getByRole('navigation', { name: lang === 'en' ? 'Decision path' : '决策路径' });
    /** A screenshot of the screen as the user sees it, kept with the test's output for review. */
    const shot = (name: string) => app.screenshot({ path: test.info().outputPath(`${lang}-${name}.png`) });

    // Step 1 from the sidebar; the answers that made rules apply become ones where none does.
    await nav.getByRole('link', { name: new RegExp(s.steps[0]) }).click();
    await expect(app.getByRole('heading', { level: 1, name: new RegExp(s.steps[0]) })).toBeVisible();
    for (const [question, option] of s.answers) await app.getByRole('group', { name: question }).getByRole('radio', { name: option, exact: true }).check();
    await app.getByRole('textbox', { name: s.rollout }).fill('10');

    // Every step ends with "next": from the bottom of the page it opens the next step at its top.
    const next = async (to: number) => {
      await scrollToEnd(app);
      await app.getByRole('link', { name: s.next(to + 1, s.steps[to]) }).click();
      await expectStepAtTop(app, s.steps[to]);
    };
    await next(1);

    // Step 2: every question the rules read is answered and none applies — it says so.
    await expect(app.getByText(s.noRule)).toBeVisible();
    await expect(app.getByText(s.oldNoRule)).toHaveCount(0);
    await shot('step2-message');
    // The sidebar, too, opens a step at its top.
    await scrollToEnd(app);
    await nav.getByRole('link', { name: new RegExp(s.steps[3]) }).click();
    await expectStepAtTop(app, s.steps[3]);
    await nav.getByRole('link', { name: new RegExp(s.steps[1]) }).click();
    await expectStepAtTop(app, s.steps[1]);
    await next(2);
    await next(3);

    // Step 4: the file button is the app's own and opens the system's dialog; problems are counted by row and in all.
    const chooser = app.waitForEvent('filechooser');
    await app.getByRole('button', { name: s.browse }).click();
    await (await chooser).setFiles({ name: 'pilot.csv', mimeType: 'text/csv', buffer: Buffer.from(PROBLEM_CSV) });
    await expect(app.getByText('pilot.csv', { exact: true })).toBeVisible();
    const problems = app.getByRole('alert').filter({ hasText: s.rowsProblems });
    await expect(problems).toBeVisible();
    await expect(problems.getByRole('listitem')).toHaveCount(3);
    await expect(problems.getByRole('listitem').first()).toHaveText(s.negative);
    await problems.scrollIntoViewIfNeeded();
    await shot('csv-problems');
    await app.getByRole('button', { name: s.cancel, exact: true }).click();
    await next(4);

    // Step 5: a block from a spreadsheet pastes at the focused cell after a preview, as one undo step.
    await app.getByRole('tab', { name: s.scoringTab }).click();
    const cell = (criterion: string, candidate: string) => app.getByRole('textbox', { name: `${criterion} · ${candidate}`, exact: true });
    const before = [await cell(s.throughput, s.managed).inputValue(), await cell(s.throughput, s.hybrid).inputValue()];
    await cell(s.throughput, s.managed).focus();
    await pasteText(cell(s.throughput, s.managed), '7,5\t8.5\t9\r\n11\tabc\r\n');
    const preview = app.getByRole('region', { name: s.previewTitle });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('status')).toHaveText(s.previewCounts);
    await expect(preview.getByRole('listitem')).toHaveCount(3); // beyond the grid, off the scale, not a number
    await expect(cell(s.throughput, s.managed)).toHaveValue(before[0]); // nothing changed yet
    await shot('paste-preview');
    await preview.getByRole('button', { name: s.fill }).click();
    await expect(preview).toHaveCount(0);
    // The pasted cells are marked, visibly and in their names, until the next edit or undo.
    const pastedCell = (criterion: string, candidate: string) => app.getByRole('textbox', { name: `${criterion} · ${candidate} (${s.pasted})`, exact: true });
    await expect(pastedCell(s.throughput, s.managed)).toHaveValue('7.5');
    await expect(pastedCell(s.throughput, s.hybrid)).toHaveValue('8.5');
    await expect(app.locator('.score-grid td.pasted')).toHaveCount(2);
    await expect(app.getByText(s.pastedNote)).toBeVisible();
    await shot('paste-marked');
    await app.getByRole('button', { name: s.undo, exact: true }).click();
    await expect(cell(s.throughput, s.managed)).toHaveValue(before[0]);
    await expect(cell(s.throughput, s.hybrid)).toHaveValue(before[1]);
    await expect(app.locator('.score-grid td.pasted')).toHaveCount(0);

    // A paste fills the grid of whichever participant is selected, and the next edit clears its marks.
    const picker = app.getByRole('group', { name: s.whose });
    const first = picker.locator('button[aria-pressed="true"]');
    const firstIndex = await first.evaluate((el) => [...el.parentElement!.children].indexOf(el));
    const second = picker.getByRole('button', { name: /^(Chen|陈)/ });
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    const theirs = [await cell(s.throughput, s.managed).inputValue(), await cell(s.throughput, s.hybrid).inputValue()];
    await cell(s.throughput, s.managed).focus();
    await pasteText(cell(s.throughput, s.managed), '3\t4\r\n');
    await app
      .getByRole('region', { name: /Paste 1 × 2 cells|粘贴 1 × 2 个单元格/ })
      .getByRole('button', { name: /Fill 2 scores|填入 2 个评分/ })
      .click();
    await expect(pastedCell(s.throughput, s.managed)).toHaveValue('3');
    await expect(pastedCell(s.throughput, s.hybrid)).toHaveValue('4');
    expect(theirs).not.toEqual(['3', '4']);
    const other = cell(s.mismatch, s.managed);
    await other.fill((await other.inputValue()) === '5' ? '6' : '5');
    await other.press('Enter');
    await expect(app.locator('.score-grid td.pasted')).toHaveCount(0);
    await expect(cell(s.throughput, s.managed)).toHaveValue('3');
    // The first participant's grid kept its own scores.
    await picker.getByRole('button').nth(firstIndex).click();
    await expect(cell(s.throughput, s.managed)).toHaveValue(before[0]);
    await expect(cell(s.throughput, s.hybrid)).toHaveValue(before[1]);
    await second.click();
    await app.getByRole('button', { name: s.undo, exact: true }).click();
    await app.getByRole('button', { name: s.undo, exact: true }).click();
    await expect(cell(s.throughput, s.managed)).toHaveValue(theirs[0]);
    await picker.getByRole('button').nth(firstIndex).click();
    // The grid copies out as tab-separated rows, criteria down, candidates across.
    await app.getByRole('button', { name: s.copy }).click();
    const copied = await app.evaluate(() => navigator.clipboard.readText());
    const firstRow = await app.locator('input.score-input[data-row="0"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join('\t'));
    expect(copied.split('\n')[0]).toBe(firstRow);
    expect(copied.split('\n').filter(Boolean)).toHaveLength(9);

    // The decision is recorded here, at the end of step 5, before the canary rollout.
    await scrollToEnd(app);
    await expect(app.getByRole('heading', { level: 2, name: s.record })).toBeVisible();
    await app.getByRole('combobox', { name: s.chosen }).selectOption({ label: s.managed });
    await shot('decision-record');
    await next(5);
    await expect(app.getByRole('combobox', { name: s.chosen })).toHaveCount(0);
    await next(6);

    // Step 7 shows the decision and leads back to it.
    const summary = app.getByRole('region', { name: s.decision, exact: true });
    await expect(summary).toContainText(s.managed);
    await shot('step7-summary');
    await expect(app.getByRole('combobox', { name: s.chosen })).toHaveCount(0);

    // A date in the app's language and format, read as typed, with a calendar of the app's own.
    const review = app.getByRole('textbox', { name: s.nextReview });
    await expect(review).toHaveAttribute('placeholder', s.placeholder);
    await review.fill('2026/5/1');
    await review.blur();
    await expect(review).toHaveValue('2026-05-01');
    const field = app.locator('.date-field').filter({ has: review });
    await expect(field.getByText(s.spelledMay1, { exact: true })).toBeVisible();
    await field.getByRole('button', { name: s.calendar }).click();
    const calendar = app.getByRole('dialog', { name: s.calendarMay });
    await expect(calendar).toBeVisible();
    await shot('date-calendar');
    await app.keyboard.press('ArrowRight');
    await app.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);
    await expect(review).toHaveValue('2026-05-02');
    await review.fill('soon');
    await expect(field.getByRole('alert')).toHaveText(s.badDate);
    await review.press('Escape');
    await expect(review).toHaveValue('2026-05-02');

    // The last step ends with the report.
    await scrollToEnd(app);
    await shot('step7-end');
    await app.getByRole('button', { name: s.finish }).click();
    await expect(app.getByRole('dialog', { name: s.exportTitle })).toBeVisible();
    await app.keyboard.press('Escape');

    // Back to the decision record in step 5: in view, with the keyboard on it.
    await summary.getByRole('link', { name: s.toRecord }).click();
    await expect(app.getByRole('heading', { level: 1, name: new RegExp(s.steps[4]) })).toBeVisible();
    const record = app.getByRole('heading', { level: 2, name: s.record });
    await expect(record).toBeFocused();
    await expect(record).toBeInViewport();
    await expect(app.getByRole('combobox', { name: s.chosen })).toHaveValue('managed');
  });
}

/** A paste as the browser delivers it from the system clipboard (text/plain), into the focused cell. */
async function pasteText(target: Locator, text: string) {
  await target.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
