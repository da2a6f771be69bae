import { expect as baseExpect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHost, type WebHostHandle } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { RoomPage } from './pages/RoomPage';

/**
 * The room vote's journal on a real full disk (a 1 MiB tmpfs as the host's data folder) and
 * after damage: what the participant and the facilitator are told, in both languages.
 * Loopback only: the round listens on 127.0.0.2.
 */
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** Five rationales of 1,000 characters: a ballot record of over 5 kB. */
async function fillRationales(page: Page) {
  const boxes = page.locator('textarea');
  for (let i = 0; i < 5; i++) await boxes.nth(i).fill('x'.repeat(1000));
}

/** A ballot of one cell is incomplete: the device asks first, and the participant submits anyway. */
async function submitIncomplete(page: Page) {
  await page.locator('#submit').click();
  await page.locator('#submit-anyway').click();
}

test('a full disk says "not saved — try again" on the device and on the board; after a restart the damaged journal is reported in both languages', async ({
  browser,
}) => {
  test.skip(process.getuid?.() !== 0, 'mounting a 1 MiB tmpfs needs root');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-roomvote-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dataDir]);
  let host: WebHostHandle | null = null;
  try {
    host = await startHost({ dataDir });
    const facilitator = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await facilitator.goto(host.url);
    await new LibraryPage(facilitator).create('Journal E2E');
    const room = new RoomPage(facilitator);
    await room.openStep();
    await room.addParticipant('Lin', 'Other');
    await room.addParticipant('Chen', 'Other');
    await facilitator.getByRole('button', { name: 'Room vote' }).click();
    const panel = facilitator.locator('#room-vote');
    await panel.getByLabel('Network address to listen on').fill('127.0.0.2');
    await panel.getByRole('button', { name: 'Open the round' }).click();
    await expect(panel.getByTestId('vote-code')).toBeVisible();
    const links = await panel.locator('input.vote-link').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

    const devices = await Promise.all(
      ['en-US', 'zh-CN'].map(async (locale, i) => {
        const context = await browser.newContext({ locale });
        const page = await context.newPage();
        await page.goto(links[i]);
        await page.locator('input.score').first().fill('7');
        await submitIncomplete(page);
        await expect(page.locator('#submit-state')).toHaveAttribute('data-state', 'submitted');
        return page;
      }),
    );

    // The disk fills up: less room than one record is left.
    const filler = path.join(dataDir, 'filler');
    const { bavail, bsize } = statfsSync(dataDir);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 256)));
    // A record larger than a memory page (tmpfs's unit), so it cannot fit in the journal's last page either.
    await fillRationales(devices[0]);
    await devices[0].locator('input.score').first().fill('3');
    await submitIncomplete(devices[0]);
    await expect(devices[0].locator('p.banner')).toContainText('Not saved — try again.');
    await fillRationales(devices[1]);
    await devices[1].locator('input.score').first().fill('4');
    await submitIncomplete(devices[1]);
    await expect(devices[1].locator('p.banner')).toContainText('未保存——请重试。');
    await expect(panel.getByTestId('vote-write-failure')).toContainText('The disk is full');

    // Space is freed: the next submission is acknowledged.
    rmSync(filler);
    await submitIncomplete(devices[0]);
    await expect(devices[0].locator('#submit-state')).toHaveAttribute('data-state', 'submitted');

    // The host dies mid-write: a damaged record and a torn last line are left behind.
    host.process.kill('SIGKILL');
    await new Promise((r) => host!.process.once('exit', r));
    const sessions = path.join(dataDir, 'sessions');
    const journal = path.join(
      sessions,
      readdirSync(sessions).find((f) => f.endsWith('.jsonl'))!,
    );
    appendFileSync(journal, '40 00000000 {"t":"draft","pid":"p1","at":"2026"}\n{"t":"subm');
    host = await startHost({ dataDir, port: host.port });
    await facilitator.goto('about:blank');
    await facilitator.goto(host.url);
    await facilitator.getByRole('link', { name: 'Journal E2E' }).click();
    await room.openStep();
    await facilitator.getByRole('button', { name: 'Room vote' }).click();
    const report = facilitator.getByTestId('vote-journal');
    await expect(report).toContainText('A damaged record (wrong checksum or length): skipped.');
    await expect(report).toContainText('An incomplete last record');
    await expect(report).toContainText(/\.jsonl\.torn-/);
    // Lin's acknowledged ballot (version 2) stands.
    const lin = facilitator.locator('.vote-board tr').filter({ has: facilitator.getByRole('rowheader', { name: 'Lin', exact: true }) });
    await expect(lin.locator('[data-col="submitted"]')).toContainText('version 2');

    await facilitator.getByRole('combobox', { name: /^(Language|语言)$/ }).selectOption('zh-CN');
    await expect(report).toContainText('一条记录已损坏（校验和或长度不符）：已跳过。');
    await expect(report).toContainText('最后一条记录不完整');
    await expect(report).not.toContainText('record');
  } finally {
    host?.process.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    execFileSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
