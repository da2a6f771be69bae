import { expect as baseExpect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHost, type WebHostHandle } from './fixtures';
import { RoomPage } from './pages/RoomPage';
import { storedWorkshop } from './pages/stored';

/**
 * A facilitator-paced round on the sample workshop (en, 1920×1080) with two phones (browser
 * contexts): one pairwise question at a time. Both answer question 1, the projector says 2 of 2,
 * the reveal shows the group's geometric mean (checked against the two judgments), → moves the
 * room on and the phones show question 2 by themselves, and the stored workshop holds both
 * answers. The round's listener is bound to 127.0.0.7 (loopback only).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const ROOM_ADDRESS = '127.0.0.7';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const INVITED = ['Chen (ML)', 'Wang (SRE)'];
const LEFT_OUT = ['Lin (facilitator)', 'Zhao (finance)'];
/** Slider steps the two phones choose (−8 … 8), and the judgments they stand for (Saaty: k ≥ 0 → k + 1, k < 0 → 1/(1 − k)). */
const STEPS = [2, -1];
const judgment = (k: number) => (k >= 0 ? k + 1 : 1 / (1 - k));

interface Stored {
  participants: { id: string; name: string }[];
  weighting: { ahp: { participantId: string; criteria: string[]; matrix: (number | null)[][] }[] };
}

let dataDir: string;
let host: WebHostHandle;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-paced-'));
  host = await startHost({ dataDir });
});
test.afterAll(async () => {
  host?.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('a paced round: one question at a time on two phones, counted and revealed on the projector, stored', async ({ browser }) => {
  const facilitator = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await facilitator.goto(host.url);
  await RoomPage.openSample(facilitator);
  await facilitator.getByRole('button', { name: 'Room vote' }).click();
  const panel = facilitator.locator('#room-vote');
  // Pairwise judgments only, two people, facilitator-paced.
  await panel.getByLabel('Scores of the candidates').uncheck();
  const invited = panel.getByRole('group', { name: 'Who is invited' });
  for (const name of LEFT_OUT) await invited.getByRole('checkbox', { name }).uncheck();
  for (const name of INVITED) await expect(invited.getByRole('checkbox', { name })).toBeChecked();
  await panel.getByLabel('Facilitator-paced').check();
  await panel.getByLabel('Network address to listen on').fill(ROOM_ADDRESS);
  await panel.getByRole('button', { name: 'Open the round' }).click();
  await expect(panel.getByTestId('vote-code')).toHaveText(/^[A-Z2-9]{6}$/);
  await expect(panel.getByTestId('paced-answered')).toHaveText('0 of 2 answered');

  // Each phone opens its personal link: only question 1, answered with the slider.
  const phones = await Promise.all(INVITED.map(() => browser.newContext(PHONE)));
  const pages = await Promise.all(phones.map((c) => c.newPage()));
  let pair: [string, string] | null = null;
  for (const [i, name] of INVITED.entries()) {
    const row = panel.locator('.vote-board tr').filter({ has: facilitator.getByRole('rowheader', { name, exact: true }) });
    await pages[i].goto(await row.locator('input.vote-link').inputValue());
    const question = pages[i].locator('#paced');
    await expect(question).toHaveAttribute('data-index', '0');
    await expect(question).toContainText('Question 1 of');
    await expect(pages[i].locator('input.score, #submit')).toHaveCount(0);
    const [kind, a, b] = (await question.getAttribute('data-question'))!.split(':');
    expect(kind).toBe('pair');
    pair = [a, b];
    await pages[i].locator('#paced-pair').fill(String(STEPS[i]));
    await pages[i].locator('#paced-send').click();
    await expect(pages[i].locator('#paced-state')).toHaveText(/stored/);
  }

  // The board: both answered, and both still answering the next questions (each answer is stored as a submission).
  await expect(panel.locator('.vote-state')).toContainText('Facilitator-paced round open: 2 of 2 have sent answers.');
  await expect(panel.locator('.vote-board td[data-col="submitted"]')).toHaveText(['answers sent', 'answers sent']);
  await expect(panel.locator('.vote-board td[data-col="joined"]')).toHaveText(['answering', 'answering']);

  // The projector: 2 of 2 answered; R reveals the answers and the group's geometric mean.
  await panel.getByRole('button', { name: 'Show on the projector' }).click();
  const projector = facilitator.getByRole('dialog', { name: 'Room vote on the projector' });
  await expect(projector.getByTestId('paced-answered')).toHaveText('2 of 2 answered');
  await expect(projector.getByTestId('paced-result')).toHaveCount(0);
  await facilitator.keyboard.press('r');
  const geo = Math.sqrt(judgment(STEPS[0]) * judgment(STEPS[1]));
  await expect(projector.getByTestId('paced-group')).toContainText(`Group’s geometric mean: ${Math.round(geo * 100) / 100}`);
  await expect(projector.locator('svg .dot')).toHaveCount(2);
  // What the room reads is at least 28 px at 1920×1080.
  const sizes = await projector
    .getByTestId('paced-view')
    .evaluate((root) =>
      [...root.querySelectorAll('p, span, text')].filter((e) => (e.textContent ?? '').trim() !== '').map((e) => parseFloat(getComputedStyle(e).fontSize)),
    );
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(28);
  // Revealed on the phones too: no more answers to it.
  await expect(pages[0].locator('#paced-send')).toBeDisabled();

  // → : the next question reaches both phones without a reload.
  await facilitator.keyboard.press('ArrowRight');
  await expect(projector.getByTestId('paced-view')).toHaveAttribute('data-index', '1');
  await expect(projector.getByTestId('paced-answered')).toHaveText('0 of 2 answered');
  for (const p of pages) {
    await expect(p.locator('#paced')).toHaveAttribute('data-index', '1');
    await expect(p.locator('#paced-send')).toBeEnabled();
  }
  await facilitator.keyboard.press('Escape');

  // The stored workshop: each phone's judgment of the pair of question 1.
  const [a, b] = pair!;
  await expect
    .poll(async () => {
      const doc = (await storedWorkshop<Stored, unknown>(facilitator))!.doc;
      return INVITED.map((name) => {
        const pid = doc.participants.find((p) => p.name === name)!.id;
        const j = doc.weighting.ahp.find((x) => x.participantId === pid);
        return j ? j.matrix[j.criteria.indexOf(a)]?.[j.criteria.indexOf(b)] : null;
      });
    })
    .toEqual(STEPS.map(judgment));
  for (const c of phones) await c.close();
});
