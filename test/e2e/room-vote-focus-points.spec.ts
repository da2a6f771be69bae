import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSampleWorkshop, displayName } from '../../shared/model';
import { startHost, type WebHostHandle } from './fixtures';
import { RoomPage } from './pages/RoomPage';
import { storedWorkshop } from './pages/stored';

/**
 * A dimension scored at its focus points, asked on a participant's own device: the facilitator
 * expands "Mismatch control" and scores it at its focus points, opens a free round for one
 * participant; their phone (a second page of the same browser) shows one score field per focus
 * point and candidate, they submit, and the facilitator's grid and ranking take the focus-point
 * scores. Then a facilitator-paced round asks the dimension's cell as one question: the phone
 * scores its focus points together, the board counts the answer and reveals each focus point's
 * median, and the grid shows the derived value. The round's listener is bound to 127.0.0.9
 * (loopback only).
 */
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const ROOM_ADDRESS = '127.0.0.9';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const shot = (name: string) => path.join(process.env.ROOM_VOTE_SHOTS ?? test.info().outputPath(), `${name}.png`);

/** Expands "Mismatch control" in the hierarchy and scores it at its focus points. */
async function scoreAtFocusPoints(room: RoomPage, facilitator: Page) {
  await room.weightsPart('Focus points (hierarchy)');
  await facilitator.getByTestId('hierarchy-table').getByRole('button', { name: 'Expand Mismatch control' }).click();
  await facilitator.getByRole('combobox', { name: 'Score Mismatch control at' }).selectOption('leaves');
}

