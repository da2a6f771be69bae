import { createServer, type Server } from 'node:http';
import { test, expect } from './fixtures';

// The web host's opener isolation, as a browser applies it (the header rule itself is unit-tested in
// electron/hosts/web.test.ts): a window that another site opens on the app is cut off from it; the
// user's own start gets no Cross-Origin-Opener-Policy, which would only cost a process swap.

let foreign: Server;
let foreignUrl: string;
test.beforeAll(async () => {
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>another site</title><p>another site</p>');
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  const address = foreign.address();
  // localhost is another site than 127.0.0.1 (the app's address).
  foreignUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}/`;
});
test.afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())));

test('another site that opens the app in a window gets no handle on it', async ({ page, context, host }) => {
  await page.goto(foreignUrl);
  const popupOpened = context.waitForEvent('page');
  await page.evaluate((url) => {
    (window as unknown as { appWindow: Window | null }).appWindow = window.open(url);
  }, host.url);
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: 'New workshop' })).toBeVisible();
  // COOP moved the app into its own browsing context group: the opener's handle reads as closed
  // and the app sees no opener.
  await expect.poll(() => page.evaluate(() => (window as unknown as { appWindow: Window | null }).appWindow?.closed)).toBe(true);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
});

test("the user's own start is served without opener isolation, and the app works", async ({ page, host }) => {
  const response = await page.goto(host.url);
  expect(response?.headers()['cross-origin-opener-policy']).toBeUndefined();
  expect(await response?.request().headerValue('sec-fetch-site')).toBe('none');
  await expect(page.getByRole('button', { name: 'New workshop' })).toBeVisible();
});
