import { _electron as electron, expect, test } from '@playwright/test';
// @ts-expect-error plain ESM helper without types
import { electronBinary } from '../../scripts/electron-binary.mjs';

/**
 * The desktop shell itself, in a real Electron. Runs wherever an Electron binary is available
 * (after `npm ci` on a normal machine, or with ELECTRON_OVERRIDE_DIST_PATH); the same security
 * rules are unit-tested without the binary in electron/main/shell.test.ts.
 */
const binary: string | null = electronBinary();
test.skip(
  !binary,
  'No Electron binary on this machine: it is downloaded on first launch, which this network does not allow. Set ELECTRON_OVERRIDE_DIST_PATH to a local Electron build to run these tests.',
);

test('the desktop app opens the library in a hardened window; navigation and new windows are refused', async () => {
  const app = await electron.launch({ executablePath: binary!, args: ['.'] });
  const win = await app.firstWindow();
  await expect(win.getByRole('heading', { name: /^(Workshops|工作坊)$/ })).toBeVisible();
  expect(win.url()).toMatch(/^app:\/\/workshop\//);
  // No Node in the renderer; only the contract bridge.
  expect(await win.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
  expect(await win.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe('undefined');
  expect(await win.evaluate(() => typeof (window as unknown as { selectionWorkshop?: { call?: unknown } }).selectionWorkshop?.call)).toBe('function');
  // The contract answers through IPC.
  const info = await win.evaluate(
    async () =>
      await (window as unknown as { selectionWorkshop: { call: (m: string, p: unknown) => { promise: Promise<unknown> } } }).selectionWorkshop.call(
        'app.info',
        {},
      ).promise,
  );
  expect(info).toMatchObject({ ok: true, result: { host: 'electron' } });
  // Navigation away and new windows are denied.
  const windows = app.windows().length;
  await win.evaluate(() => window.open('https://example.com/'));
  await win.evaluate(() => (location.href = 'https://example.com/'));
  await win.waitForTimeout(500);
  expect(win.url()).toMatch(/^app:\/\/workshop\//);
  expect(app.windows().length).toBe(windows);
  await app.close();
});
