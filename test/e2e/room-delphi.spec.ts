import { expect as baseExpect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHost, type WebHostHandle } from './fixtures';
import { RoomPage } from './pages/RoomPage';
import { storedWorkshop } from './pages/stored';

/**
 * A Delphi re-vote with three phones (browser contexts) on the sample workshop: round 1 starts
 * every phone from its owner's scores and each changes one cell; round 2 asks only the disputed
 * cells, shows the group's previous median and spread, and each moves toward the group. Nothing
 * is lost, the history records each change, and round 2's disagreement is computed from the
 * scores after round 2. The round's listener is bound to 127.0.0.4 (loopback only).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const ROOM_ADDRESS = '127.0.0.4';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const INVITED = ['Chen (ML)', 'Wang (SRE)', 'Zhao (finance)'];
const LEFT_OUT = 'Lin (facilitator)';

interface Score {
  participantId: string;
  candidateId: string;
  criterionId: string;
  value: number | null;
  rationale: string;
}
interface Change {
  participantId: string;
  candidateId: string;
  criterionId: string;
  from: number | null;
  to: number | null;
  rationale: string;
}
interface Stored {
  participants: { id: string; name: string; influence: number }[];
  scores: Score[];
  rounds: { no: number; closedAt: string | null; cells: { candidateId: string; criterionId: string }[]; changes: Change[]; disagreement: number | null }[];
}

/** The stored workshop once its history holds a round (null before). */
async function stored(page: Page): Promise<Stored | null> {
  const found = await storedWorkshop<Omit<Stored, 'scores'>, Score>(page, 1);
  return found && { ...found.doc, scores: found.scores };
}

const cellOf = (s: { candidateId: string; criterionId: string }) => `${s.candidateId}|${s.criterionId}`;
const scoreMap = (d: Stored) => new Map(d.scores.filter((s) => s.value !== null).map((s) => [`${s.participantId}|${cellOf(s)}`, s.value!]));

async function openRound(panel: Locator, revote: boolean) {
  const invited = panel.getByRole('group', { name: 'Who is invited' });
  await invited.getByRole('checkbox', { name: LEFT_OUT }).uncheck();
  for (const name of INVITED) await expect(invited.getByRole('checkbox', { name })).toBeChecked();
  await panel.getByLabel('Start each participant from their previous answers').check();
  if (revote) {
    await panel.getByLabel('Show the group’s previous median and spread beside each cell').check();
    await panel.getByLabel('Ask only the disputed cells').check();
    await panel.getByRole('button', { name: 'Take the “talk about these first” list' }).click();
  }
  // An open round (not blind): the Rounds view shows the changes as they come.
  await panel.getByLabel('Blind: nobody sees').uncheck();
  await panel.getByLabel('Network address to listen on').fill(ROOM_ADDRESS);
  await panel.getByRole('button', { name: 'Open the round' }).click();
  await expect(panel.getByTestId('vote-code')).toHaveText(/^[A-Z2-9]{6}$/);
}

