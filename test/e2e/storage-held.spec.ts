import { chromium, expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';
import { startHost, type WebHostHandle } from './fixtures';

/**
 * The library's files held by another process when the app starts (a window of the app still
 * closing after a crash, a backup or antivirus program): Chromium waits about 10 s for them, then
 * fails to open IndexedDB ("Internal error opening backing store"). The library must say what is
 * happening (never "0 workshops", "No workshops yet", or that another window holds an older
 * version), open the database again by itself, and show every workshop once the files are free,
 * without a reload.
 */
test.setTimeout(120_000);

let host: WebHostHandle;
test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(() => {
  host?.process.kill();
});

/** Holds LevelDB's lock on `lockFile` (a POSIX fcntl lock, as LevelDB takes it) until killed. */
function holdLock(lockFile: string): Promise<ChildProcess> {
  const script =
    'import fcntl, sys, time\nf = open(sys.argv[1], "r+")\nfcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\nprint("held", flush=True)\ntime.sleep(600)';
  const child = spawn('python3', ['-c', script, lockFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.once('data', () => resolve(child));
    child.once('error', (e) => reject(new Error(`python3 (which holds the lock) could not start: ${e.message}`)));
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}): ${err}`)));
  });
}

test('the library’s files held by another process at start: it says so, opens them again by itself, and every workshop is there', async () => {
  const profile = mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'sw-held-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS, viewport: { width: 1366, height: 800 } });
  let holder: ChildProcess | null = null;
  try {
    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto(host.url);
    await page.getByRole('button', { name: /New workshop/ }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('Kept through a held start');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('navigation', { name: 'Decision path' })).toBeVisible({ timeout: 30_000 });
    await context.close();

    const store = path.join(profile, 'Default', 'IndexedDB');
    const leveldb = readdirSync(store).find((d) => d.endsWith('.indexeddb.leveldb'));
    expect(leveldb, `the app's IndexedDB in ${store}`).toBeDefined();
    holder = await holdLock(path.join(store, leveldb!, 'LOCK'));

    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(host.url);
    const library = page.getByRole('main');
    // While Chromium waits for the files: the library is opening, not empty.
    await expect(library.getByText('Opening the library…')).toBeVisible();
    // Chromium gives up after about 10 s: the app says why, and that it tries again.
    await expect(page.getByRole('alert')).toContainText('cannot be opened yet', { timeout: 30_000 });
    await expect(page.getByRole('alert')).toContainText('tries again by itself');
    for (const wrong of [/No workshops yet/, /\b0 workshops\b/, /older version/]) await expect(library.getByText(wrong)).toHaveCount(0);

    holder.kill();
    holder = null;
    // The next try (1, 2, 4 … s later) opens the database: the workshops are there, the alert gone.
    await expect(page.getByRole('link', { name: 'Kept through a held start' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: /Sample/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(library.getByText('2 workshops')).toBeVisible();
    await context.close();
  } finally {
    holder?.kill();
    rmSync(profile, { recursive: true, force: true });
  }
});
