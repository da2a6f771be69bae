// @ts-expect-error plain ESM script without types
import { webHostEnv } from '../../scripts/web-host-env.mjs';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export interface RunningHost {
  url: string;
  origin: string;
  token: string;
  child: ChildProcess;
  /** ms from spawn to the printed address. */
  startedMs: number;
}

/**
 * Spawns the built web host (on a free port unless one is given) with a temporary data folder
 * (removed when it exits), and waits for its address line.
 */
export async function spawnWebHost(port = 0): Promise<RunningHost> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-host-'));
  const t0 = performance.now();
  // As `npm start` starts it (scripts/start.mjs), with the same environment.
  const child = spawn(process.execPath, [path.resolve('build/node/web.mjs'), '--port', String(port), '--data-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: webHostEnv(),
  });
  child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`web host exited ${code}: ${out}`)));
  });
  const u = new URL(url);
  return { url, origin: u.origin, token: /token=([^&]+)/.exec(u.hash)![1], child, startedMs: performance.now() - t0 };
}

/** Stops a spawned web host and waits until its port is free again. */
export function stopWebHost(host: RunningHost): Promise<void> {
  return new Promise((resolve) => {
    if (host.child.exitCode !== null || host.child.signalCode !== null) return resolve();
    host.child.once('exit', () => resolve());
    host.child.kill();
  });
}

/**
 * Waits for the app's `sw:library-painted` mark and returns its time on the page's clock and as
 * wall time. It asks through a DevTools session (one small expression), not Playwright's polling,
 * which injects its own script into the page while the app is still starting.
 */
export async function libraryPainted(cdp: CDPSession): Promise<{ startTime: number; at: number }> {
  const expression = `new Promise((resolve) => {
    const found = () => performance.getEntriesByName('sw:library-painted')[0];
    const done = (m) => resolve({ startTime: m.startTime, at: performance.timeOrigin + m.startTime });
    if (found()) return done(found());
    new PerformanceObserver((list, observer) => { if (found()) { observer.disconnect(); done(found()); } }).observe({ type: 'mark' });
  })`;
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  if (exceptionDetails) throw new Error(`waiting for the library's first paint failed: ${exceptionDetails.text}`);
  return result.value as { startTime: number; at: number };
}