/** Each phone opens its personal link, changes its first asked cell to `values[i]` with a rationale, and submits. */
async function vote(facilitator: Page, phones: BrowserContext[], values: number[], why: string, cells: number) {
  const panel = facilitator.locator('#room-vote');
  const changed: { candidateId: string; criterionId: string }[] = [];
  for (const [i, name] of INVITED.entries()) {
    const row = panel.locator('.vote-board tr').filter({ has: facilitator.getByRole('rowheader', { name, exact: true }) });
    const link = await row.locator('input.vote-link').inputValue();
    const page = phones[i].pages()[0] ?? (await phones[i].newPage());
    await page.goto(link);
    const inputs = page.locator('input.score');
    await expect(inputs).toHaveCount(cells);
    // Started from the participant's previous answers: nothing to type again.
    expect(await inputs.evaluateAll((els) => els.every((e) => (e as HTMLInputElement).value !== ''))).toBe(true);
    changed.push({ candidateId: (await inputs.first().getAttribute('data-candidate'))!, criterionId: (await inputs.first().getAttribute('data-criterion'))! });
    await inputs.first().fill(String(values[i]));
    await page.locator('textarea').first().fill(`${why} (${name})`);
    await page.locator('#submit').click();
    await expect(page.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');
    await expect(row.locator('[data-col="submitted"]')).not.toHaveText('—');
  }
  return changed;
}

let dataDir: string;
let host: WebHostHandle;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-delphi-'));
  host = await startHost({ dataDir });
});
test.afterAll(async () => {
  host?.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('a two-round re-vote with three phones: nothing lost, every change in the history, round 2’s disagreement from round 2', async ({ browser }) => {
  const facilitator = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await facilitator.goto(host.url);
  await RoomPage.openSample(facilitator);
  const phones = await Promise.all(INVITED.map(() => browser.newContext(PHONE)));
  const panel = facilitator.locator('#room-vote');

  // Round 1: every cell, each phone starts from its owner's 27 scores and changes one.
  await facilitator.getByRole('button', { name: 'Room vote' }).click();
  await openRound(panel, false);
  await vote(facilitator, phones, [0, 5, 10], 'first round', 27);
  await panel.getByRole('button', { name: 'Close the round' }).click();
  await expect.poll(async () => (await stored(facilitator))?.rounds[0]?.closedAt ?? null).not.toBeNull();
  const afterOne = (await stored(facilitator))!;
  const ids = INVITED.map((name) => afterOne.participants.find((p) => p.name === name)!.id);
  const first = afterOne.rounds[0];
  expect(first.changes).toHaveLength(3);
  expect(first.changes.map((c) => c.to)).toEqual([0, 5, 10]);
  expect(first.changes.map((c) => c.rationale)).toEqual(INVITED.map((n) => `first round (${n})`));
  // Nothing lost: 4 people × 27 cells, all still scored.
  expect(scoreMap(afterOne).size).toBe(4 * 27);

  // Round 2: only the disputed cells, with the group's previous median and spread on each phone.
  await panel.getByRole('button', { name: 'New round' }).click();
  await openRound(panel, true);
  await expect.poll(async () => (await stored(facilitator))?.rounds.length).toBe(2);
  const asked = (await stored(facilitator))!.rounds[1].cells;
  expect(asked).toHaveLength(3);
  const moved = await vote(facilitator, phones, [4.5, 5.5, 5.2], 'moved toward the group', asked.length);
  expect(moved.every((m) => asked.some((a) => cellOf(a) === cellOf(m)))).toBe(true);
  const onPhone = phones[0].pages()[0].locator('[data-previous]');
  await expect(onPhone).toHaveCount(asked.length);
  await expect(onPhone.first()).toContainText(/Group last round: median [\d.]+, spread ±[\d.]+/);
  await panel.getByRole('button', { name: 'Close the round' }).click();
  await expect.poll(async () => (await stored(facilitator))?.rounds[1]?.closedAt ?? null).not.toBeNull();
  const afterTwo = (await stored(facilitator))!;

  // The history: each phone's change of its first asked cell, from its round-1 score, with its rationale.
  const before = scoreMap(afterOne);
  const after = scoreMap(afterTwo);
  const second = afterTwo.rounds[1];
  expect(second.changes).toEqual(
    ids.map((pid, i) => ({
      participantId: pid,
      ...moved[i],
      from: before.get(`${pid}|${cellOf(moved[i])}`),
      to: [4.5, 5.5, 5.2][i],
      rationale: `moved toward the group (${INVITED[i]})`,
      leaves: [], // scored at the dimension: no focus point moved it
    })),
  );
  // Nothing lost: every other score is as it was after round 1.
  for (const [k, v] of before) if (!second.changes.some((c) => k === `${c.participantId}|${cellOf(c)}`)) expect(after.get(k)).toBe(v);
  expect(after.size).toBe(before.size);

  // Round 2's disagreement: the population spread of the asked cells' scores after round 2 (all four
  // people, equal influence), as a share of half the 0–10 scale, averaged — computed here by hand.
  const people = afterTwo.participants.map((p) => p.id);
  const share = (cell: { candidateId: string; criterionId: string }) => {
    const xs = people.map((p) => after.get(`${p}|${cellOf(cell)}`)).filter((x): x is number => x !== undefined);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return Math.min(1, Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length) / 5);
  };
  const expected = asked.map(share).reduce((a, b) => a + b, 0) / asked.length;
  expect(second.disagreement).toBeCloseTo(expected, 10);

  // The Rounds view: both rounds, their disagreement and whether the room converged, and the changes with rationales.
  const rounds = panel.getByTestId('vote-rounds');
  const row2 = rounds.locator('tr[data-round="2"]');
  await expect(row2.locator('[data-col="disagreement"]')).toHaveText(`${(Math.round(expected * 1000) / 10).toFixed(1)}%`);
  await expect(row2.locator('[data-col="changes"]')).toHaveText('3 changes');
  await expect(rounds.locator('details[data-round="2"]')).toContainText(`moved toward the group (${INVITED[2]})`);
  await rounds.locator('details[data-round="1"] summary').focus();
  await facilitator.keyboard.press('Enter');
  await expect(rounds.locator('details[data-round="1"]')).toContainText(`first round (${INVITED[0]})`);
  for (const c of phones) await c.close();
});
