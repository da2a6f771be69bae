import { chromium, expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';
import { startHost, type WebHostHandle } from './fixtures';

/**
 * Crash safety: edit continuously, kill the whole browser (SIGKILL, no chance to flush) at a
 * random moment, start it again on the same profile, and check that every workshop opens and
 * validates and that at most the last second of edits was lost. 50 rounds, the edited field taking
 * turns (a needs answer, a score, a rationale, a simulator value).
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 50);
const MAX_LOSS_MS = 1000;
const KPI = /explicit KPIs/;

test.describe.configure({ mode: 'serial' });
test.setTimeout(15 * 60_000);

let host: WebHostHandle;
test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(() => {
  host?.process.kill();
});

/** Starts a real Chromium on a persistent profile; resolves with its DevTools endpoint. */
function launch(profile: string): Promise<{ child: ChildProcess; ws: string; stderr: () => string }> {
  const child = spawn(chromiumPath(), ['--headless', ...CHROMIUM_ARGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ child, ws: m[1], stderr: () => err });
      }
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err}`)));
  });
}

/**
 * Kills the whole process group (browser, renderers, the storage and network services) and
 * resolves once none of it is left: a utility process still dying would hold the profile's
 * database locks when the next browser starts on the same profile.
 */
async function killHard(child: ChildProcess): Promise<void> {
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  await exited;
  for (let waited = 0; waited < 10_000; waited += 20) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return; // ESRCH: no process of the group is left
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('Chromium’s process group did not go away within 10 s of SIGKILL');
}

/**
 * The fields edited: free text of a needs answer, a score and a rationale in the scoring grid, and
 * a value of a cost-simulator scenario, each in a quarter of the rounds, one after the other (so
 * the kill count stays that of one field, and a round mostly verifies and edits on one screen).
 * Each has its own way to commit: text and the simulator's number box on every keystroke, a score
 * when the cell is left (Tab), a rationale when the text box is left (Esc back to the grid).
 */
const KINDS = ['needs text', 'score', 'rationale', 'simulator value'] as const;
type Kind = (typeof KINDS)[number];
const kindOf = (round: number): Kind => KINDS[Math.min(KINDS.length - 1, Math.floor((round * KINDS.length) / ROUNDS))];
const CRITERION = 'Mismatch control';
const SCORED = 'Throughput efficiency';
const CANDIDATE = 'Self-built distributed training cluster';
const PARTICIPANT = 'Lin';
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The n-th value typed into a field in a round: unique in the whole run, and valid for its field. */
function valueFor(kind: Kind, round: number, n: number): string {
  switch (kind) {
    case 'needs text':
      return `round ${round} edit ${n}`;
    case 'rationale':
      return `why ${round}.${n}`;
    case 'score': // on the 0–10 scale; the trailing 1 keeps String(Number(v)) === v
      return `${n % 10}.${pad(round, 2)}${pad(n, 3)}1`;
    case 'simulator value': // training steps, well inside the simulator's bounds
      return String(21 + round * 100 + n);
  }
}

test(`${ROUNDS} hard kills while editing text, scores, rationales and simulator values: every workshop opens and validates, at most the last second is lost`, async () => {
  const profile = mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'sw-crash-'));
  // Per field: when each value was typed (the value the workshop started with: 0), and the value
  // known to be stored with when it was typed (what the field must show until it is edited again).
  const typedAt = new Map<Kind, Map<string, number>>(KINDS.map((k) => [k, new Map()]));
  const stored = new Map<Kind, { value: string; at: number }>();
  // The edits of the last round, and when its field's value at the start was typed.
  let typed: { value: string; at: number }[] = [];
  let workshopId = '';
  const losses = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  let killAt = 0;
  /** Rounds after whose kill Chromium had dropped the library's database (restored from the safety copy). */
  const recreated: number[] = [];
  let live: ChildProcess | null = null;
  try {
    // Round r verifies what survived kill r − 1, then edits and is killed; the last round only verifies.
    for (let round = 0; round <= ROUNDS; round++) {
      const { child, ws, stderr } = await launch(profile);
      live = child;
      const browser = await chromium.connectOverCDP(ws);
      const page = browser.contexts()[0].pages()[0] ?? (await browser.contexts()[0].newPage());
      await page.setViewportSize({ width: 1366, height: 800 });
      await page.goto(host.url);

      /** Opens the screen of a field (if it is not open) and returns the field. */
      let screen = '';
      const open = async (kind: Kind) => {
        const want = kind === 'needs text' ? 'needs' : kind === 'simulator value' ? 'validation?sim=self-built' : 'evaluation';
        if (screen !== want) {
          await page.evaluate((hash) => (location.hash = hash), `#/w/${workshopId}/${want}`);
          screen = want;
          if (want === 'evaluation') {
            const whose = page.getByRole('group', { name: 'Whose scores' }).getByRole('button', { name: new RegExp(`^${PARTICIPANT}`) });
            await expect(whose).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
          }
        }
        const field =
          kind === 'needs text'
            ? page.getByRole('textbox', { name: KPI })
            : kind === 'simulator value'
              ? page.getByRole('textbox', { name: /^Training steps( \(|$)/ })
              : kind === 'score'
                ? page.getByRole('table').getByRole('textbox', { name: new RegExp(`^${SCORED} · ${CANDIDATE}`) })
                : page.getByRole('textbox', { name: new RegExp(`^Rationale — ${CRITERION} · ${CANDIDATE}`) });
        await expect(field, `round ${round}: the ${kind} field is shown`).toBeVisible({ timeout: 30_000 });
        return field;
      };

      if (round === 0) {
        await page.getByRole('button', { name: /New workshop/ }).click();
        await page.getByRole('dialog').getByRole('textbox').fill('Crash test');
        await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
        await expect(page.getByRole('navigation', { name: 'Decision path' })).toBeVisible({ timeout: 30_000 });
        workshopId = /#\/w\/([^/?]+)/.exec(page.url())![1];
        // A participant whose grid is scored.
        await page.evaluate((hash) => (location.hash = hash), `#/w/${workshopId}/evaluation`);
        const form = page.locator('form.add-participant');
        await form.getByRole('textbox', { name: 'Name' }).fill(PARTICIPANT);
        await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Facilitator' });
        await form.getByRole('button', { name: 'Add participant' }).click();
        screen = '';
        for (const kind of KINDS) {
          const value = await (await open(kind)).inputValue();
          typedAt.get(kind)!.set(value, 0);
          stored.set(kind, { value, at: 0 });
        }
      } else {
        // After the crash: the library lists both workshops, and each opens and validates (the
        // untouched sample is opened every tenth round and at the end, to keep rounds short).
        // Where the killed browser's files are still held, Chromium waits about 10 s for them and the
        // app then opens the database again by itself (storage-held.spec): 30 s, as for each screen.
        // Chromium may find its IndexedDB corrupt after the kill and drop it (LevelDB "checksum
        // mismatch", seen once in CI): then the app must say the library could not be read, and
        // restore it from the safety copy the Node side kept, with the same bound on the loss.
        const listed = page.getByRole('link', { name: 'Crash test' });
        const lost = page.getByRole('heading', { name: 'Your workshop library could not be read' });
        // Both may show at once: the unsaved-edit journal can put the workshop back in the new,
        // empty database before the notice is read (seen once in CI); the first of them is enough.
        await expect(listed.or(lost).first(), `round ${round}: the workshop is listed, or the library's loss is told, after the kill`)
          .toBeVisible({ timeout: 30_000 })
          .then(async () => {
            if (!(await lost.isVisible())) return;
            recreated.push(round);
            await page.getByRole('button', { name: 'Restore the workshops' }).click();
            await expect(page.getByRole('status').filter({ hasText: /^Restored \d+ workshops? from the safety copy/ })).toBeVisible({ timeout: 30_000 });
            await expect(listed, `round ${round}: the workshop is back from the safety copy`).toBeVisible();
          })
          .catch(async (err: Error) => {
            // What the library shows, and what Chromium said about its storage (not its D-Bus noise).
            const shown = await page
              .locator('body')
              .innerText()
              .catch(() => '(page unreadable)');
            const said = stderr()
              .split('\n')
              .filter((l) => l.trim() && !/dbus|D-Bus/i.test(l));
            throw new Error(`${err.message}\nThe page shows:\n${shown.slice(0, 1500)}\nChromium said:\n${said.slice(-40).join('\n')}`);
          });
        for (const name of round % 10 === 0 || round === ROUNDS ? [/Sample/, /Crash test/] : [/Crash test/]) {
          await page.getByRole('link', { name }).first().click();
          await expect(page.getByRole('navigation', { name: 'Decision path' }), `round ${round}: ${name} opens`).toBeVisible({ timeout: 30_000 });
          await expect(page.getByText(/could not be opened/)).toHaveCount(0);
          await page.getByRole('link', { name: /All workshops/ }).click();
        }
        // What survived the last kill in the field the last round edited, and how long before the kill it was typed.
        // Every edit typed more than a second before the kill must have survived: the stored value
        // is that edit or a later one. (Edits of the last second may be lost.)
        // Edits lost in an earlier kill are not expected back: the floor is what the last round
        // started from, raised by every edit of the last round older than a second.
        const kind = kindOf(round - 1);
        const survived = await (await open(kind)).inputValue();
        const when = typedAt.get(kind)!.get(survived);
        expect(when, `round ${round}: the stored ${kind} "${survived}" was typed`).toBeDefined();
        const mustHave = [...typed].reverse().find((t) => t.at <= killAt - MAX_LOSS_MS);
        if (mustHave)
          expect(when!, `round ${round}: ${kind} "${mustHave.value}" (typed ${killAt - mustHave.at} ms before the kill) was lost`).toBeGreaterThanOrEqual(
            mustHave.at,
          );
        else expect(when!, `round ${round}: the ${kind} the last round started from was lost`).toBeGreaterThanOrEqual(stored.get(kind)!.at);
        if (typed.some((t) => t.value === survived)) losses.get(kind)!.push(killAt - when!);
        stored.set(kind, { value: survived, at: when! });
      }
      typed = [];
      if (round === ROUNDS) {
        // The other fields still hold what was verified for them (a kill while editing one field loses nothing of another).
        for (const kind of KINDS) await expect(await open(kind), `the last ${kind} survived the later kills`).toHaveValue(stored.get(kind)!.value);
        await browser.close();
        await killHard(child);
        live = null;
        break;
      }
      // This round's field starts from what is stored for it; edit it continuously, then kill at a random moment.
      const kind = kindOf(round);
      const field = await open(kind);
      await expect(field, `round ${round}: the ${kind} is what was stored`).toHaveValue(stored.get(kind)!.value);
      const killAfter = 300 + Math.random() * 1500;
      const start = Date.now();
      let n = 0;
      while (Date.now() - start < killAfter) {
        const value = valueFor(kind, round, n++);
        await field.fill(value);
        if (kind === 'score') await field.press('Tab');
        else if (kind === 'rationale') await field.press('Escape');
        const at = Date.now();
        typedAt.get(kind)!.set(value, at);
        typed.push({ value, at });
        await page.waitForTimeout(30);
      }
      killAt = Date.now();
      await killHard(child);
      live = null;
      await browser.close().catch(() => undefined);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `crash test: ${ROUNDS} kills; age of the surviving edit at the kill (ms): ${KINDS.map((k) => `${k} median ${median(losses.get(k)!)}, max ${Math.max(...losses.get(k)!)} (${losses.get(k)!.length})`).join('; ')}; database dropped by Chromium and restored from the safety copy after rounds: ${recreated.join(', ') || 'none'}`,
    );
  } finally {
    // A failed round leaves its browser writing to the profile: stop it first, so the failure is reported, not the clean-up's ENOTEMPTY.
    if (live) await killHard(live).catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
});
