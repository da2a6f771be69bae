import { axeViolations, SAMPLE_CRITERIA, test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { RoomPage } from './pages/RoomPage';

const A = 'Self-built distributed training cluster';
const B = 'Managed cloud training platform';
const C = 'Hybrid architecture';

/**
 * Scores of the three candidates (A, B, C) on the nine criteria. A leads on most criteria;
 * B is far ahead on operational complexity, so giving that criterion enough weight makes B
 * the winner. Participants lean differently on the first criterion, with the same mean.
 */
const BASE = [
  [8, 6, 7],
  [8, 6, 7],
  [8, 6, 7],
  [8, 6, 6],
  [7, 7, 6],
  [7, 7, 6],
  [8, 6, 7],
  [3, 10, 6],
  [5, 7, 6],
];
const lean = (d: number) => BASE.map((row, k) => (k === 0 ? [row[0] + d, row[1] - d, row[2]] : row));

// The room does a lot per test (81 scores typed, analyses on the Node side); a loaded
// two-core machine needs more than the default minute.
test.describe.configure({ timeout: 240_000 });

async function newWorkshop(app: import('@playwright/test').Page, title: string) {
  await new LibraryPage(app).create(title);
  const room = new RoomPage(app);
  await room.openStep();
  return room;
}

test('score with three participants, weigh with sliders and AHP, cross a stability bound, compare scenarios, present, undo to the start', async ({ app }) => {
  const room = await newWorkshop(app, 'Room E2E');
  await expect(app.getByText('No participants yet')).toBeVisible();
  await room.view('Weights');
  const startWeights = await Promise.all(SAMPLE_CRITERIA.map((c) => room.weightShare(c)));
  expect(startWeights).toEqual([12, 12, 11, 11, 11, 11, 10, 11, 11]);
  await room.view('Scoring');

  // Three participants, each scored by the facilitator through the keyboard.
  for (const [name, role, d] of [
    ['Lin', 'Facilitator', 0],
    ['Chen', 'ML engineer', 1],
    ['Wang', 'Infra / SRE', -1],
  ] as const) {
    await room.addParticipant(name, role);
    await room.typeScores(lean(d));
    await expect(room.participant(name)).toContainText('27/27');
  }
  await expect(room.cell('Mismatch control', A)).toHaveValue('7');
  await room.participant('Chen').click();
  await expect(room.cell('Mismatch control', A)).toHaveValue('9');
  await expect(room.cell('Operational complexity', B)).toHaveValue('10');
  await room.expectLeader(A);

  // The group view: heatmap and consensus; the one disagreement is on the first criterion.
  await app.getByRole('button', { name: 'Group view' }).click();
  await expect(app.getByRole('group', { name: /Where the team disagrees/ })).toBeVisible();
  await expect(app.locator('.hotspots li').first()).toContainText('Mismatch control');
  await expect(app.locator('.consensus-value')).toHaveText(/\d+%/);

  // Sliders keep 100 %.
  await room.weightsPart('Sliders & points');
  await room.analysisSettled();
  await room.setWeight('Cost structure', 13);
  expect(await room.weightShare('Cost structure')).toBe(13);
  await room.expectLeader(A);
  await expect(app.getByTestId('weights-total')).toHaveText('100.0 %');
  await room.analysisSettled();

  // The bound shown for Operational complexity is where the winner changes.
  const ops = await room.stability('Operational complexity');
  expect(ops.to).toBeLessThan(100);
  await room.setWeight('Operational complexity', ops.to - 0.1);
  await room.expectLeader(A);
  await room.analysisSettled();
  await room.setWeight('Operational complexity', ops.to + 0.1);
  await room.expectLeader(B);
  await expect(app.getByTestId('weights-total')).toHaveText('100.0 %');
  await room.analysisSettled();
  // The interval of a criterion does not depend on its own weight: the same bound after the move.
  expect(Math.abs((await room.stability('Operational complexity')).from - ops.to)).toBeLessThanOrEqual(0.1);
  await room.saveScenario('Ops first');

  // Back below the bound, save a second scenario, and compare.
  await room.weightsPart('Sliders & points');
  await room.setWeight('Operational complexity', 5);
  await room.expectLeader(A);
  await room.saveScenario('Ops light');
  const table = room.comparison();
  await expect(table.getByRole('columnheader')).toHaveText(['Current', 'Ops first', 'Ops light']);
  await expect(room.comparisonCells('Winner')).toHaveText([new RegExp(A), new RegExp(`${B}.*changed`), new RegExp(A)]);
  await expect(room.comparisonCells(/Margin/).nth(1)).toHaveText(/^\d+\.\d/);

  // AHP: Wang's judgments, the consistency ratio, the most inconsistent judgment and its fix; the group weights are used.
  await room.weightsPart('AHP pairwise');
  await app.getByRole('combobox', { name: 'Judgments of' }).selectOption({ label: 'Wang' });
  await app.getByRole('slider', { name: 'Mismatch control versus Throughput efficiency' }).fill('-4'); // mismatch 5× as important
  await app.getByRole('slider', { name: 'Throughput efficiency versus Context management' }).fill('-4'); // throughput 5× context
  await app.getByRole('slider', { name: 'Mismatch control versus Context management' }).fill('4'); // but context 5× mismatch: inconsistent
  // Unanswered pairs are missing, not "equal": three pairs do not link all nine criteria yet.
  await expect(app.getByTestId('ahp-progress')).toContainText('3 of 36 pairs answered');
  for (const c of SAMPLE_CRITERIA.slice(3)) await app.getByRole('button', { name: `Equal: Context management versus ${c} equally important` }).click();
  await expect(app.getByTestId('ahp-progress')).toContainText('9 of 36 pairs answered');
  await expect(app.getByTestId('ahp-cr')).toContainText('above 0.10');
  await expect(app.locator('.pair.worst')).toHaveCount(1);
  const crBefore = Number(/ratio ([\d.]+)/.exec((await app.getByTestId('ahp-cr').textContent())!)![1]);
  await app
    .getByRole('button', { name: /^Set it to/ })
    .first()
    .click();
  await expect.poll(async () => Number(/ratio ([\d.]+)/.exec((await app.getByTestId('ahp-cr').textContent())!)![1])).toBeLessThan(crBefore);
  // Wang is the only judge, so the group weights are Wang's; they become the weights. They are
  // offered once the engine has answered for the judgments as they now are.
  await expect(app.getByRole('button', { name: 'Use the group AHP weights' })).toBeEnabled();
  const groupLine = (await app.locator('.ahp-group p').first().textContent())!;
  const ahpShare = (name: string) => Number(new RegExp(`${name} ([\\d.]+)%`).exec(groupLine)![1]);
  expect(ahpShare('Mismatch control')).not.toBeCloseTo(ahpShare('Scalability'), 1);
  await app.getByRole('button', { name: 'Use the group AHP weights' }).click();
  await room.weightsPart('Sliders & points');
  await expect(app.getByTestId('weights-total')).toHaveText('100.0 %');
  for (const c of ['Mismatch control', 'Throughput efficiency', 'Context management', 'Scalability'])
    expect(await room.weightShare(c)).toBeCloseTo(ahpShare(c), 1);

  // Robustness: tornado, acceptability, TOPSIS and the verdict in words.
  await room.view('Robustness');
  await room.analysisSettled();
  await expect(app.getByRole('img', { name: /Weight stability/ })).toBeVisible();
  await expect(app.getByRole('img', { name: /Rank acceptability/ })).toBeVisible();
  await expect(app.getByTestId('verdict')).toContainText(/leads/);
  await expect(app.getByTestId('most-critical')).toContainText('Most critical criterion');
  await expect(app.getByTestId('topsis')).toContainText('TOPSIS');

  // Presenter mode: keyboard between views, Esc leaves.
  await app.getByRole('button', { name: /Present/ }).click();
  const presenter = room.presenter();
  await expect(presenter).toBeVisible();
  await expect(presenter.getByRole('img', { name: /Ranking/ })).toBeVisible();
  await app.keyboard.press('2');
  await expect(presenter.getByRole('img', { name: /Where the team disagrees/ })).toBeVisible();
  await app.keyboard.press('ArrowRight');
  await expect(presenter.getByTestId('verdict')).toBeVisible();
  await app.keyboard.press('ArrowRight');
  await expect(presenter.getByRole('table', { name: 'Scenarios side by side' })).toBeVisible();
  await expect(app.locator('.room-toolbar')).toBeHidden();
  await app.keyboard.press('Escape');
  await expect(presenter).toHaveCount(0);
  await expect(app.locator('.room-toolbar')).toBeVisible();

  // Undo every edit: the workshop is as it was created.
  await room.undoAll();
  await room.view('Scoring');
  await expect(app.getByText('No participants yet')).toBeVisible();
  await room.view('Weights');
  expect(await Promise.all(SAMPLE_CRITERIA.map((c) => room.weightShare(c)))).toEqual(startWeights);
  await room.view('What-if & scenarios');
  await expect(app.getByText('No scenarios yet')).toBeVisible();
});

test('keyboard-only scoring: digits, Tab, Enter, arrows, Delete, Esc and a rationale', async ({ app }) => {
  const room = await newWorkshop(app, 'Keyboard run');
  await room.addParticipant('Zhao', 'Finance');
  // Into the grid by keyboard from the participant picker.
  await room.participant('Zhao').focus();
  await app.keyboard.press('Tab'); // "+ Add participant"
  await app.keyboard.press('Tab'); // "Copy scores" (the grid as tab-separated text)
  await expect(app.getByRole('button', { name: 'Copy scores' })).toBeFocused();
  await app.keyboard.press('Tab'); // first cell
  await expect(room.cell('Mismatch control', A)).toBeFocused();
  await app.keyboard.type('7');
  await app.keyboard.press('Tab');
  await app.keyboard.type('10');
  await app.keyboard.press('Tab');
  await app.keyboard.type('6,5'); // decimal comma
  await app.keyboard.press('Tab'); // wraps to the next row
  await expect(room.cell('Throughput efficiency', A)).toBeFocused();
  await app.keyboard.type('8');
  await app.keyboard.press('Enter'); // down the column
  await expect(room.cell('Context management', A)).toBeFocused();
  await app.keyboard.type('11'); // off the scale: refused, focus stays
  await app.keyboard.press('Enter');
  await expect(app.getByRole('alert')).toContainText('Scores run from 0 to 10');
  await expect(room.cell('Context management', A)).toBeFocused();
  await app.keyboard.press('Escape'); // drop the typing
  await app.keyboard.type('4');
  await app.keyboard.press('ArrowRight');
  await expect(room.cell('Context management', B)).toBeFocused();
  await app.keyboard.press('ArrowUp');
  await app.keyboard.press('ArrowUp');
  await expect(room.cell('Mismatch control', B)).toBeFocused();
  await app.keyboard.press('Shift+Tab');
  await expect(room.cell('Mismatch control', A)).toBeFocused();
  // A rationale for the cell, and back to the grid.
  await app.keyboard.press('r');
  await expect(app.getByRole('textbox', { name: /Rationale — Mismatch control · Self-built/ })).toBeFocused();
  await app.keyboard.type('Pilot showed reward drift under load');
  await app.keyboard.press('Escape');
  await expect(room.cell('Mismatch control', A)).toBeFocused();
  // Delete clears a cell (select-all on focus, Delete empties it, Delete again clears the score).
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('Delete');
  await app.keyboard.press('Delete');
  await app.keyboard.press('ArrowUp');

  await expect(room.cell('Mismatch control', A)).toHaveValue('7');
  await expect(room.cell('Mismatch control', B)).toHaveValue('10');
  await expect(room.cell('Mismatch control', C)).toHaveValue('6.5');
  await expect(room.cell('Throughput efficiency', A)).toHaveValue('');
  await expect(room.cell('Context management', A)).toHaveValue('4');
  await expect(room.cell('Mismatch control', A)).toHaveAttribute('title', 'Pilot showed reward drift under load');
  await expect(room.participant('Zhao')).toContainText('4/27');
  // Undo by keyboard restores the cleared score.
  await app.keyboard.press('Control+z');
  await expect(room.cell('Throughput efficiency', A)).toHaveValue('8');
});

test('rank order (ROC) starts from the weights in force: adopted unchanged, the heaviest criterion stays first', async ({ app }) => {
  const room = await RoomPage.openSample(app);
  await room.weightsPart('Sliders & points');
  const criteria = SAMPLE_CRITERIA;
  const before = new Map<string, number>();
  for (const c of criteria) before.set(c, await room.weightShare(c));
  await room.weightsPart('Rank order (ROC)');
  const order = await app.locator('.rank-list .rank-name').allTextContents();
  expect(new Set(order)).toEqual(new Set(criteria));
  for (let i = 1; i < order.length; i++) expect(before.get(order[i - 1])!).toBeGreaterThanOrEqual(before.get(order[i])!);
  await app.getByRole('button', { name: 'Use ROC weights' }).click();
  await room.weightsPart('Sliders & points');
  const heaviest = order[0];
  const after = await Promise.all(criteria.map((c) => room.weightShare(c)));
  expect(await room.weightShare(heaviest)).toBe(Math.max(...after));
});

test('blind mode: no score is in the page before reveal', async ({ app }) => {
  const room = await newWorkshop(app, 'Blind run');
  await room.addParticipant('Lin', 'Facilitator');
  await app.getByRole('button', { name: 'Blind scoring' }).click();
  await expect(app.getByText('Blind scoring is on')).toBeVisible();
  const secret = ['7.35', '6.85', '9.15', '3.45', '8.65', '2.95'];
  await room.typeScores([secret.slice(0, 3), secret.slice(3)]);
  await room.addParticipant('Chen', 'ML engineer');
  await room.typeScores([
    ['4.15', '5.55', '1.25'],
    ['6.45', '2.35', '7.75'],
  ]);
  await room.participant('Lin').click();
  // Filled cells show only that they are filled.
  await expect(room.cell('Mismatch control', A)).toHaveAttribute('placeholder', '●');
  await expect(room.cell('Mismatch control', A)).toHaveValue('');
  // A hidden score is read-only: typing there stores nothing unseen.
  await expect(room.cell('Mismatch control', A)).toHaveAttribute('readonly', '');
  await room.cell('Mismatch control', A).focus();
  await app.keyboard.type('1');
  await app.keyboard.press('Tab');
  // Both participants' scores, and the group means that have two decimals (5.75, 4.95, 5.35).
  const hidden = [...secret, '4.15', '5.55', '1.25', '6.45', '2.35', '7.75', '5.75', '4.95', '5.35'];
  for (const view of ['Scoring', 'Weights', 'What-if & scenarios', 'Robustness'] as const) {
    await room.view(view);
    const html = await app.content();
    expect(
      hidden.filter((v) => html.includes(v)),
      `scores in the page in the ${view} view`,
    ).toEqual([]);
  }
  await room.view('Scoring');
  await app.getByRole('button', { name: 'Group view' }).click();
  await expect(app.getByText('Results are hidden until the scores are revealed.').first()).toBeVisible();
  await app.reload();
  await expect(app.getByText('Blind scoring is on')).toBeVisible(); // a reload does not reveal
  const afterReload = await app.content();
  expect(hidden.filter((v) => afterReload.includes(v))).toEqual([]);

  await app.getByRole('button', { name: 'Reveal scores' }).click();
  await room.participant('Lin').click();
  await expect(room.cell('Mismatch control', A)).toHaveValue('7.35');
  expect(await app.content()).toContain('7.35');
  // The results come back: the group mean of the first cell is in the heatmap.
  await app.getByRole('button', { name: 'Group view' }).click();
  await expect(app.getByRole('group', { name: /Where the team disagrees/ })).toContainText('5.8'); // (7.35 + 4.15) / 2 = 5.75
  await expect(room.live.locator('.leader-name')).not.toBeEmpty();
});

test('accessibility: no serious or critical axe violations in the room', async ({ app }) => {
  const room = await RoomPage.openSample(app);
  await room.expectLeader(C);
  const check = async (where: string) => expect(await axeViolations(app, '.workspace', where)).toEqual([]);
  await check('scoring');
  await app.getByRole('button', { name: 'Group view' }).click();
  await check('group view');
  for (const part of ['Sliders & points', 'AHP pairwise', 'Rank order (ROC)', 'Participants & influence', 'Proposals from needs'] as const) {
    await room.weightsPart(part);
    await check(`weights / ${part}`);
  }
  await room.view('What-if & scenarios');
  await check('what-if');
  await room.view('Robustness');
  await room.analysisSettled();
  await check('robustness');
  await app.getByRole('button', { name: /Present/ }).click();
  expect(await axeViolations(app, '.presenter', 'presenter')).toEqual([]);
  await app.keyboard.press('Escape');
  await app.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await check('robustness, dark theme');
  await room.view('Scoring');
  await check('scoring, dark theme');
});

test('charts export as SVG and PNG', async ({ app }) => {
  const room = await RoomPage.openSample(app);
  await room.expectLeader(C);
  const save = async (name: RegExp) => {
    const [download] = await Promise.all([app.waitForEvent('download'), app.getByRole('button', { name }).click()]);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    return { name: download.suggestedFilename(), bytes: readFileSync(file) };
  };
  const svg = await save(/Export “Ranking \(weighted total, 0–100\)” as SVG/);
  expect(svg.name).toMatch(/^Sample RL stack for a code agent – Ranking \(weighted total, 0–100\) – \d{4}-\d{2}-\d{2}\.svg$/);
  const text = svg.bytes.toString('utf8');
  expect(text).toMatch(/^<\?xml/);
  expect(text).toContain('<svg');
  expect(text).toContain('Hybrid architecture');
  const png = await save(/Export “Candidates across the criteria” as PNG/);
  expect(png.name).toMatch(/^Sample RL stack for a code agent – Candidates across the criteria – \d{4}-\d{2}-\d{2}\.png$/);
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  // 2× the on-screen size: the PNG's width (bytes 16–19 of the IHDR chunk) is twice the chart's
  // with its 8 px margin each side.
  const shown = (await app.getByRole('img', { name: 'Candidates across the criteria' }).boundingBox())!;
  expect(Math.abs(png.bytes.readUInt32BE(16) - (Math.round(shown.width) + 2 * 8) * 2)).toBeLessThanOrEqual(2);
});

test('what-if scores move the ranking live and are kept in a scenario', async ({ app }) => {
  const room = await RoomPage.openSample(app);
  await room.expectLeader(C);
  await app.getByRole('button', { name: /^Chen/ }).click();
  const chensCost = await room.cell('Cost structure', B).inputValue();
  expect(chensCost).not.toBe('10');
  await room.view('What-if & scenarios');
  const setGroupScore = async (candidate: string, criterion: string, value: number) => {
    await app.getByRole('combobox', { name: 'Candidate', exact: true }).selectOption({ label: candidate });
    await app.getByRole('combobox', { name: 'Criterion' }).selectOption({ label: criterion });
    await app.getByRole('slider', { name: 'Group score' }).fill(String(value));
  };
  await setGroupScore(B, 'Cost structure', 10);
  await expect(app.getByText('1 what-if score active:')).toBeVisible();
  await room.expectLeader(C);
  await setGroupScore(B, 'Mismatch control', 10);
  await expect(app.getByText('2 what-if scores active:')).toBeVisible();
  await room.expectLeader(B);
  // Each release of the what-if slider is one undo step.
  await app.getByRole('button', { name: /Undo/ }).first().click();
  await expect(app.getByText('1 what-if score active:')).toBeVisible();
  await room.expectLeader(C);
  await app.getByRole('button', { name: /Redo/ }).first().click();
  await expect(app.getByText('2 what-if scores active:')).toBeVisible();
  await room.expectLeader(B);
  // Nobody's real scores changed.
  await room.view('Scoring');
  await app.getByRole('button', { name: /^Chen/ }).click();
  await expect(room.cell('Cost structure', B)).toHaveValue(chensCost);
  await room.saveScenario('Managed if cheaper');
  await expect(room.comparisonCells('Winner')).toHaveText([new RegExp(B), new RegExp(B)]);
  await app.getByRole('button', { name: 'Back to the real scores' }).click();
  await room.expectLeader(C);
  await expect(room.comparisonCells('Winner')).toHaveText([new RegExp(C), new RegExp(`${B}.*changed`)]);
  // Applying the scenario brings its what-if scores back.
  await app.getByRole('button', { name: 'Apply' }).click();
  await room.expectLeader(B);
  // The apply (weights and what-if scores) is one undo step, the return to the real scores
  // another; redo repeats the return.
  const undoButton = app.getByRole('button', { name: /Undo/ }).first();
  await undoButton.click();
  await room.expectLeader(C);
  await undoButton.click();
  await room.expectLeader(B);
  await expect(app.getByText('2 what-if scores active:')).toBeVisible();
  await app.getByRole('button', { name: /Redo/ }).first().click();
  await room.expectLeader(C);
  await expect(app.getByText(/what-if scores? active:/)).toHaveCount(0);
});

test('a mouse drag of a weight moves the ranking as it goes and is one undo step', async ({ app }) => {
  const room = await RoomPage.openSample(app);
  await room.weightsPart('Sliders & points');
  await room.analysisSettled();
  const before = await Promise.all(['Operational complexity', 'Cost structure', 'Mismatch control'].map((c) => room.weightShare(c)));
  await room.expectLeader(C);
  const slider = room.weightSlider('Operational complexity');
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  const at = (percent: number) => box.x + 8 + (percent / 100) * (box.width - 16);
  await app.mouse.move(at(before[0]), y);
  await app.mouse.down();
  for (let p = before[0]; p <= 60; p += 2) await app.mouse.move(at(p), y);
  // Mid-drag: the ranking has followed (Managed leads on operational complexity), nothing is committed yet.
  await room.expectLeader(B);
  await expect(app.getByRole('button', { name: /Undo/ }).first()).toBeDisabled();
  await app.mouse.up();
  await expect(app.getByRole('button', { name: /Undo/ }).first()).toBeEnabled();
  const after = await room.weightShare('Operational complexity');
  expect(after).toBeGreaterThan(50);
  await expect(app.getByTestId('weights-total')).toHaveText('100.0 %');
  // The others kept their proportions: cost / mismatch as before.
  const ratio = (await room.weightShare('Cost structure')) / (await room.weightShare('Mismatch control'));
  expect(ratio).toBeCloseTo(before[1] / before[2], 1);
  // One undo step brings every weight back.
  await app.keyboard.press('Control+z');
  expect(await Promise.all(['Operational complexity', 'Cost structure', 'Mismatch control'].map((c) => room.weightShare(c)))).toEqual(before);
  await expect(app.getByRole('button', { name: /Undo/ }).first()).toBeDisabled();
  await room.expectLeader(C);
});
