import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHost, type WebHostHandle } from './fixtures';
import { RoomPage } from './pages/RoomPage';
import { storedWorkshop } from './pages/stored';

/**
 * A disputed cell opened up for the room (sample workshop, en, 1920×1080): from the "talk about
 * these first" list by keyboard, its scores as a dot plot in the room-vote panel and on the
 * presenter (text ≥ 28 px), then "Re-vote this cell": a round asking only that cell (the form,
 * pre-filled, when no round ran yet; one click once a round has run). Listener on 127.0.0.5.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const ROOM_ADDRESS = '127.0.0.5';

interface Stored {
  scores: { candidateId: string; criterionId: string; value: number | null }[];
  rounds: {
    no: number;
    closedAt: string | null;
    cells: { candidateId: string; criterionId: string }[];
    revote: { onlyCells: boolean; showPrevious: boolean };
  }[];
}

/** The stored sample workshop: its round history and its scores. */
async function stored(page: Page): Promise<Stored> {
  const found = (await storedWorkshop<{ rounds?: Stored['rounds'] }, Stored['scores'][number]>(page))!;
  return { rounds: found.doc.rounds ?? [], scores: found.scores };
}

let dataDir: string;
let host: WebHostHandle;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-cell-'));
  host = await startHost({ dataDir });
});
test.afterAll(async () => {
  host?.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('a disputed cell opened for the room, projected, and re-voted alone', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(host.url);
  await RoomPage.openSample(page);
  await page.getByRole('button', { name: 'Group view' }).click();

  // A heatmap cell is a button too: clicked, it opens that cell (named as on the button).
  const heatCell = page.getByTestId('heatmap-cell').last();
  const heatName = (await heatCell.getAttribute('aria-label'))!;
  const [, heatCandidate, heatCriterion] = /^Open (.+) · (.+) for the room: .+$/.exec(heatName)!;
  await heatCell.click();
  const opened = page.locator('#room-vote').getByTestId('cell-focus');
  await expect(opened.getByRole('heading', { level: 3 })).toHaveText(`In focus: ${heatCandidate} · ${heatCriterion}`);
  await opened.getByRole('button', { name: 'Close the cell' }).click();
  await expect(opened).toHaveCount(0);
  // …and by keyboard (Space), from its focus.
  await heatCell.focus();
  await page.keyboard.press(' ');
  await expect(opened.getByRole('heading', { level: 3 })).toHaveText(`In focus: ${heatCandidate} · ${heatCriterion}`);
  await opened.getByRole('button', { name: 'Close the cell' }).click();

  // Opened by keyboard from the "talk about these first" list: the view takes the focus.
  const first = page.getByTestId('open-cell').first();
  const label = (await first.textContent())!.trim();
  await first.focus();
  await page.keyboard.press('Enter');
  const focus = page.locator('#room-vote').getByTestId('cell-focus');
  await expect(focus.getByRole('heading', { level: 3 })).toBeFocused();
  const [criterionName, candidateName] = label.split(' · ');
  await expect(focus.getByRole('heading', { level: 3 })).toHaveText(`In focus: ${candidateName} · ${criterionName}`);

  // The dot plot: one dot per score given to this cell, as stored (nobody's name beside it).
  const key = (await focus.getAttribute('data-cell'))!;
  const [candidateId, criterionId] = key.split('|');
  const values = (await stored(page)).scores
    .filter((s) => s.candidateId === candidateId && s.criterionId === criterionId && s.value !== null)
    .map((s) => s.value!)
    .sort((a, b) => a - b);
  expect(new Set(values).size).toBeGreaterThan(1); // disputed: people differ
  const dots = focus.locator('svg .dot');
  await expect(dots).toHaveCount(values.length);
  expect((await dots.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))))).sort((a, b) => a - b)).toEqual(values);
  await expect(focus.getByTestId('cell-focus-stats')).toContainText(`${values.length} scores`);

  // On the projector (disagreement view): the same cell, every text the room reads ≥ 28 px.
  await page.getByRole('button', { name: /Present/ }).click();
  const presenter = page.getByRole('dialog', { name: 'Presenter' });
  await page.keyboard.press('2');
  const projected = presenter.getByTestId('cell-focus');
  await expect(projected).toHaveAttribute('data-cell', key);
  await expect(projected.locator('svg .dot')).toHaveCount(values.length);
  const sizes = await projected.evaluate((root) =>
    [...root.querySelectorAll('h3, span, li, p, text')].filter((e) => (e.textContent ?? '').trim() !== '').map((e) => parseFloat(getComputedStyle(e).fontSize)),
  );
  expect(sizes.length).toBeGreaterThan(3);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(28);
  await presenter.getByRole('button', { name: /Leave/ }).click();
  await expect(presenter).toHaveCount(0);

  // No round has run yet: "Re-vote this cell" gives the new-round form asking only that cell.
  const panel = page.locator('#room-vote');
  await focus.getByRole('button', { name: 'Re-vote this cell' }).click();
  await expect(panel.getByLabel('Ask only the disputed cells')).toBeChecked();
  await expect(panel.getByLabel('Show the group’s previous median and spread beside each cell')).toBeChecked();
  await panel.getByLabel('Blind: nobody sees').uncheck();
  await panel.getByLabel('Network address to listen on').fill(ROOM_ADDRESS);
  await panel.getByRole('button', { name: 'Open the round' }).click();
  await expect(panel.getByTestId('vote-code')).toHaveText(/^[A-Z2-9]{6}$/);
  await expect.poll(async () => (await stored(page)).rounds.length).toBe(1);
  expect((await stored(page)).rounds[0]).toMatchObject({ cells: [{ candidateId, criterionId }], revote: { onlyCells: true, showPrevious: true } });
  // While the round is open, another cannot start from here.
  await expect(focus.getByRole('button', { name: 'Re-vote this cell' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Close the round' }).click();
  await expect.poll(async () => (await stored(page)).rounds[0].closedAt).not.toBeNull();
  await expect(focus.getByTestId('cell-focus-rounds')).toContainText('Round 1: spread ±');

  // A round has run: one click opens the next, on the same listener, asking only that cell.
  await focus.getByRole('button', { name: 'Re-vote this cell' }).click();
  await expect.poll(async () => (await stored(page)).rounds.length).toBe(2);
  expect((await stored(page)).rounds[1]).toMatchObject({ no: 2, cells: [{ candidateId, criterionId }], closedAt: null });
  await expect(panel.getByTestId('vote-code')).toHaveText(/^[A-Z2-9]{6}$/);
  await expect(panel.getByRole('button', { name: 'Close the round' })).toBeVisible();
});
