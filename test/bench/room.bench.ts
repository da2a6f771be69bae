import os from 'node:os';
import type { Page } from 'playwright-core';
import { largeWorkshop } from '../fixtures/largeWorkshop';
import { nameText } from '../../shared/model/names';
import { launchChromium, spawnWebHost } from './browser';
import { openRepoPage } from './pages/open-repo-page';
import { revoteMergeMs } from './revote-merge';
import { percentile, type BenchSuite } from './types';

/**
 * The evaluation room's live what-if in the real app (Chromium, built renderer, web host):
 * 20 participants × 10 candidates × 12 criteria.
 *
 * 1. Slider input → ranking and radar on screen: the room records the User Timing measure
 *    `room:slider-to-frame` from a weight slider's input event (its timeStamp) until the frame
 *    that shows the evaluation of that input has been presented (the start of the frame after
 *    it) — an upper bound. 300 slider steps by a real mouse drag, each step awaited, p95.
 *    (The browser's Event Timing cannot cross-check this: it does not report `input` or
 *    `pointermove` events, the ones a slider drag consists of.)
 * 2. A 5-second drag at pointer rate: the longest main-thread task meanwhile
 *    (PerformanceObserver 'longtask' reports tasks of 50 ms and more; none = 0).
 * 3. A second room-vote round's 30 ballots merged into the workshop (revote-merge.ts; plain
 *    Node, measured before the browser starts): the median of several runs.
 */
const STEPS = 300;
const DRAG_MS = 5000;

/** The browser APIs the page-side callbacks use (this Node program has no DOM types). */
interface PagePerformance {
  now(): number;
  getEntriesByName(name: string): { duration: number }[];
  clearMeasures(name?: string): void;
}
interface PageWindow {
  PerformanceObserver: new (cb: (list: { getEntries(): { duration: number }[] }) => void) => { observe(o: object): void; disconnect(): void };
  __longTasks?: number[];
  __observer?: { disconnect(): void };
  localStorage: { setItem(key: string, value: string): void };
  sessionStorage: { getItem(key: string): string | null };
  performance: PagePerformance;
  fetch(url: string, init: object): Promise<{ json(): Promise<unknown> }>;
  seedWorkshops(doc: unknown, n: number): Promise<number>;
}

/** Drags the slider's thumb across `xs` (page x coordinates), optionally waiting for each step's measure. */
async function dragTo(page: Page, xs: number[], y: number, awaitEach: boolean): Promise<void> {
  for (const x of xs) {
    const before = awaitEach ? await page.evaluate(() => (globalThis as unknown as PageWindow).performance.getEntriesByName('room:slider-to-frame').length) : 0;
    await page.mouse.move(x, y);
    if (awaitEach)
      await page.waitForFunction((n) => (globalThis as unknown as PageWindow).performance.getEntriesByName('room:slider-to-frame').length > n, before, {
        timeout: 10_000,
      });
  }
}

