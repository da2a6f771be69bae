import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface WebHostHandle {
  url: string;
  origin: string;
  token: string;
  process: ChildProcess;
}

/** Starts the real web host (build/node/web.mjs) on a free port; resolves with its printed address. */
export async function startHost(): Promise<WebHostHandle> {
  const child = spawn(process.execPath, [path.resolve('build/node/web.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`web host did not start: ${out}`)), 15_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`web host exited (${code}): ${out}`)));
  });
  const u = new URL(url);
  return { url, origin: u.origin, token: /token=([^&]+)/.exec(u.hash)![1], process: child };
}

export const test = base.extend<{ app: Page }, { host: WebHostHandle }>({
  host: [
    async ({}, use) => {
      const host = await startHost();
      await use(host);
      host.process.kill();
    },
    { scope: 'worker' },
  ],
  /** A page with the app open on a fresh profile (each test has its own browser context, so its own IndexedDB). */
  app: async ({ page, host }, use) => {
    await page.goto(host.url);
    await use(page);
  },
});

export { expect };
