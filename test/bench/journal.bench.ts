import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoundSpecSchema, type BallotInput, type RoundSpecInput, type RoundStatus } from '../../shared/contract/session';
import { decodeLine, diskIO, frame } from '../../electron/session/journal';
import { SessionManager } from '../../electron/session/manager';
import { post, spawnHost, type Json } from './lan-host';
import { percentile, type BenchResult, type BenchSuite } from './types';

/**
 * The room vote's journal under faults (loopback only: rounds on 127.0.0.2, devices from 127.0.1.x).
 * - acked lost / duplicated: trials against the built web host, each: 10 devices submit, then a
 *   fault — kill -9 of the host mid-traffic; a torn tail (kill -9, then a part of a record left
 *   at the end, as a crash mid-write leaves it; or the journal's last 150 bytes cut, as a power
 *   cut can); a full disk (a 1 MiB tmpfs filled up, refused submits, space freed) — then a
 *   restart, one submit each, kill -9, restart, more submits, kill -9, one more submit each,
 *   kill -9 and a last restart. Counted as
 *   lost: each acknowledged ballot missing from the journal, and each device whose last
 *   acknowledged ballot is not the one the round holds; as duplicated: a revision acknowledged
 *   twice with different ballots. Where the fault itself cut acknowledged bytes (the 150-byte cut),
 *   only the acknowledgments after it count, and how many the cut removed is printed.
 * - MB per participant-hour: one device floods max-size drafts (224 cells with 1,000-character
 *   rationales, ~233 KB) at the listener's rate limit (20 a second) while 49 others draft every
 *   30 s, in-process with a simulated clock; once its burst is spent, the flooder's bytes that
 *   reached the journal over 10 simulated minutes, per hour; and the journal's peak size on disk.
 * - replay: a 50-participant 4-hour round (a draft every 30 s and a submit every 10 minutes
 *   each, journaled and compacted as live), read back by a fresh host (median of 5).
 */
const DEVICES = 10;
const ADDRESS = '127.0.0.2';