const suite: BenchSuite = async (log) => {
  const mergeMs = await revoteMergeMs(log);
  const host = await spawnWebHost();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    // Seed the app's IndexedDB through its own repository, on the app's origin.
    await openRepoPage(page, host.origin);
    const doc = largeWorkshop(20, 10, 12);
    await page.evaluate((d) => (globalThis as unknown as PageWindow).seedWorkshops(d, 1), doc as unknown);
    log(
      `workshop: ${doc.participants.length} participants × ${doc.candidates.length} candidates × ${doc.criteria.length} criteria (${doc.scores.length} scores)`,
    );

    await page.goto(host.url); // keeps the access token for the session
    await page.evaluate(() => (globalThis as unknown as PageWindow).localStorage.setItem('sw.lang', 'en'));
    await page.goto(`${host.origin}/#/w/bench-0/evaluation`);
    await page.getByRole('tab', { name: 'Weights' }).click();
    const slider = page.getByRole('slider', { name: nameText(doc.criteria[0].name, 'en'), exact: true });
    await slider.waitFor();
    await page.locator('.room-live .leader-name').waitFor();
    // Wait for the robustness analysis too: its stability column changes the table's layout.
    await page.locator('.room[data-analysis="done"]').waitFor({ timeout: 60_000 });
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    const xAt = (fraction: number) => box.x + 8 + fraction * (box.width - 16);

    // 1. 300 awaited steps of one drag, back and forth over 5–45 % of the track (one pixel per step).
    await page.evaluate(() => (globalThis as unknown as PageWindow).performance.clearMeasures('room:slider-to-frame'));
    await page.mouse.move(xAt(0.08), y);
    await page.mouse.down();
    const span = Math.min(STEPS / 2, Math.floor(box.width * 0.4));
    const xs: number[] = [];
    for (let i = 0; xs.length < STEPS; i++) {
      const k = i % (2 * span);
      xs.push(Math.round(xAt(0.05)) + (k < span ? k : 2 * span - k));
    }
    // Warm-up (JIT, caches), not measured.
    await dragTo(page, xs.slice(0, 20), y, true);
    await page.evaluate(() => (globalThis as unknown as PageWindow).performance.clearMeasures('room:slider-to-frame'));
    await dragTo(page, xs, y, true);
    const latencies = await page.evaluate(() =>
      (globalThis as unknown as PageWindow).performance.getEntriesByName('room:slider-to-frame').map((e) => e.duration),
    );
    await page.mouse.up();
    const nextFrame = latencies.filter((l) => l <= 17).length / latencies.length;
    log(
      `slider → on screen over ${latencies.length} steps: median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ${(nextFrame * 100).toFixed(0)} % within one frame`,
    );

    // 2. A 5-second drag at pointer rate (about 60 moves a second), watching for long tasks.
    await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      const tasks: number[] = [];
      const observer = new w.PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
      observer.observe({ type: 'longtask' });
      w.__longTasks = tasks;
      w.__observer = observer;
      w.performance.clearMeasures('room:slider-to-frame');
    });
    await page.mouse.move(xAt(0.1), y);
    await page.mouse.down();
    const t0 = Date.now();
    let moves = 0;
    while (Date.now() - t0 < DRAG_MS) {
      const phase = ((Date.now() - t0) / 1500) % 2;
      await page.mouse.move(xAt(0.05 + 0.5 * (phase < 1 ? phase : 2 - phase)), y);
      moves++;
      await new Promise((r) => setTimeout(r, 16));
    }
    await page.mouse.up();
    await page.waitForTimeout(300);
    const { tasks, frames } = await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      w.__observer?.disconnect();
      return { tasks: w.__longTasks ?? [], frames: w.performance.getEntriesByName('room:slider-to-frame').length };
    });
    const longest = tasks.length ? Math.max(...tasks) : 0;

    // Context for the figures: the bare transport (an empty contract call) from the same page.
    const bare = await page.evaluate(async () => {
      const w = globalThis as unknown as PageWindow;
      const token = w.sessionStorage.getItem('sw.token') ?? '';
      const times: number[] = [];
      for (let i = 0; i < 100; i++) {
        const t0 = w.performance.now();
        await (await w.fetch('/api/app.info', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-SW-Token': token }, body: '{}' })).json();
        times.push(w.performance.now() - t0);
      }
      return times;
    });
    log(
      `(context) bare contract round trip from the page, 100 calls: median ${percentile(bare, 50).toFixed(1)} ms, p95 ${percentile(bare, 95).toFixed(1)} ms; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
    );
    log(
      `5 s drag: ${moves} pointer moves, ${frames} evaluations rendered, ${tasks.length} long tasks${tasks.length ? ` (longest ${longest.toFixed(0)} ms)` : ''}`,
    );

    return [
      { name: 'room.slider-to-frame.p95', value: percentile(latencies, 95), unit: 'ms', target: 16, better: 'lower' },
      { name: 'room.drag.longest-task', value: longest, unit: 'ms', target: 50, better: 'lower' },
      { name: 'room.revote.merge-ms', value: mergeMs, unit: 'ms', target: 50, better: 'lower' },
    ];
  } finally {
    await browser.close();
    host.child.kill();
  }
};
export default suite;
