import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_CRITERIA, startHost, type WebHostHandle } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { RoomPage } from './pages/RoomPage';

/**
 * Room votes end to end: a facilitator page on the web host and six participants' browsers
 * (phones and laptops) on the round's listener, which is bound to 127.0.0.2 (loopback only).
 */
test.describe.configure({ mode: 'serial', timeout: 600_000 });
// Seven browsers at once: on a loaded two-core machine a page can take many seconds to answer.
const expect = baseExpect.configure({ timeout: 60_000 });

const ROOM_ADDRESS = '127.0.0.2';
const NAMES = ['Lin', 'Chen', 'Wang', 'Zhao', 'Sun', 'Zhou'];
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1280, height: 800 } };
/** Participant i's score of candidate c on criterion k: distinct per participant, on the 0–10 scale. */
const score = (i: number, k: number, c: number) => (i * 7 + k * 3 + c * 5) % 11;
const CRITERIA = 9;
const CANDIDATES = 3;

let dataDir: string;
let host: WebHostHandle;
let browser: Browser;
let facilitator: Page;
let room: RoomPage;
const participants: { context: BrowserContext; page: Page }[] = [];
let roundUrl = '';
let joinCode = '';

// The worker's browser (playwright.config's launch options); each participant gets a context of it.
test.beforeAll(async ({ browser: workerBrowser }) => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-roomvote-'));
  host = await startHost({ dataDir });
  browser = workerBrowser;
});
test.afterAll(async () => {
  await Promise.all([...participants.map((p) => p.context), facilitator?.context()].map((c) => c?.close()));
  host?.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The progress board's row of a participant. */
const row = (name: string) => facilitator.locator('.vote-board tr').filter({ has: facilitator.getByRole('rowheader', { name, exact: true }) });

/** With ROOM_VOTE_SHOTS=<folder>, screenshots of the screens this spec walks through (to look at; nothing is compared). */
const shot = async (p: Page, name: string) => {
  if (process.env.ROOM_VOTE_SHOTS) await p.screenshot({ path: path.join(process.env.ROOM_VOTE_SHOTS, `${name}.png`), fullPage: true });
};

/** The participant page's banner saying `text`. */
const banner = (p: Page, text: string) => p.locator('p.banner', { hasText: text });

/** Whether a page can reach an address at all ('failed' once the listener has stopped). */
const fetchFrom = (p: Page, url: string) =>
  p.evaluate(
    (u) =>
      fetch(u, { cache: 'no-store' }).then(
        () => 'reached',
        () => 'failed',
      ),
    url,
  );

/** Every score input of the participant page, in page order (criteria down, candidates across). */
const scoreInputs = (p: Page) => p.locator('input.score');

/**
 * Types participant i's scores into cells [from, to): the first by Playwright's fill (real
 * input), the rest as the same `input` events in one round trip (a loaded CI machine would
 * otherwise spend most of the test's time on 160 separate fills).
 */
async function fillBallot(p: Page, i: number, from = 0, to = CRITERIA * CANDIDATES) {
  if (from >= to) return;
  await scoreInputs(p)
    .nth(from)
    .fill(String(score(i, Math.floor(from / CANDIDATES), from % CANDIDATES)));
  const values = Array.from({ length: to - from - 1 }, (_, j) => {
    const n = from + 1 + j;
    return { n, v: String(score(i, Math.floor(n / CANDIDATES), n % CANDIDATES)) };
  });
  await p.evaluate((list) => {
    const inputs = document.querySelectorAll<HTMLInputElement>('input.score');
    for (const { n, v } of list) {
      inputs[n].value = v;
      inputs[n].dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, values);
}

/** The facilitator's grid of one participant, as numbers ('' for an empty cell). */
async function gridOf(name: string): Promise<string[][]> {
  await room.participant(name).click();
  await expect(facilitator.locator('input.score-input').first()).toBeVisible();
  return facilitator.evaluate(
    ({ rows, cols }) => {
      const out: string[][] = [];
      for (let r = 0; r < rows; r++) {
        out.push([]);
        for (let c = 0; c < cols; c++) out[r].push((document.querySelector(`input.score-input[data-row="${r}"][data-col="${c}"]`) as HTMLInputElement).value);
      }
      return out;
    },
    { rows: CRITERIA, cols: CANDIDATES },
  );
}
const expected = (i: number, change?: (k: number, c: number) => number | undefined) =>
  Array.from({ length: CRITERIA }, (_, k) => Array.from({ length: CANDIDATES }, (_, c) => String(change?.(k, c) ?? score(i, k, c))));

const t0 = Date.now();
const phase = (name: string) => console.log(`[room-vote] ${((Date.now() - t0) / 1000).toFixed(1)} s ${name}`);

test('six devices vote: by link and by code, a dropped phone resumes, a changed ballot, blind until revealed, closed, one ballot undone', async () => {
  facilitator = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await facilitator.goto(host.url);
  await new LibraryPage(facilitator).create('Room vote E2E');
  room = new RoomPage(facilitator);
  await room.openStep();
  for (const name of NAMES) await room.addParticipant(name, 'Other');

  phase('Open a blind round');
  // Open a blind round with pairwise questions on the "room" interface (127.0.0.2).
  await facilitator.getByRole('button', { name: 'Room vote' }).click();
  const panel = facilitator.locator('#room-vote');
  await panel.getByLabel('Also pairwise judgments').check();
  await expect(panel.getByLabel('Blind: nobody sees')).toBeChecked();
  await panel.getByLabel('Network address to listen on').fill(ROOM_ADDRESS);
  await panel.getByRole('button', { name: 'Open the round' }).click();
  await expect(panel.getByTestId('vote-code')).toHaveText(/^[A-Z2-9]{6}$/);
  await expect(panel.getByRole('img', { name: /QR code of/ })).toBeVisible();
  roundUrl = (await panel.getByTestId('vote-url').textContent())!;
  joinCode = (await panel.getByTestId('vote-code').textContent())!;
  expect(roundUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/$/);
  const links = await panel.locator('input.vote-link').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(links).toHaveLength(6);

  phase('Participants 0, 2, 4');
  // Participants 0, 2, 4 join by personal link; 1, 3, 5 by the join code (picking their own name).
  // (All six at once, as in a room: it also keeps the test short on a busy machine.)
  participants.push(
    ...(await Promise.all(
      NAMES.map(async (name, i) => {
        const context = await browser.newContext({ ...(i % 2 === 0 ? PHONE : LAPTOP), locale: i === 3 ? 'zh-CN' : 'en-US' });
        const page = await context.newPage();
        if (i % 2 === 0) await page.goto(links[i]);
        else {
          await page.goto(roundUrl);
          await page.getByLabel(i === 3 ? '加入码' : 'Join code').fill(joinCode);
          await page.getByRole('button', { name: i === 3 ? '加入' : 'Join' }).click();
          await page.getByRole('button', { name, exact: true }).click();
        }
        await expect(page.getByText(i === 3 ? `${name} 的评分表` : `Ballot of ${name}`)).toBeVisible();
        await expect(scoreInputs(page)).toHaveCount(CRITERIA * CANDIDATES);
        return { context, page };
      }),
    )),
  );
  for (const name of NAMES) await expect(row(name).locator('[data-col="joined"]')).not.toHaveText('not joined');

  phase('Everyone scores');
  // Everyone scores (with a rationale in the first cell). Participant 2 drops mid-ballot.
  const dropout = async () => {
    const { context, page } = participants[2];
    await page.locator('textarea').first().fill('why-2 <script>window.__x=1</script>');
    await fillBallot(page, 2, 0, 10);
    await expect(page.locator('#draft-state')).toHaveText('Draft saved.');
    // Typing in a field when the connection drops: the page redraws to say so, and the keys typed
    // after that still land in the field (the focus and the caret stay where they were).
    // (A slip typed before, corrected after the redraw.)
    await scoreInputs(page).nth(10).focus();
    await page.keyboard.type(score(2, 3, 1) === 1 ? '2' : '1');
    await context.setOffline(true);
    await expect(page.getByText('No connection.')).toBeVisible({ timeout: 15_000 });
    await expect(scoreInputs(page).nth(10)).toBeFocused();
    await page.keyboard.press('Backspace');
    await page.keyboard.type(String(score(2, 3, 1)));
    await expect(scoreInputs(page).nth(10)).toHaveValue(String(score(2, 3, 1)));
    await fillBallot(page, 2, 11, 18);
    await context.setOffline(false);
    await expect(page.getByText('No connection.')).toBeHidden({ timeout: 15_000 });
    // The phone's tab is gone (slept, closed); the same device opens the address again and resumes.
    await page.close();
    const again = await context.newPage();
    participants[2].page = again;
    await again.goto(roundUrl);
    await expect(scoreInputs(again).nth(17)).toHaveValue(String(score(2, 5, 2)));
    await fillBallot(again, 2, 18);
  };
  await Promise.all(
    participants.map(async ({ page }, i) => {
      if (i === 2) return dropout();
      await page.locator('textarea').first().fill(`why-${i} <script>window.__x=1</script>`);
      await fillBallot(page, i);
    }),
  );
  phase('Participant 0 answer');
  // Participant 0 answers one pairwise question and skips the next.
  await participants[0].page.locator('#pair').focus();
  await participants[0].page.keyboard.press('ArrowRight');
  await participants[0].page.keyboard.press('ArrowRight');
  await participants[0].page.getByRole('button', { name: 'Skip' }).click();

  await Promise.all(
    participants.map(async ({ page }) => {
      await page.locator('#submit').click();
      await expect(page.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');
    }),
  );
  // Participant 1 changes a submitted ballot.
  await scoreInputs(participants[1].page).nth(0).fill('10');
  await expect(participants[1].page.locator('#submit-state')).toHaveAttribute('data-state', 'changed');
  await participants[1].page.locator('#submit').click();
  await expect(participants[1].page.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');

  phase('The board: all six');
  // The board: all six submitted, every cell filled, Chen's ballot changed once.
  for (const name of NAMES) await expect(row(name).locator('[data-col="submitted"]')).toContainText('submitted');
  await expect(row('Chen').locator('[data-col="submitted"]')).toContainText('version 2');
  await expect(row('Wang').locator('[data-col="cells"]')).toContainText('27 / 27');
  await expect(room.participant('Chen')).toContainText('27/27');

  phase('Blind: no score');
  // Blind: no score and no rationale reaches any page's DOM before the reveal.
  await room.participant('Chen').click();
  const leak = (p: Page, others: number[]) =>
    p.evaluate(
      (markers) => {
        const html = document.documentElement.outerHTML;
        const values = [...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value);
        return { markers: markers.filter((m) => html.includes(m) || values.some((v) => v.includes(m))), scored: values.filter((v) => /^\d+$/.test(v)).length };
      },
      others.map((i) => `why-${i}`),
    );
  expect(await leak(facilitator, [0, 1, 2, 3, 4, 5])).toEqual({ markers: [], scored: 0 });
  // Blind hides judgments too: the AHP panel shows only how many pairs each participant answered.
  await room.weightsPart('AHP pairwise');
  await expect(facilitator.getByTestId('ahp-blind')).toBeVisible();
  await expect(facilitator.locator('.pairs li, [data-testid="ahp-judges"]')).toHaveCount(0);
  await room.view('Scoring');
  const own = await leak(participants[0].page, [1, 2, 3, 4, 5]);
  expect(own.markers).toEqual([]);
  // Script in a rationale is shown as text, never run.
  expect(await participants[0].page.evaluate(() => (window as unknown as { __x?: number }).__x)).toBeUndefined();

  phase('Reveal: the workshop');
  // Reveal: the workshop holds exactly the submitted scores.
  await facilitator.locator('#room-vote').getByRole('button', { name: 'Reveal scores' }).click();
  for (let i = 0; i < NAMES.length; i++)
    expect(await gridOf(NAMES[i]), NAMES[i]).toEqual(expected(i, i === 1 ? (k, c) => (k === 0 && c === 0 ? 10 : undefined) : undefined));

  phase('Close: ballots');
  // Close: ballots are final; every device is told at once (in its own language) that the round
  // is closed, not that the connection is lost, and keeps its answers, read-only.
  await facilitator.locator('#room-vote').getByRole('button', { name: 'Close the round' }).click();
  await expect(facilitator.locator('.vote-state')).toContainText('Round closed: 6 of 6');
  await expect(banner(participants[3].page, '本轮投票已关闭')).toBeVisible();
  await expect(banner(participants[0].page, 'The round is closed.')).toBeVisible();
  await expect(scoreInputs(participants[0].page).first()).toBeDisabled();
  await expect(scoreInputs(participants[0].page).first()).toHaveValue(String(score(0, 0, 0)));
  // The listener stops (the devices' answers in flight get up to a second to finish), and the
  // devices still say "closed" rather than "no connection".
  await expect.poll(() => fetchFrom(participants[0].page, roundUrl), { timeout: 5_000 }).toBe('failed');
  for (const i of [0, 3]) await expect(participants[i].page.locator('.banner.warn')).toHaveCount(0);
  await shot(participants[0].page, 'closed-en-phone');
  await shot(participants[3].page, 'closed-zh-laptop');

  phase('Undo the last');
  // Undo the last ballot step: Chen's changed ballot goes back to the first one.
  await facilitator.keyboard.press('Control+z');
  expect(await gridOf('Chen')).toEqual(expected(1));
});

test('reopened, the devices come back by themselves; the host is killed mid-round and restarted: every acknowledged ballot is there, drafts resume', async () => {
  phase('Reopen');
  const panel = facilitator.locator('#room-vote');
  await panel.getByRole('button', { name: 'Reopen the round' }).click();
  await expect(facilitator.locator('.vote-state')).toContainText('Round open');
  // No reload: the devices notice the reopened round and take answers again.
  const phone = participants[0].page;
  const laptop = participants[5].page;
  for (const p of [phone, laptop, participants[3].page]) await expect(scoreInputs(p).first()).toBeEnabled({ timeout: 20_000 });
  await expect(banner(phone, 'The round is closed.')).toBeHidden();
  await expect(banner(participants[3].page, '本轮投票已关闭')).toBeHidden();
  // A draft on the server, and a submission from another device…
  await scoreInputs(phone).nth(1).fill('1');
  await expect(phone.locator('#draft-state')).toHaveText('Draft saved.');
  await scoreInputs(laptop).nth(2).fill('0');
  await laptop.locator('#submit').click();
  await expect(laptop.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');

  phase('Kill the host');
  // …then the facilitator's host dies.
  host.process.kill('SIGKILL');
  await new Promise((r) => host.process.once('exit', r));
  host = await startHost({ dataDir, port: host.port });
  // A fresh load (the address differs only in its #token, which a same-page navigation would not reload).
  await facilitator.goto('about:blank');
  await facilitator.goto(host.url);
  await facilitator.getByRole('link', { name: 'Room vote E2E' }).click();
  await room.openStep();
  await facilitator.getByRole('button', { name: 'Room vote' }).click();
  await expect(facilitator.locator('.vote-state')).toContainText('Round open');
  await expect(facilitator.getByTestId('vote-url')).toHaveText(roundUrl);
  await expect(facilitator.getByTestId('vote-code')).toHaveText(joinCode);

  // The phone resumes its draft on the same address; the laptop's ballot is in the workshop.
  await phone.reload();
  await expect(scoreInputs(phone).nth(1)).toHaveValue('1');
  expect(await gridOf('Zhou')).toEqual(expected(5, (k, c) => (k === 0 && c === 2 ? 0 : undefined)));
  await facilitator.locator('#room-vote').getByRole('button', { name: 'Close the round' }).click();
  await expect(facilitator.locator('.vote-state')).toContainText('Round closed');
  phase('Done');
});

test("a blind pairwise-only round from the AHP panel: judgments of the criteria, no scores, no weights shown before the reveal, merged as the participant's judgments", async () => {
  phase('Pairwise round');
  await room.weightsPart('AHP pairwise');
  // The team first adopts group AHP weights: Lin's judgments of Mismatch control against the eight
  // others link all nine criteria.
  await facilitator.getByRole('combobox', { name: 'Judgments of' }).selectOption({ label: 'Lin' });
  const [first, ...others] = SAMPLE_CRITERIA;
  for (const [k, c] of others.entries()) await facilitator.getByRole('slider', { name: `${first} versus ${c}` }).fill(String(-1 - (k % 3)));
  await facilitator.getByRole('button', { name: 'Use the group AHP weights' }).click();
  await expect(facilitator.getByTestId('weights-provenance')).toContainText('group AHP weights of Lin');
  await facilitator.getByRole('button', { name: 'Room vote on the judgments' }).click();
  const panel = facilitator.locator('#room-vote');
  await expect(panel.getByLabel('Scores of the candidates')).not.toBeChecked();
  await expect(panel.getByLabel('Pairwise judgments of the criteria only')).toBeChecked();
  await expect(panel.getByLabel('Blind: nobody sees')).toBeChecked();
  await shot(facilitator, 'pairwise-form');
  await panel.getByLabel('Network address to listen on').fill(ROOM_ADDRESS);
  await panel.getByRole('button', { name: 'Open the round' }).click();
  await expect(panel.locator('.vote-board thead')).toContainText('Pairs answered');
  const link = await row('Lin').locator('input.vote-link').inputValue({ timeout: 60_000 });

  // Lin's phone (the same device as before) opens the new link: the questions, no candidate, no score.
  const phone = participants[0].page;
  await phone.goto(link);
  await expect(phone.getByText('This round asks only which criteria matter more')).toBeVisible();
  await expect(scoreInputs(phone)).toHaveCount(0);
  await expect(phone.getByText('Pairwise questions answered: 0 of 36')).toBeVisible();
  await phone.locator('#pair').focus();
  await phone.keyboard.press('ArrowRight');
  await phone.keyboard.press('ArrowRight');
  await phone.locator('#submit').click();
  // 1 of 36: the device asks first, saying how many are unanswered.
  await expect(phone.getByRole('dialog', { name: 'Submit an incomplete ballot?' })).toContainText('35 of 36 pairwise questions are not answered.');
  await phone.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(phone.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');
  await expect(row('Lin').locator('[data-col="cells"]')).toContainText('1 / 36');
  await shot(phone, 'pairwise-en-phone');
  await shot(facilitator, 'pairwise-board');

  // Blind: Lin's new judgments make the weights a proposal, but neither the proposed weights nor
  // the AHP panel's values show before the reveal; the team's weights stay in force.
  const proposal = facilitator.getByRole('region', { name: 'Proposed change to the weights' });
  await expect(proposal).toContainText('Lin changed their AHP judgments');
  await expect(proposal).toContainText('The proposed weights show after the reveal.');
  await expect(proposal.getByRole('table')).toHaveCount(0);
  await expect(proposal.getByRole('button', { name: 'Accept the new weights' })).toHaveCount(0);
  await expect(facilitator.getByTestId('ahp-blind')).toBeVisible();
  await panel.getByRole('button', { name: 'Reveal scores' }).click();
  // Revealed: a ballot's pairs merge into Lin's judgments (a pair it does not answer keeps the
  // earlier judgment), so the one changed pair gives new weights at once.
  await expect(proposal.getByRole('table')).toBeVisible();
  await expect(proposal.getByRole('button', { name: 'Accept the new weights' })).toBeEnabled();
  // Lin answers the seven other pairs of Mismatch control and submits again: the proposal follows.
  for (let k = 0; k < 7; k++) {
    await phone.getByRole('button', { name: 'Next', exact: true }).click();
    await phone.locator('#pair').focus();
    await phone.keyboard.press('ArrowLeft');
  }
  await phone.locator('#submit').click();
  await phone.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(phone.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');
  await expect(proposal.getByRole('table')).toBeVisible();
  await expect(proposal.getByRole('button', { name: 'Accept the new weights' })).toBeEnabled();

  // Lin's judgment is in the workshop (the AHP panel shows it); the scores stay as they were.
  await facilitator.getByRole('combobox', { name: 'Judgments of' }).selectOption({ label: 'Lin' });
  await expect(facilitator.locator('.pairs li').first().locator('.pair-value')).toHaveText(/×3$/);
  await panel.getByRole('button', { name: 'Close the round' }).click();
  await expect(banner(phone, 'The round is closed.')).toBeVisible();
  await room.view('Scoring');
  expect(await gridOf('Lin')).toEqual(expected(0));
  phase('Done');
});
