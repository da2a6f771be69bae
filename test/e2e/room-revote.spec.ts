import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectedText, startHost, type WebHostHandle } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { RoomPage } from './pages/RoomPage';
import { WizardPage } from './pages/WizardPage';

/**
 * A second round on the sample workshop, as a facilitator runs it: every participant already
 * scored all 27 cells; a new blind round invites one person, whose phone starts empty. The
 * round's listener is bound to 127.0.0.3 (loopback only).
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const ROOM_ADDRESS = '127.0.0.3';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const ZHAO = 'Zhao (finance)';
const CRITERIA = 9;
const CANDIDATES = 3;

let dataDir: string;
let host: WebHostHandle;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-revote-'));
  host = await startHost({ dataDir });
});
test.afterAll(async () => {
  host?.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The facilitator's grid of one participant, as typed text ('' for an empty or hidden cell). */
async function gridOf(page: Page, room: RoomPage, name: string): Promise<string[][]> {
  await room.participant(name).click();
  await expect(page.locator('input.score-input').first()).toBeVisible();
  return page.evaluate(
    ({ rows, cols }) =>
      Array.from({ length: rows }, (_, r) =>
        Array.from({ length: cols }, (__, c) => (document.querySelector(`input.score-input[data-row="${r}"][data-col="${c}"]`) as HTMLInputElement).value),
      ),
    { rows: CRITERIA, cols: CANDIDATES },
  );
}