const faultSpec: RoundSpecInput = {
  workshopId: 'bench-fault',
  title: 'Fault trials',
  lang: 'en',
  scale: { min: 0, max: 10 },
  criteria: ['k1', 'k2', 'k3'].map((id) => ({ id, name: { 'zh-CN': id, en: id } })),
  candidates: ['a', 'b'].map((id) => ({ id, name: { 'zh-CN': id, en: id } })),
  participants: Array.from({ length: DEVICES }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` })),
  blind: true,
};
const tagged = (tag: string): BallotInput => ({
  cells: ['a', 'b'].flatMap((c) => ['k1', 'k2', 'k3'].map((k, i) => ({ candidateId: c, criterionId: k, value: i, rationale: tag }))),
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = 'kill' | 'torn-part' | 'torn-cut' | 'full';

interface TrialOutcome {
  lost: number;
  duplicated: number;
  acked: number;
  cutByFault: number;
}

async function trial(kind: Kind, seed: number): Promise<TrialOutcome> {
  const mnt = kind === 'full' ? mkdtempSync(path.join(os.tmpdir(), 'sw-fault-full-')) : null;
  if (mnt) execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mnt]);
  const dataDir = mnt ?? mkdtempSync(path.join(os.tmpdir(), 'sw-fault-'));
  let host = await spawnHost(dataDir);
  const api = async (m: string, b: unknown): Promise<Json> => (await post(`${host.origin}/api/${m}`, b, { 'X-SW-Token': host.token })).json;
  try {
    const opened = await api('session.open', { spec: faultSpec, address: ADDRESS, port: 0 });
    const round = opened.result as RoundStatus;
    const tokens = round.participants.map((p) => p.link.slice(p.link.indexOf('#t=') + 3));
    const base = round.url.replace(/\/$/, '');
    const hostHeader = new URL(round.url).host;
    /** Per device: acknowledged revision → the ballot's tag. */
    let acks = tokens.map(() => new Map<number, string>());
    /** Every acknowledgment, as `pid rev tag` (a duplicated revision keeps both). */
    let acked: string[] = [];
    let duplicated = 0;
    let seq = 0;
    const submit = async (i: number): Promise<boolean> => {
      const tag = `s${seed}-d${i}-${seq++}`;
      try {
        const r = await post(`${base}/p/submit`, { ballot: tagged(tag) }, { Authorization: `Bearer ${tokens[i]}`, Host: hostHeader }, `127.0.1.${i + 1}`);
        if (r.status !== 200 || !r.json.ok) return false;
        const rev = r.json.result.rev as number;
        const had = acks[i].get(rev);
        if (had !== undefined && had !== tag) duplicated++;
        acks[i].set(rev, tag);
        acked.push(`p${i + 1} ${rev} ${tag}`);
        return true;
      } catch {
        return false; // the host is gone: not acknowledged
      }
    };
    /** Every device submits every 60 ms until `ms` passed (or the host is gone). */
    const traffic = async (ms: number) => {
      const until = Date.now() + ms;
      await Promise.all(
        tokens.map(async (_, i) => {
          await sleep((i * 60) / DEVICES);
          while (Date.now() < until) {
            if (!(await submit(i)) && host.child.exitCode !== null) return;
            await sleep(60);
          }
        }),
      );
    };
    const kill9 = async () => {
      const exited = new Promise((r) => host.child.once('exit', r));
      host.child.kill('SIGKILL');
      await exited;
    };
    const restart = async () => {
      host = await spawnHost(dataDir);
      await api('session.status', { workshopId: faultSpec.workshopId }); // resumes the round's listener
    };
    const journal = () => {
      const dir = path.join(dataDir, 'sessions');
      return path.join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.jsonl'))!,
      );
    };

    let cutByFault = 0;
    if (kind === 'kill') {
      const running = traffic(1500);
      await sleep(300 + ((seed * 137) % 900));
      await kill9();
      await running;
    } else if (kind === 'full') {
      await traffic(300);
      const free = Number(execFileSync('df', ['-B1', '--output=avail', mnt!]).toString().split('\n')[1]);
      writeFileSync(path.join(mnt!, 'filler'), Buffer.alloc(Math.max(0, free - 4096)));
      await traffic(400); // mostly refused: storage_full
      rmSync(path.join(mnt!, 'filler'));
      await traffic(300);
      await kill9();
    } else {
      await traffic(600);
      await kill9();
      const file = journal();
      if (kind === 'torn-part') {
        // A crash mid-write: part of a record (never acknowledged) at the end.
        const line = frame({ t: 'submit', pid: 'p1', ballot: tagged('torn'), rev: 999, at: new Date().toISOString() });
        appendFileSync(file, line.subarray(0, 1 + (seed % (line.length - 2))));
      } else {
        const size = statSync(file).size;
        truncateSync(file, Math.max(0, size - 150));
        // What the cut removed is the disk's loss, not the journal's: count from here on.
        await restart();
        const now = (await api('session.ballots', { workshopId: faultSpec.workshopId })).result as { participantId: string; rev: number }[];
        const stored = new Map(now.map((b) => [b.participantId, b.rev]));
        cutByFault = acks.reduce((n, m, i) => n + [...m.keys()].filter((rev) => rev > (stored.get(`p${i + 1}`) ?? 0)).length, 0);
        acks = tokens.map(() => new Map());
        acked = [];
        await kill9();
      }
    }
    // After the fault: one ballot each, then kill -9 (the first record after a repair is the one at risk),
    // traffic, kill -9, and one ballot each again: a revision number must never be handed out twice.
    const oneEach = () => Promise.all(tokens.map((_, i) => submit(i)));
    await restart();
    await oneEach();
    await kill9();
    await restart();
    await traffic(400);
    await kill9();
    await restart();
    await oneEach();
    await kill9();
    await restart();
    const ballots = (await api('session.ballots', { workshopId: faultSpec.workshopId })).result as { participantId: string; rev: number; ballot: Json }[];
    const stored = new Map(ballots.map((b) => [b.participantId, b]));
    // Every submission the journal holds, as `pid rev tag` (submissions are never compacted away).
    const journaled = new Set<string>();
    for (const line of readFileSync(journal()).toString('latin1').split('\n')) {
      const d = decodeLine(Buffer.from(line, 'latin1'));
      const r = d.ok ? (d.value as { t?: string; pid?: string; rev?: number; ballot?: { cells?: { rationale?: string }[] } }) : null;
      if (r?.t === 'submit') journaled.add(`${r.pid} ${r.rev} ${r.ballot?.cells?.[0]?.rationale}`);
    }
    let lost = 0;
    // Lost: an acknowledged ballot missing from the journal…
    for (const a of acked) if (!journaled.has(a)) lost++;
    acks.forEach((m, i) => {
      const pid = `p${i + 1}`;
      if (m.size === 0) return;
      // …or the last one not being what the round holds now (an older revision, or another ballot under its number).
      const last = Math.max(...m.keys());
      const s = stored.get(pid);
      if (!s || s.rev !== last || s.ballot.cells[0].rationale !== m.get(last)) lost++;
    });
    return { lost, duplicated, acked: acked.length, cutByFault };
  } finally {
    if (host.child.exitCode === null) host.child.kill('SIGKILL');
    await sleep(50);
    if (mnt) {
      execFileSync('umount', [mnt]);
      rmSync(mnt, { recursive: true, force: true });
    } else rmSync(dataDir, { recursive: true, force: true });
  }
}

async function faultTrials(log: (line: string) => void): Promise<BenchResult[]> {
  const root = process.getuid?.() === 0;
  const kinds: Kind[] = [];
  for (let i = 0; i < 10; i++) kinds.push('kill', 'torn-part', 'torn-cut', root ? 'full' : 'kill');
  if (!root) log('not root: no tmpfs can be mounted, so the full-disk trials are replaced by kill -9 trials');
  const totals = { lost: 0, duplicated: 0, acked: 0, cutByFault: 0 };
  const byKind = new Map<Kind, number>();
  for (let i = 0; i < kinds.length; i++) {
    const o = await trial(kinds[i], i + 1);
    byKind.set(kinds[i], (byKind.get(kinds[i]) ?? 0) + 1);
    totals.lost += o.lost;
    totals.duplicated += o.duplicated;
    totals.acked += o.acked;
    totals.cutByFault += o.cutByFault;
  }
  log(
    `${kinds.length} fault trials (${[...byKind].map(([k, n]) => `${n} ${k}`).join(', ')}): ${totals.acked} acknowledged ballots checked; ${totals.lost} lost, ${totals.duplicated} duplicated; the 150-byte cuts themselves removed ${totals.cutByFault} acknowledged ballots (not counted)`,
  );
  return [
    { name: 'lan.fault.acked-lost', value: totals.lost, unit: 'count', target: 0, better: 'lower' },
    { name: 'lan.fault.acked-duplicated', value: totals.duplicated, unit: 'count', target: 0, better: 'lower' },
  ];
}

/** A 50-participant round with `criteria` × `candidates` cells. */
function bigSpec(workshopId: string, criteria: number, candidates: number) {
  return RoundSpecSchema.parse({
    workshopId,
    title: 'Journal bench',
    lang: 'en',
    scale: { min: 0, max: 10 },
    criteria: Array.from({ length: criteria }, (_, i) => ({ id: `k${i}`, name: { 'zh-CN': `维度${i}`, en: `Criterion ${i}` } })),
    candidates: Array.from({ length: candidates }, (_, i) => ({ id: `c${i}`, name: { 'zh-CN': `方案${i}`, en: `Candidate ${i}` } })),
    participants: Array.from({ length: 50 }, (_, i) => ({ id: `p${i}`, name: `Participant ${i}` })),
    blind: true,
  });
}
const fullBallot = (criteria: number, candidates: number, v: number, rationale: string): BallotInput => ({
  cells: Array.from({ length: criteria * candidates }, (_, i) => ({
    candidateId: `c${i % candidates}`,
    criterionId: `k${Math.floor(i / candidates)}`,
    value: (v + i) % 11,
    rationale,
  })),
});
/** Building a journal to measure: without fsync (what is measured is bytes and reading, not the disk's flush). */
const noSync = { ...diskIO, sync: async () => undefined };
const tokensOf = (s: RoundStatus) => s.participants.map((p) => p.link.slice(p.link.indexOf('#t=') + 3));
const journalSize = (dir: string) => {
  const d = path.join(dir, 'sessions');
  return statSync(
    path.join(
      d,
      readdirSync(d).find((f) => f.endsWith('.jsonl'))!,
    ),
  ).size;
};

async function draftFlood(log: (line: string) => void): Promise<BenchResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sw-flood-'));
  let now = Date.parse('2026-01-01T09:00:00Z');
  const m = new SessionManager({ dataDir: dir, tls: null, now: () => now, idleMs: 24 * 3600_000, journalIO: noSync });
  try {
    const spec = bigSpec('bench-flood', 28, 8);
    const s = await m.open(spec, ADDRESS, 0);
    const tokens = tokensOf(s);
    const flood = { ballot: fullBallot(28, 8, 0, 'f'.repeat(1000)) };
    const floodBytes = JSON.stringify(flood.ballot).length;
    const honest = { ballot: fullBallot(28, 8, 1, 'a short reason') };
    const HOUR = 3600_000;
    const SPAN = 10 * 60_000;
    let t0 = 0; // from the first refused draft on: the budget's steady rate (its 1 MiB burst is spent once)
    let accepted = 0;
    let peak = 0;
    const started = performance.now();
    for (let step = 0; !t0 || now - t0 < SPAN; step++) {
      now += 50;
      const ok = await m.participant('bench-flood', 'draft', flood, tokens[0], '127.0.1.1').then(
        () => true,
        () => false,
      );
      if (!ok && !t0) t0 = now;
      else if (ok && t0) accepted++;
      // Every 30 s each of the others saves a draft too.
      if (step % 600 === 0) for (let i = 1; i < 50; i++) await m.participant('bench-flood', 'draft', honest, tokens[i], `127.0.1.${i + 1}`);
      if (ok || step % 600 === 0) peak = Math.max(peak, journalSize(dir));
    }
    const mbPerHour = (accepted * floodBytes) / 1e6 / ((now - t0) / HOUR);
    log(
      `draft flood, ${SPAN / 60_000} simulated minutes after the burst (${((performance.now() - started) / 1000).toFixed(1)} s real): ${accepted} of ${(now - t0) / 50} drafts of ${(floodBytes / 1024).toFixed(0)} KB journaled from the flooding device; journal peak ${(peak / 1e6).toFixed(1)} MB on disk, ${(journalSize(dir) / 1e6).toFixed(1)} MB at the end`,
    );
    return { name: 'lan.journal.mb-per-participant-hour', value: mbPerHour, unit: 'MB', target: 64, better: 'lower' };
  } finally {
    await m.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function replay(log: (line: string) => void): Promise<BenchResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sw-replay-'));
  let now = Date.parse('2026-01-01T09:00:00Z');
  const clock = () => now;
  const m = new SessionManager({ dataDir: dir, tls: null, now: clock, idleMs: 24 * 3600_000, journalIO: noSync });
  let records = 0;
  try {
    const spec = bigSpec('bench-replay', 9, 4);
    const s = await m.open(spec, ADDRESS, 0);
    const tokens = tokensOf(s);
    // 4 hours in steps of 600 ms: each participant drafts every 30 s (staggered) and submits every 10 minutes.
    for (let step = 0; step < (4 * 3600_000) / 600; step++) {
      now += 600;
      const i = step % 50;
      const rationale = `Participant ${i}, step ${step}: measured in the pilot, see the notes of the second week.`;
      const method = step % 1000 < 50 ? 'submit' : 'draft';
      await m.participant('bench-replay', method, { ballot: fullBallot(9, 4, step, rationale) }, tokens[i], `127.0.1.${i + 1}`);
      records++;
    }
    await m.shutdown();
    const size = journalSize(dir);
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const fresh = new SessionManager({ dataDir: dir, tls: null, now: clock, idleMs: 24 * 3600_000 });
      const t = performance.now();
      const st = await fresh.status('bench-replay');
      times.push(performance.now() - t);
      if (st.round?.participants.length !== 50 || st.round.journal?.problems.length) throw new Error('the round did not resume whole');
      await fresh.shutdown();
    }
    log(
      `replay of a 50-participant 4-hour round (${records} records journaled, ${(size / 1e6).toFixed(1)} MB after compaction): median ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms of 5`,
    );
    return { name: 'lan.replay.ms', value: percentile(times, 50), unit: 'ms', target: 500, better: 'lower' };
  } finally {
    await m.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }
}

const suite: BenchSuite = async (log) => {
  const only = process.env.JOURNAL_BENCH; // e.g. "replay" to run one part while working on it
  const out: BenchResult[] = [];
  if (!only || only === 'faults') out.push(...(await faultTrials(log)));
  if (!only || only === 'flood') out.push(await draftFlood(log));
  if (!only || only === 'replay') out.push(await replay(log));
  return out;
};
export default suite;
