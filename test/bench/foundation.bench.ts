import { createSampleWorkshop } from '../../shared/model';
import { largeWorkshop } from '../fixtures/largeWorkshop';
import { launchChromium, libraryPainted, spawnWebHost } from './browser';
import { openRepoPage } from './pages/open-repo-page';
import { percentile, type BenchSuite } from './types';

const suite: BenchSuite = async (log) => {
  // 1. Web host: process start → first answered API call.
  const starts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const host = await spawnWebHost();
    const res = await fetch(`${host.origin}/api/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sw-token': host.token },
      body: '{}',
    });
    await res.json();
    starts.push(performance.now() - t0);
    host.child.kill();
  }
  log(`web host start → first answer, 5 runs: ${starts.map((s) => s.toFixed(0)).join(', ')} ms`);

  const host = await spawnWebHost();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openRepoPage(page, host.origin);

    // 2. Autosave of one edit to a large workshop: the app's repository.save in Chromium's IndexedDB.
    const large = largeWorkshop();
    const times = (await page.evaluate(
      ([doc, runs]) => (window as unknown as { timeSaves: (d: unknown, n: number) => Promise<number[]> }).timeSaves(doc, runs),
      [large, 200] as const,
    )) as number[];
    log(
      `autosave of ${large.scores.length} scores with rationales (${(JSON.stringify(large).length / 1024).toFixed(0)} KB): median ${percentile(times, 50).toFixed(2)} ms`,
    );

    // 3. Library with 1,000 stored workshops: first paint of the list after a fresh load.
    const stored = await page.evaluate(
      ([doc, n]) => (window as unknown as { seedWorkshops: (d: unknown, n: number) => Promise<number> }).seedWorkshops(doc, n),
      [createSampleWorkshop('en'), 1000] as const,
    );
    // The app opens in a page of its own: Playwright turns off the HTTP cache of a page with a
    // route (the bench page above), and a user's browser has it. Same origin, same IndexedDB.
    const app = await context.newPage();
    await app.goto(host.url);
    const paints: number[] = [];
    const phases: Record<string, number[]> = {};
    const cdp = await context.newCDPSession(app);
    for (let i = 0; i < 5; i++) {
      await app.goto(`${host.origin}/?load=${i}`); // a real page load (the token is kept in sessionStorage)
      paints.push((await libraryPainted(cdp)).startTime);
      // Where the time went: the app's start-up marks (main.tsx, LibraryScreen), read after the paint.
      const marks = await app.evaluate(() => performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const));
      for (const [name, at] of marks) if (name.startsWith('sw:')) (phases[name] ??= []).push(at);
    }
    log(`library of ${stored} workshops, first paint of the list (5 loads): ${paints.map((p) => p.toFixed(0)).join(', ')} ms`);
    log(
      `  medians: ${Object.entries(phases)
        .map(([name, at]) => `${name.slice(3)} ${percentile(at, 50).toFixed(0)}`)
        .join(', ')} ms (from the navigation's start)`,
    );
    return [
      { name: 'foundation.library-1000.first-paint', value: percentile(paints, 50), unit: 'ms', target: 150, better: 'lower' },
      { name: 'foundation.autosave-large.p95', value: percentile(times, 95), unit: 'ms', target: 10, better: 'lower' },
      { name: 'foundation.web-host.start-to-first-answer', value: percentile(starts, 50), unit: 'ms', target: 1500, better: 'lower' },
    ];
  } finally {
    await browser.close();
    host.child.kill();
  }
};
export default suite;
