import { expect as baseExpect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHost, type WebHostHandle } from './fixtures';
import { largeWorkshop } from '../fixtures/largeWorkshop';
import { RoomPage } from './pages/RoomPage';

/**
 * Names in a room vote: a 1,000-character name and one with a right-to-left override neither
 * widen the facilitator's page nor reorder its text; a name picked by join code while its
 * personal link is in use is flagged on the link holder's page and on the board, until freed.
 * The round listens on 127.0.0.2 (loopback only).
 */
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const LONG = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(29).slice(0, 1000);
const OVERRIDE = 'Eve\u202Egnp.exe';

let dataDir: string;
let host: WebHostHandle;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-roomnames-'));
  host = await startHost({ dataDir });
});
test.afterAll(async () => {
  host?.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('long and bidi names stay in their column; a name picked by code while its link is in use is flagged to both, and freeing it clears the board', async ({
  browser,
}) => {
  const facilitator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await facilitator.goto(host.url);
  // Such names come in with a workshop file (the app's own form takes 200 characters).
  const doc = largeWorkshop(3, 2, 3);
  doc.participants[0].name = 'Lin';
  doc.participants[1].name = LONG;
  doc.participants[2].name = OVERRIDE;
  await facilitator
    .getByTestId('import-workshop-input')
    .setInputFiles({ name: 'names.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
  await facilitator.getByRole('link', { name: 'Large workshop' }).click();
  await new RoomPage(facilitator).openStep();

  await facilitator.getByRole('button', { name: 'Room vote' }).click();
  const panel = facilitator.locator('#room-vote');
  await panel.getByLabel('Network address to listen on').fill('127.0.0.2');
  await panel.getByRole('button', { name: 'Open the round' }).click();
  await expect(panel.getByTestId('vote-code')).toHaveText(/^[A-Z2-9]{6}$/);
  const joinCode = (await panel.getByTestId('vote-code').textContent())!;
  const roundUrl = (await panel.getByTestId('vote-url').textContent())!;
  const links = await panel.locator('input.vote-link').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

  // The board: no override left in its text, the override name reads as typed (not reordered).
  const board = panel.locator('.vote-board');
  const headers = await board.getByRole('rowheader').allTextContents();
  expect(headers).toEqual(['Lin', LONG, 'Evegnp.exe']);
  expect(headers.join('')).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  // The long name: one line, cut, the whole name on hover; neither the board nor the page is wider than the window.
  const long = board.getByRole('rowheader', { name: LONG }).locator('.vote-name');
  await expect(long).toHaveAttribute('title', LONG);
  const box = (await long.boundingBox())!;
  expect(box.width).toBeLessThan(400);
  expect(box.height).toBeLessThan(40);
  const widths = await facilitator.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
    board: document.querySelector('.vote-board')!.getBoundingClientRect().right,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  expect(widths.board).toBeLessThanOrEqual(widths.window);

  // Someone who read the code picks Eve's name, then Eve opens her personal link.
  const other = await browser.newContext();
  const impostor = await other.newPage();
  await impostor.goto(roundUrl);
  await impostor.getByLabel('Join code').fill(joinCode);
  await impostor.getByRole('button', { name: 'Join' }).click();
  await impostor.getByRole('button', { name: 'Evegnp.exe', exact: true }).click();
  await expect(impostor.getByText('Ballot of Evegnp.exe')).toBeVisible();
  await expect(impostor.getByRole('alert')).toHaveCount(0);
  // …and casts a ballot on it.
  await impostor.locator('input.score').first().fill('9');
  await impostor.locator('#submit').click();
  await impostor.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(impostor.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');

  const own = await browser.newContext({ locale: 'zh-CN' });
  const eve = await own.newPage();
  await eve.goto(links[2]);
  await expect(eve.getByText('Evegnp.exe 的评分表')).toBeVisible();
  await expect(eve.getByRole('alert')).toContainText('此名字已于');
  await expect(eve.getByRole('alert')).toContainText('请告诉主持人');
  // The device that picked the name learns straight away that the name's personal link is in use.
  await expect(impostor.getByRole('alert')).toContainText('The personal link of this name was opened on another device', { timeout: 10_000 });

  const eveRow = board.locator('tr').filter({ has: facilitator.getByRole('rowheader', { name: 'Evegnp.exe' }) });
  await expect(eveRow.getByRole('note')).toContainText('two people may be voting as this name');
  // That ballot was cast on the other device: freeing the name asks whether to keep it or set it aside.
  await eveRow.getByRole('button', { name: 'Free name' }).click();
  const ask = eveRow.getByRole('group', { name: 'Free name' });
  await expect(ask).toContainText('entered on the device that picked the name by code');
  await ask.getByRole('button', { name: 'Set the ballot aside, free the name' }).click();
  await expect(eveRow.getByRole('note')).toHaveCount(0);
  await expect(eveRow.locator('[data-col="submitted"]')).toHaveText('—');
  // Eve's page (waiting on its status) is told at once, and shows an empty ballot of her own to fill in.
  await expect(eve.locator('#ballot-set-aside')).toContainText('主持人已于', { timeout: 10_000 });
  await expect(eve.locator('#claimed-elsewhere')).toHaveCount(0);
  await expect(eve.locator('input.score').first()).toHaveValue('');
  const widthsAfter = await facilitator.evaluate(() => ({ page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
  expect(widthsAfter.page).toBeLessThanOrEqual(widthsAfter.window);

  await other.close();
  await own.close();
  await facilitator.close();
});