/** The Room vote panel, with only `who` invited. */
async function roomVoteFor(facilitator: Page, who: string): Promise<Locator> {
  await facilitator.getByRole('button', { name: 'Room vote' }).click();
  const panel = facilitator.locator('#room-vote');
  const invited = panel.getByRole('group', { name: 'Who is invited' }).getByRole('checkbox');
  for (let i = 0; i < (await invited.count()); i++) {
    const box = invited.nth(i);
    const label = (await box.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
    if (label !== who) await box.uncheck();
  }
  return panel;
}

/** Opens the round, not blind, listening on the room's loopback address; its code is shown. */
async function openRound(panel: Locator) {
  await panel.getByLabel('Blind: nobody sees').uncheck();
  await panel.getByLabel('Network address to listen on').fill(ROOM_ADDRESS);
  await panel.getByRole('button', { name: 'Open the round' }).click();
  await expect(panel.getByTestId('vote-code')).toHaveText(/^[A-Z2-9]{6}$/);
}

let dataDir: string;
let host: WebHostHandle;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-focus-'));
  host = await startHost({ dataDir });
});
test.afterAll(async () => {
  host?.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('a participant scores the focus points of a dimension on their phone; the grid and the ranking take them', async ({ browser }) => {
  const sample = createSampleWorkshop('en', '2026-03-01T09:00:00.000Z', 'w');
  const dim = sample.criteria.find((c) => c.id === 'mismatch-control')!;
  const focus = dim.focusPoints.map((f) => f.en);
  const who = sample.participants[0].name;
  const col = (id: string) => sample.candidates.findIndex((c) => c.id === id);
  const name = (id: string) => displayName(sample.candidates[col(id)], 'en', 'candidate', col(id));
  const criteria = sample.criteria.length;
  const candidates = sample.candidates.length;

  const facilitator = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await facilitator.goto(host.url);
  const room = await RoomPage.openSample(facilitator);
  // The dimension carries most of the weight: whoever its focus points favour leads.
  await room.weightsPart('Sliders & points');
  await room.setWeight('Mismatch control', 70);
  await scoreAtFocusPoints(room, facilitator);

  // A free round, not blind, for one participant.
  const panel = await roomVoteFor(facilitator, who);
  await openRound(panel);
  const row = panel.locator('.vote-board tr').filter({ has: facilitator.getByRole('rowheader', { name: who, exact: true }) });
  // Expected of the participant: every cell, but one answer per focus point for the dimension.
  const total = (criteria - 1) * candidates + focus.length * candidates;
  await expect(row.locator('[data-col="cells"]')).toContainText(`0 / ${total}`);

  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  await phone.goto(await row.locator('input.vote-link').inputValue());
  const section = phone.locator('section[data-leaves]');
  await expect(section.getByRole('heading', { name: 'Mismatch control' })).toBeVisible();
  await expect(section).toContainText('Scored at its focus points: give each focus point a score for every candidate.');
  // One field per focus point and candidate; the dimension's own score is not asked.
  await expect(section.locator('input.score')).toHaveCount(focus.length * candidates);
  await expect(section.locator('input.score:not([data-leaf])')).toHaveCount(0);
  const leafField = (candidate: string, j: number) =>
    section.getByRole('group', { name: name(candidate) }).getByRole('textbox', { name: new RegExp(`^${focus[j]} — `) });
  const leafWhy = (candidate: string, j: number) =>
    section.getByRole('group', { name: name(candidate) }).getByRole('textbox', { name: `Rationale — ${focus[j]}, ${name(candidate)}`, exact: true });
  // By keyboard: type, Tab to the focus point's own rationale (under its score), Tab to the next focus point.
  await leafField('managed', 0).focus();
  await phone.keyboard.type('10');
  await phone.keyboard.press('Tab');
  await expect(leafWhy('managed', 0)).toBeFocused();
  await phone.keyboard.press('Tab');
  await expect(leafField('managed', 1)).toBeFocused();
  await phone.keyboard.type('8');
  await phone.keyboard.press('Tab');
  await expect(leafWhy('managed', 1)).toBeFocused();
  await phone.keyboard.type('Drift stays under 2 % in our pilot');
  await leafField('self-built', 0).fill('2');
  await expect(phone.locator('#progress-label')).toHaveText(`3 of ${total} answered`);
  await expect(row.locator('[data-col="cells"]')).toContainText(`3 / ${total}`);
  // Legible on a phone: the score fields are not squeezed, the focus point names not cut.
  const box = await leafField('managed', 0).boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(80);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.viewport.width);
  await phone.screenshot({ path: shot('focus-points-phone-en') });
  // The same in Chinese.
  await phone.locator('#lang').selectOption('zh-CN');
  await expect(section.getByRole('heading', { name: displayName(dim, 'zh-CN', 'criterion', sample.criteria.indexOf(dim)) })).toBeVisible();
  await expect(section).toContainText('此维度按关注要点评分');
  await expect(section.getByText(dim.focusPoints[0]['zh-CN']).first()).toBeVisible();
  await phone.screenshot({ path: shot('focus-points-phone-zh') });
  await phone.locator('#lang').selectOption('en');

  // Submitted (incomplete, on purpose): the missing list names focus points.
  await phone.locator('#submit').click();
  const dialog = phone.getByRole('dialog', { name: 'Submit an incomplete ballot?' });
  await expect(dialog.locator('#missing-list li', { hasText: `Mismatch control › ${focus[2]} — ${name('managed')}` })).toHaveCount(1);
  await expect(dialog.locator('#missing-list li', { hasText: `Mismatch control › ${focus[0]} — ${name('managed')}` })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(phone.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');
  await expect(row.locator('[data-col="joined"]')).toHaveText('submitted');
  // The round's changes name the focus points that moved the dimension, each with its rationale.
  const movedCell = panel.getByTestId('vote-rounds').locator('details[data-round="1"] > ol > li', { hasText: `${name('managed')} · Mismatch control` });
  const movedLeaf = movedCell.locator('li[data-leaf]');
  await expect(movedLeaf).toHaveText([`${focus[0]}: no score → 10`, `${focus[1]}: no score → 8Drift stays under 2 % in our pilot`]);
  await expect(movedLeaf.nth(1).locator('q')).toHaveText('Drift stays under 2 % in our pilot');
  await panel.getByTestId('vote-rounds').screenshot({ path: shot('focus-points-rounds-en') });
  await expect(movedCell.locator('li[data-change]')).toContainText(`${who}: no score → ${(10 + 8) / 2}`);

  // The facilitator's grid holds the focus-point scores; the dimension's value and the ranking follow.
  await room.view('Scoring');
  await room.participant(who).click();
  const grid = (focusName: string, candidate: string) =>
    facilitator.getByRole('textbox', { name: `${focusName} (focus point of Mismatch control) · ${name(candidate)}`, exact: true });
  await expect(grid(focus[0], 'managed')).toHaveValue('10');
  await expect(grid(focus[1], 'managed')).toHaveValue('8');
  await expect(grid(focus[0], 'self-built')).toHaveValue('2');
  // The focus point's rationale came with its score.
  await grid(focus[1], 'managed').focus();
  await expect(facilitator.locator('#cell-rationale')).toHaveValue('Drift stays under 2 % in our pilot');
  await grid(focus[0], 'managed').focus();
  await expect(facilitator.locator('#cell-rationale')).toHaveValue('');
  await expect(facilitator.getByTestId(`derived-mismatch-control-${col('managed')}`).locator('input')).toHaveValue(String((10 + 8) / 2));
  await room.expectLeader(name('managed'));
  await facilitator.screenshot({ path: shot('focus-points-grid-en'), fullPage: true });
  // The round's history records the answers as a change of the dimension's cell: from not scored to the derived value.
  type Change = { participantId: string; candidateId: string; criterionId: string; from: number | null; to: number | null; leaves: unknown[] };
  const pid = sample.participants[0].id;
  await expect
    .poll(async () => {
      const s = await storedWorkshop<{ rounds: { changes: Change[] }[] }, unknown>(facilitator, 1);
      return s?.doc.rounds.at(-1)?.changes.find((c) => c.participantId === pid && c.candidateId === 'managed' && c.criterionId === 'mismatch-control') ?? null;
    })
    .toMatchObject({
      from: null,
      to: (10 + 8) / 2,
      leaves: [
        { from: null, to: 10, rationale: '' },
        { from: null, to: 8, rationale: 'Drift stays under 2 % in our pilot' },
      ],
    });
  await context.close();
  await facilitator.context().close();
});

test('a paced question on a dimension scored at its focus points: the phone answers them together; board and grid take them', async ({ browser }) => {
  const sample = createSampleWorkshop('en', '2026-03-01T09:00:00.000Z', 'w');
  const dim = sample.criteria.find((c) => c.id === 'mismatch-control')!;
  const focus = dim.focusPoints.map((f) => f.en);
  const who = sample.participants[0].name;
  const col = (id: string) => sample.candidates.findIndex((c) => c.id === id);
  const name = (id: string) => displayName(sample.candidates[col(id)], 'en', 'candidate', col(id));
  const SCORES = [9, 6, 3];

  const facilitator = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await facilitator.goto(host.url);
  const room = await RoomPage.openSample(facilitator);
  await scoreAtFocusPoints(room, facilitator);

  // A facilitator-paced round, not blind, for one participant: the form leaves no dimension out.
  const panel = await roomVoteFor(facilitator, who);
  await panel.getByLabel('Facilitator-paced: one question to the whole room at a time').check();
  await expect(panel).not.toContainText('does not ask focus points');
  await openRound(panel);
  // Question 1: the dimension's cell of the first candidate, asked at its focus points.
  await expect(panel.getByTestId('paced-question')).toHaveText(`${name('self-built')} · Mismatch control: score each focus point 0–10`);
  await expect(panel.getByTestId('paced-answered')).toHaveText('0 of 1 answered');

  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  const row = panel.locator('.vote-board tr').filter({ has: facilitator.getByRole('rowheader', { name: who, exact: true }) });
  await phone.goto(await row.locator('input.vote-link').inputValue());
  const question = phone.locator('#paced');
  await expect(question).toHaveAttribute('data-question', 'cell:self-built:mismatch-control');
  await expect(question.getByRole('heading', { name: `Mismatch control — ${name('self-built')}` })).toBeVisible();
  await expect(question).toContainText('Scored at its focus points: give each one a score from 0 to 10, then send them together.');
  const fields = question.getByRole('group', { name: `Mismatch control — ${name('self-built')}` }).locator('input.score');
  await expect(fields).toHaveCount(focus.length);
  const field = (j: number) => question.getByRole('textbox', { name: new RegExp(`^${focus[j]} — `) });
  const why = (j: number) => question.getByRole('textbox', { name: `Rationale — ${focus[j]}, ${name('self-built')}`, exact: true });
  // Typed by keyboard, Tab to the next focus point; one left empty: not sent, the empty field says why.
  await field(0).focus();
  await phone.keyboard.type(String(SCORES[0]));
  await phone.keyboard.press('Tab');
  await expect(why(0)).toBeFocused();
  await phone.keyboard.type('Reward model drifts weekly');
  await phone.keyboard.press('Tab');
  await expect(field(1)).toBeFocused();
  await phone.keyboard.type(String(SCORES[1]));
  await phone.locator('#paced-send').click();
  await expect(field(2)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(2)).toBeFocused();
  await expect(question.locator('#paced-l-2-err')).toHaveText('Type a number between 0 and 10.');
  await expect(phone.locator('#paced-state')).toHaveText('');
  await phone.screenshot({ path: shot('paced-focus-points-phone-missing-en') });
  await field(2).fill(String(SCORES[2]));
  await expect(field(2)).toHaveAttribute('aria-invalid', 'false');
  // Fits a phone in both languages, no raw text key.
  const fits = () => phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await phone.screenshot({ path: shot('paced-focus-points-phone-en') });
  await phone.locator('#lang').selectOption('zh-CN');
  await expect(question).toContainText('此维度按关注要点评分：请为每个关注要点打 0 到 10 分，然后一起发送。');
  await expect(question.getByText(dim.focusPoints[0]['zh-CN']).first()).toBeVisible();
  await expect(question.locator('#paced-l-0-v')).toHaveValue(String(SCORES[0])); // what was typed stays across the language switch
  await expect(question.locator('#paced-l-0-r')).toHaveValue('Reward model drifts weekly');
  expect(await fits()).toBe(true);
  await expect(phone.locator('body')).not.toContainText(/pacedLeafHint|\{min\}|\{max\}/);
  await phone.screenshot({ path: shot('paced-focus-points-phone-zh') });
  await phone.locator('#lang').selectOption('en');
  for (const [j, v] of SCORES.entries()) await field(j).fill(String(v));
  await phone.locator('#paced-send').click();
  await expect(phone.locator('#paced-state')).toHaveText(/stored/);

  // The board counts the answer; the reveal gives each focus point's median (one answer: its own).
  await expect(panel.getByTestId('paced-answered')).toHaveText('1 of 1 answered');
  await panel.getByRole('button', { name: 'Reveal the answers' }).click();
  // Per focus point, in order: its name over its dot plot, the group's median under it.
  const revealed = panel.getByTestId('paced-result').locator('.paced-leaf');
  await expect(revealed).toHaveCount(focus.length);
  for (const [j, f] of focus.entries()) {
    await expect(revealed.nth(j)).toContainText(f);
    await expect(revealed.nth(j).getByTestId('paced-group')).toHaveText(`Group’s median: ${SCORES[j]}`);
  }
  // First the dimension's value as the grid derives it from the answer (equal local shares: the mean).
  const derived = SCORES.reduce((a, b) => a + b, 0) / SCORES.length;
  const dimension = panel.getByTestId('paced-dimension');
  await expect(dimension).toContainText('Mismatch control, derived from its focus points');
  await expect(dimension.getByTestId('paced-dimension-group')).toHaveText(`Group’s median: ${derived}`);
  await expect(panel.locator('[data-testid="paced-result"] svg .dot')).toHaveCount(focus.length + 1);
  await panel.getByTestId('paced-view').screenshot({ path: shot('paced-focus-points-board-en') });
  await expect(phone.locator('#paced-send')).toBeDisabled();

  // The grid holds the focus-point scores and the dimension's derived value (equal local shares: their mean).
  await room.view('Scoring');
  await room.participant(who).click();
  const grid = (focusName: string) =>
    facilitator.getByRole('textbox', { name: `${focusName} (focus point of Mismatch control) · ${name('self-built')}`, exact: true });
  for (const [j, f] of focus.entries()) await expect(grid(f)).toHaveValue(String(SCORES[j]));
  // The focus point's rationale came with the answer.
  await grid(focus[0]).focus();
  await expect(facilitator.locator('#cell-rationale')).toHaveValue('Reward model drifts weekly');
  const mean = SCORES.reduce((a, b) => a + b, 0) / SCORES.length;
  await expect(facilitator.getByTestId(`derived-mismatch-control-${col('self-built')}`).locator('input')).toHaveValue(String(mean));
  await context.close();
  await facilitator.context().close();
});
