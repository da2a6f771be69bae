import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';

/**
 * Chromium driven over its DevTools pipe, attached to a page only for a moment when asked, so a
 * page loads the way a user's does: in a tab opened on its address, with no test driver in it.
 * (Playwright keeps a DevTools session on every page it drives, with network, runtime and page
 * instrumentation and a script world of its own, and opens a tab before it navigates it.)
 */
export class BareChromium {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly profileDir: string,
  ) {
    let buffer = '';
    (child.stdio[4] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
        const message = JSON.parse(buffer.slice(0, end)) as { id?: number; result?: unknown; error?: { message: string } };
        buffer = buffer.slice(end + 1);
        const waiter = message.id === undefined ? undefined : this.pending.get(message.id);
        if (!waiter) continue;
        this.pending.delete(message.id!);
        if (message.error) waiter.reject(new Error(message.error.message));
        else waiter.resolve(message.result);
      }
    });
  }

  static async launch(): Promise<BareChromium> {
    const profileDir = mkdtempSync(path.join(tmpdir(), 'sw-bench-chromium-'));
    const child = spawn(chromiumPath(), ['--headless', ...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profileDir}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    const browser = new BareChromium(child, profileDir);
    await browser.send('Browser.getVersion'); // answers once the browser is up
    return browser;
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      (this.child.stdio[3] as NodeJS.WritableStream).write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    });
  }

  /** A new profile (its own HTTP cache and storage, in memory), like a fresh browser profile. */
  async newProfile(): Promise<string> {
    return (await this.send<{ browserContextId: string }>('Target.createBrowserContext')).browserContextId;
  }

  async closeProfile(profile: string): Promise<void> {
    await this.send('Target.disposeBrowserContext', { browserContextId: profile });
  }

  /** Opens `url` in a new tab of the profile (as a link opened from outside the browser does) and leaves it alone. */
  async openTab(profile: string, url: string): Promise<string> {
    return (await this.send<{ targetId: string }>('Target.createTarget', { url, browserContextId: profile })).targetId;
  }

  async closeTab(tab: string): Promise<void> {
    await this.send('Target.closeTarget', { targetId: tab });
  }

  /** Runs `work` in a DevTools session on the tab, then detaches. */
  private async attached<T>(tab: string, work: (sessionId: string) => Promise<T>): Promise<T> {
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId: tab, flatten: true });
    try {
      return await work(sessionId);
    } finally {
      await this.send('Target.detachFromTarget', { sessionId });
    }
  }

  /** Evaluates an expression in the tab's page (awaiting a promise) and returns its JSON value. */
  evaluate<T>(tab: string, expression: string): Promise<T> {
    return this.attached(tab, async (session) => {
      const answer = await this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        session,
      );
      if (answer.exceptionDetails) throw new Error(`evaluation failed: ${answer.exceptionDetails.text}`);
      return answer.result.value;
    });
  }

  /** Polls `expression` (left alone for `firstLookMs`, then every 500 ms) until it is not null. */
  async waitFor<T>(tab: string, expression: string, firstLookMs: number, timeoutMs = 20_000): Promise<T> {
    const t0 = Date.now();
    await new Promise((resolve) => setTimeout(resolve, firstLookMs));
    for (;;) {
      const value = await this.evaluate<T | null>(tab, expression);
      if (value !== null) return value;
      if (Date.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${expression.slice(0, 80)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.send('Browser.close').catch(() => this.child.kill()); // closes its helper processes too
    await exited;
    // The browser's helper processes may still be writing the profile for a moment.
    rmSync(this.profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