test('second round, one person invited, two cells submitted: the other 25 scores stay; a cell cleared on purpose is cleared; blind cells are read-only; the phone confirms what is missing and shows the closed round wherever it is scrolled', async ({
  browser,
}) => {
  const facilitator = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await facilitator.goto(host.url);
  const room = await RoomPage.openSample(facilitator);
  const before = await gridOf(facilitator, room, ZHAO);
  expect(before.flat().filter((v) => v !== '')).toHaveLength(CRITERIA * CANDIDATES);

  // A new round: scores (and pairwise judgments), blind, only Zhao invited. The form warns that
  // devices start empty and what that means for the scores Zhao already has.
  await facilitator.getByRole('button', { name: 'Room vote' }).click();
  const panel = facilitator.locator('#room-vote');
  await panel.getByLabel('Also pairwise judgments').check();
  const invited = panel.getByRole('group', { name: 'Who is invited' }).getByRole('checkbox');
  for (let i = 0; i < (await invited.count()); i++) {
    const box = invited.nth(i);
    const label = (await box.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
    if (label !== ZHAO) await box.uncheck();
  }
  await expect(panel.getByTestId('vote-starts-empty')).toContainText(ZHAO);
  await expect(panel.getByTestId('vote-starts-empty')).toContainText('a cell they leave empty keeps its current value');
  await expect(panel.getByLabel('Blind: nobody sees')).toBeChecked();
  await panel.getByLabel('Network address to listen on').fill(ROOM_ADDRESS);
  await panel.getByRole('button', { name: 'Open the round' }).click();
  await expect(panel.getByTestId('vote-code')).toHaveText(/^[A-Z2-9]{6}$/);
  const roundUrl = (await panel.getByTestId('vote-url').textContent())!;
  const joinCode = (await panel.getByTestId('vote-code').textContent())!;
  const row = panel.locator('.vote-board tr').filter({ has: facilitator.getByRole('rowheader', { name: ZHAO, exact: true }) });
  expect(await panel.locator('.vote-board tbody tr').count()).toBe(1);

  // The QR code's address carries the join code: scanned, the page goes straight to the names.
  const scanner = await browser.newContext(PHONE);
  const scanned = await scanner.newPage();
  await scanned.goto(`${roundUrl}#c=${joinCode}`);
  await expect(scanned.getByRole('button', { name: ZHAO, exact: true })).toBeVisible();
  await scanner.close();

  const link = await row.locator('input.vote-link').inputValue();
  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  await phone.goto(link);
  const inputs = phone.locator('input.score');
  await expect(inputs).toHaveCount(CRITERIA * CANDIDATES);
  expect(await inputs.evaluateAll((els) => els.filter((e) => (e as HTMLInputElement).value !== '').length)).toBe(0);
  await expect(row.locator('[data-col="joined"]')).toHaveText('joined');

  // The vote on the projector: QR and join code large, how many have submitted, and (the
  // facilitator's choice) who is still answering.
  await panel.getByLabel('The projector names who is still answering').check();
  await facilitator.setViewportSize({ width: 1920, height: 1080 });
  await panel.getByRole('button', { name: 'Show on the projector' }).click();
  const projector = facilitator.getByRole('dialog', { name: 'Room vote on the projector' });
  await expect(projector.getByTestId('projected-code')).toHaveText(joinCode);
  await expect(projector.getByRole('img', { name: /QR code of/ })).toBeVisible();
  await expect(projector.getByTestId('projected-count')).toHaveText('0 of 1 submitted');
  await expect(projector.getByTestId('projected-still')).toHaveText(`Still answering: ${ZHAO}`);
  // Legible from the back of the room: nothing under 28 px at 1920×1080.
  expect((await projectedText(facilitator, '.vote-projector')).filter((t) => t.px < 28 - 0.01)).toEqual([]);
  await facilitator.keyboard.press('Escape');
  await facilitator.setViewportSize({ width: 1366, height: 900 });
  await expect(projector).toHaveCount(0);

  // Blind: the facilitator cannot type into Zhao's hidden cells.
  await room.participant(ZHAO).click();
  const hidden = facilitator.locator('input.score-input[data-row="0"][data-col="1"]');
  await expect(hidden).toHaveAttribute('readonly', '');
  await hidden.focus();
  await facilitator.keyboard.type('1');
  await facilitator.keyboard.press('Tab');

  // Zhao answers two cells (criteria down, candidates across), both different from before.
  const other = (v: string) => (v === '9' ? '2' : '9');
  const changed = [
    { n: 0, value: other(before[0][0]) },
    { n: 4, value: other(before[1][1]) },
  ];
  for (const { n, value } of changed) await inputs.nth(n).fill(value);
  await expect(row.locator('[data-col="joined"]')).toHaveText('answering');

  // An incomplete ballot asks first, naming what is missing; "Keep answering" submits nothing.
  await phone.locator('#submit').click();
  const dialog = phone.getByRole('dialog', { name: 'Submit an incomplete ballot?' });
  await expect(dialog).toContainText('25 of 27 cells have no score');
  await expect(dialog.locator('#missing-list li').first()).toContainText('Mismatch control');
  await expect(dialog).toContainText('… and 17 more');
  await dialog.getByRole('button', { name: 'Keep answering' }).click();
  await expect(dialog).toBeHidden();
  await expect(phone.locator('#submit-state')).toHaveAttribute('data-state', 'none');
  await phone.locator('#submit').click();
  await dialog.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(phone.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');
  await expect(row.locator('[data-col="joined"]')).toHaveText('submitted');
  await expect(row.locator('[data-col="cells"]')).toContainText('2 / 27');

  // Reveal: the two answered cells changed, the other 25 are as they were (and the facilitator's
  // blind keystroke stored nothing).
  await panel.getByRole('button', { name: 'Show on the projector' }).click();
  await expect(projector.getByTestId('projected-count')).toHaveText('1 of 1 submitted');
  await expect(projector.getByTestId('projected-still')).toHaveText('Every ballot is in');
  await expect(projector).toContainText('Scores stay hidden until the reveal');
  await expect(projector.getByTestId('projected-result')).toHaveCount(0);
  await projector.getByRole('button', { name: 'Reveal scores' }).click();
  await expect(projector.getByTestId('projected-result').getByRole('img', { name: /Result: Ranking/ })).toBeVisible();
  await facilitator.keyboard.press('Escape');
  const expected = before.map((r) => [...r]);
  expected[0][0] = changed[0].value;
  expected[1][1] = changed[1].value;
  await expect.poll(() => gridOf(facilitator, room, ZHAO)).toEqual(expected);
  await expect(room.participant(ZHAO)).toContainText('27/27');

  // Zhao empties one of his cells on purpose and submits again: that score, and only it, is removed.
  await inputs.nth(4).fill('');
  await phone.locator('#submit').click();
  await dialog.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(row.locator('[data-col="submitted"]')).toContainText('version 2');
  expected[1][1] = '';
  await expect.poll(() => gridOf(facilitator, room, ZHAO)).toEqual(expected);

  // Closed while the phone is scrolled to the bottom: the closed state is on screen there, and
  // nothing can be changed (the pairwise Next included).
  await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(phone.getByRole('button', { name: 'Next', exact: true })).toBeInViewport();
  await panel.getByRole('button', { name: 'Close the round' }).click();
  await expect(phone.locator('#closed-banner')).toBeInViewport();
  await expect(phone.locator('#closed-banner')).toContainText('The round is closed.');
  expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await expect(phone.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await expect(phone.getByRole('button', { name: 'Skip' })).toBeDisabled();
  await expect(inputs.last()).toBeDisabled();
  await expect(phone.locator('#submit')).toBeDisabled();
  await context.close();
});

test('a participant that stands for measured data ("Pilot data") is not invited to a round by default', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(host.url);
  await new LibraryPage(page).openSample('en');
  const wizard = new WizardPage(page);
  await wizard.gotoStep('Metrics comparison');
  await wizard.importMetrics(path.resolve('test/fixtures/pilot-metrics.csv'));
  await page.getByRole('combobox', { name: 'Take into the evaluation as' }).selectOption({ label: 'A new participant “Pilot data”' });
  await page.getByRole('button', { name: /^Write \d+ scores$/ }).click();
  await expect(page.getByText(/Wrote \d+ suggested scores for Pilot data\./)).toBeVisible();
  await new RoomPage(page).openStep();
  await page.getByRole('button', { name: 'Room vote' }).click();
  const invited = page.locator('#room-vote').getByRole('group', { name: 'Who is invited' });
  await expect(invited.getByRole('checkbox', { name: 'Pilot data' })).not.toBeChecked();
  await expect(invited.getByRole('checkbox', { name: ZHAO })).toBeChecked();
  await page.context().close();
});
