import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { BallotInput, RoundSpecInput, RoundStatus } from '../../shared/contract/session';
import { RoundSpecSchema } from '../../shared/contract/session';
import { ContractError } from '../../shared/contract/errors';
import { decodeLine, diskIO, type JournalIO } from './journal';
import { SessionManager, type SessionManagerOptions } from './manager';

// Faults a careless disk and a greedy participant inflict on a round's journal. Loopback only.
const ADDRESS = '127.0.0.2';
const SPEC: RoundSpecInput = {
  workshopId: 'ws-j',
  title: 'Journal faults',
  lang: 'en',
  scale: { min: 0, max: 10 },
  criteria: [
    { id: 'k1', name: { 'zh-CN': '失配', en: 'Mismatch' } },
    { id: 'k2', name: { 'zh-CN': '吞吐', en: 'Throughput' } },
  ],
  candidates: [
    { id: 'a', name: { 'zh-CN': '自建', en: 'Self-built' } },
    { id: 'b', name: { 'zh-CN': '托管', en: 'Managed' } },
  ],
  participants: [
    { id: 'p1', name: 'Lin' },
    { id: 'p2', name: 'Sam' },
    { id: 'p3', name: 'Ana' },
  ],
  blind: true,
};
const ballot = (v: number, rationale = ''): BallotInput => ({
  cells: ['a', 'b'].flatMap((candidateId) => ['k1', 'k2'].map((criterionId) => ({ candidateId, criterionId, value: v, rationale }))),
});

let dir: string;
let manager: SessionManager;
let opts: Partial<SessionManagerOptions> = {};
const start = (dataDir = dir) => (manager = new SessionManager({ dataDir, tls: null, ...opts }));
/** The host goes away and comes back (the journal stays). */
const restart = async (dataDir = dir) => {
  await manager.shutdown();
  return start(dataDir);
};
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sw-journal-'));
  opts = {};
  start();
});
afterEach(async () => {
  await manager.shutdown();
  await rm(dir, { recursive: true, force: true });
});

const tokenOf = (s: RoundStatus, i: number) => s.participants[i].link.slice(s.participants[i].link.indexOf('#t=') + 3);
const submit = (s: RoundStatus, i: number, v: number, rationale = '') =>
  manager.participant('ws-j', 'submit', { ballot: ballot(v, rationale) }, tokenOf(s, i), '127.0.0.9') as Promise<{ rev: number }>;
const draft = (s: RoundStatus, i: number, v: number, rationale = '') =>
  manager.participant('ws-j', 'draft', { ballot: ballot(v, rationale) }, tokenOf(s, i), '127.0.0.9');
const revOf = async (i: number) => (await manager.status('ws-j')).round!.participants[i].rev;
const sessions = () => path.join(dir, 'sessions');
const journalFile = async () =>
  path.join(
    sessions(),
    (await readdir(sessions())).find((f) => f.endsWith('.jsonl'))!,
  );
const lines = async (file: string) => (await readFile(file)).toString('utf8').split('\n');
/** Every complete line of the journal reads back as a record. */
const allLinesReadable = async (file: string) => {
  const buf = await readFile(file);
  expect(buf[buf.length - 1]).toBe(0x0a);
  const parts = buf
    .subarray(0, buf.length - 1)
    .toString('latin1')
    .split('\n');
  for (const p of parts) expect(decodeLine(Buffer.from(p, 'latin1')).ok).toBe(true);
};

function post(port: number, method: string, body: unknown, token: string): Promise<{ status: number; body: { ok: boolean; error?: { code: string } } }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: ADDRESS,
        port,
        agent: false,
        method: 'POST',
        path: `/p/${method}`,
        headers: {
          Host: `${ADDRESS}:${port}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(data),
          Authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('the round journal under faults', () => {
  it('a torn tail is cut (kept in a side file) and reported; the next acknowledged ballot survives another restart', async () => {
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    for (let v = 1; v <= 5; v++) await submit(s, 0, v, 'x'.repeat(60));
    await manager.shutdown();
    const file = await journalFile();
    const size = (await stat(file)).size;
    const whole = await readFile(file);
    await truncate(file, size - 150); // a power cut mid-write

    start();
    const round = (await manager.status('ws-j')).round!;
    expect(round.participants[0].rev).toBe(4);
    const torn = round.journal!.problems.find((p) => p.kind === 'torn-tail')!;
    expect(torn).toMatchObject({ kind: 'torn-tail', participantId: 'p1' });
    // What was cut is kept next to the journal, byte for byte.
    const side = await readFile(path.join(sessions(), torn.sideFile!));
    expect(side.length).toBeGreaterThan(0);
    expect(torn.line).toBe((await readFile(file, 'utf8')).split('\n').length); // the line after the last complete one
    expect(Buffer.concat([await readFile(file), side]).equals(whole.subarray(0, size - 150))).toBe(true);

    expect((await submit(s, 0, 9)).rev).toBe(5);
    await restart();
    expect(await revOf(0)).toBe(5);
    await allLinesReadable(file);
  });

  it('a journal written before framing (bare JSON lines) is still read, and new records are framed after it', async () => {
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    await submit(s, 0, 1);
    await submit(s, 1, 2);
    await manager.shutdown();
    const file = await journalFile();
    const bare = (await lines(file)).map((l) => l.replace(/^\d+ [0-9a-f]{8} /, ''));
    expect(bare[0].startsWith('{"t":"open"')).toBe(true);
    await writeFile(file, bare.join('\n') + '{"t":"submit","pid":"p1"'); // and a torn bare line at the end
    await rm(`${file}.head`);

    start();
    const round = (await manager.status('ws-j')).round!;
    expect(round.participants.map((p) => p.rev)).toEqual([1, 1, 0]);
    expect(round.journal!.problems.map((p) => p.kind)).toEqual(['torn-tail']);
    expect((await submit(s, 0, 5)).rev).toBe(2);
    await restart();
    expect(await revOf(0)).toBe(2);
    await allLinesReadable(file);
    expect((await lines(file)).at(-2)).toMatch(/^\d+ [0-9a-f]{8} \{"t":"submit","pid":"p1"/);
  });

  it('a bad byte in a middle record skips that record only: the participant keeps the revision before it, and it is reported', async () => {
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    await submit(s, 0, 1);
    await submit(s, 1, 2);
    await submit(s, 0, 3); // rev 2 of p1
    await submit(s, 2, 4);
    await manager.shutdown();
    const file = await journalFile();
    const text = await lines(file);
    const n = text.findIndex((l) => l.includes('"rev":2') && l.includes('"pid":"p1"'));
    text[n] = text[n].replace('"value":3', '"value":8'); // same length, wrong checksum
    await writeFile(file, text.join('\n'));

    start();
    const round = (await manager.status('ws-j')).round!;
    expect(round.participants.map((p) => p.rev)).toEqual([1, 1, 1]);
    expect(round.journal!.problems).toEqual([expect.objectContaining({ kind: 'corrupt-record', line: n + 1, participantId: 'p1', rev: 2 })]);
    expect((await manager.ballots('ws-j')).find((b) => b.participantId === 'p1')!.ballot.cells[0].value).toBe(1);
  });

  it('a damaged first record does not lose the round: it is rebuilt from the header beside the journal', async () => {
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    for (let i = 0; i < 3; i++) await submit(s, i, i + 1);
    await manager.shutdown();
    const file = await journalFile();
    const buf = await readFile(file);
    buf[30] ^= 0x20;
    await writeFile(file, buf);

    start();
    const round = (await manager.status('ws-j')).round!;
    expect(round).toMatchObject({ roundId: s.roundId, joinCode: s.joinCode, port: s.port, state: 'open', listening: true });
    expect(round.participants.map((p) => p.rev)).toEqual([1, 1, 1]);
    expect(round.journal!.problems.map((p) => [p.kind, p.line])).toEqual([
      ['corrupt-record', 1],
      ['header-recovered', 1],
    ]);
    // The participants' links still work.
    expect((await submit(s, 0, 7)).rev).toBe(2);
  });

  it('records of the wrong shape are skipped and reported, never a 500; the round resumes', async () => {
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    await submit(s, 0, 1);
    await manager.shutdown();
    const file = await journalFile();
    const at = new Date().toISOString();
    await appendFile(
      file,
      [
        'null',
        JSON.stringify({ t: 'join', pid: 'p2', via: 'code', device: 123, at }),
        JSON.stringify({ t: 'submit', pid: 'p1', ballot: { cells: 'x' }, rev: 2, at }),
        JSON.stringify({ t: 'submit', pid: 'nobody', ballot: ballot(3), rev: 1, at }),
      ].join('\n') + '\n',
    );

    start();
    const round = (await manager.status('ws-j')).round!;
    expect(round.state).toBe('open');
    expect(round.participants[0].rev).toBe(1);
    expect(round.journal!.problems.map((p) => p.kind)).toEqual(['corrupt-record', 'bad-record', 'bad-record', 'bad-record']);
    expect(round.journal!.problems.slice(1).map((p) => p.participantId)).toEqual(['p2', 'p1', 'nobody']);
    expect((await submit(s, 0, 2)).rev).toBe(2);
  });

  it('a journal that cannot be read is never overwritten: a new round moves it aside', async () => {
    await mkdir(sessions(), { recursive: true });
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    await submit(s, 0, 1);
    await manager.shutdown();
    const file = await journalFile();
    await rm(`${file}.head`);
    const garbage = Buffer.concat([Buffer.from('##'), await readFile(file)]);
    await writeFile(file, garbage);

    start();
    const st = await manager.status('ws-j');
    expect(st.round).toBeNull();
    expect(st.journal!.problems.map((p) => p.kind)).toContain('no-round');
    await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    const kept = (await readdir(sessions())).filter((f) => f.includes('.jsonl.unread-'));
    expect(kept).toHaveLength(1);
    expect((await readFile(path.join(sessions(), kept[0]))).equals(garbage)).toBe(true);
  });

  it('a journal path that is a folder is a clear storage error, not internal', async () => {
    await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    await manager.shutdown();
    const file = await journalFile();
    await rm(file);
    await mkdir(file);
    start();
    const err = await manager.status('ws-j').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect(err).toMatchObject({ code: 'storage_failed', message: expect.stringMatching(/is a folder/) });
  });

  it('a failed write answers storage_full, leaves the journal record-aligned, the facilitator sees it, and the next ballot survives a restart', async () => {
    let failNext = 0;
    const io: JournalIO = {
      ...diskIO,
      async write(fh, data, position) {
        if (failNext > 0) {
          failNext--;
          await diskIO.write(fh, data.subarray(0, data.length >> 1), position); // half of the line reaches the disk
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        }
        return diskIO.write(fh, data, position);
      },
    };
    opts = { journalIO: io };
    await manager.shutdown();
    start();
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    const t1 = tokenOf(s, 0);
    expect((await post(s.port, 'submit', { ballot: ballot(1) }, t1)).status).toBe(200);
    failNext = 3;
    for (let i = 0; i < 3; i++) {
      const r = await post(s.port, 'submit', { ballot: ballot(2) }, t1);
      expect(r.body).toMatchObject({ ok: false, error: { code: 'storage_full' } });
    }
    const board = (await manager.status('ws-j')).round!;
    expect(board.journal).toMatchObject({ writeFailures: 3, lastWriteFailure: { code: 'storage_full', participantId: 'p1' } });
    expect(board.participants[0].rev).toBe(1);
    expect((await submit(s, 0, 5)).rev).toBe(2);
    await restart();
    expect(await revOf(0)).toBe(2);
    await allLinesReadable(await journalFile());
  });

  it('a real full disk (1 MiB tmpfs): storage_full, then after space is freed the next acknowledged ballot survives a restart', async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip(); // mounting a tmpfs needs root
    const mnt = await mkdtemp(path.join(os.tmpdir(), 'sw-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mnt]);
    try {
      await manager.shutdown();
      start(mnt);
      const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
      expect((await submit(s, 0, 1)).rev).toBe(1);
      // Fill the disk, leaving less room than one ballot.
      const filler = path.join(mnt, 'filler');
      const free = () => Number(execFileSync('df', ['-B1', '--output=avail', mnt]).toString().split('\n')[1]);
      await writeFile(filler, Buffer.alloc(Math.max(0, free() - 2048)));
      let full = 0;
      for (let i = 0; i < 3; i++) {
        const err = await submit(s, 0, 2, 'y'.repeat(900)).catch((e: unknown) => e);
        expect(err).toMatchObject({ code: 'storage_full' });
        full++;
      }
      expect(full).toBe(3);
      await rm(filler);
      expect((await submit(s, 0, 5)).rev).toBe(2);
      await restart(mnt);
      expect((await manager.status('ws-j')).round!.participants[0].rev).toBe(2);
      await allLinesReadable(
        path.join(
          mnt,
          'sessions',
          (await readdir(path.join(mnt, 'sessions'))).find((f) => f.endsWith('.jsonl'))!,
        ),
      );
    } finally {
      await manager.shutdown();
      start();
      execFileSync('umount', [mnt]);
      await rm(mnt, { recursive: true, force: true });
    }
  });

  it('compaction keeps a damaged line in a side file and leaves a journal of whole records', async () => {
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    await submit(s, 0, 1);
    await draft(s, 1, 2);
    await draft(s, 1, 3);
    await manager.shutdown();
    const file = await journalFile();
    const text = await lines(file);
    const n = text.findIndex((l) => l.includes('"t":"draft"'));
    text[n] = text[n].replace('"value":2', '"value":9');
    await writeFile(file, text.join('\n'));

    opts = { compactBytes: 1024 };
    start();
    await manager.status('ws-j');
    for (let v = 0; v < 6; v++) await draft(s, 2, v, 'r'.repeat(200));
    await submit(s, 1, 4);
    const side = (await readdir(sessions())).filter((f) => f.includes('.jsonl.damaged-'));
    expect(side).toHaveLength(1);
    expect((await readFile(path.join(sessions(), side[0]), 'utf8')).trim()).toBe(text[n]);
    await allLinesReadable(file);
    // Superseded drafts were dropped (8 were written); every submission stays.
    expect((await lines(file)).filter((l) => l.includes('"t":"draft"')).length).toBeLessThan(8);
    expect((await lines(file)).filter((l) => l.includes('"t":"submit"'))).toHaveLength(2);
    await restart();
    expect((await manager.status('ws-j')).round!.participants.map((p) => p.rev)).toEqual([1, 1, 0]);
  });

  it('a draft flood is bounded: over-budget drafts are refused for a moment, superseded drafts are compacted away, submits are kept', async () => {
    let now = Date.parse('2026-01-01T09:00:00Z');
    const budget = { burst: 64 << 10, perSecond: 8 << 10 };
    opts = { now: () => now, compactBytes: 32 << 10, draftBudget: budget };
    await manager.shutdown();
    start();
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    await submit(s, 1, 3);
    await submit(s, 1, 4);
    const big = 'z'.repeat(1000);
    const draftBytes = JSON.stringify(ballot(0, big)).length; // ~4 KB
    const t0 = now;
    let refused = 0;
    let accepted = 0;
    let peak = 0;
    let lastValue = -1;
    for (let i = 0; i < 400; i++) {
      now += 50; // 20 drafts a second: the listener's rate limit
      const r = await draft(s, 0, i % 10, big).catch((e: unknown) => e);
      if (r instanceof ContractError) {
        expect(r.message).toMatch(/^Too many draft saves/);
        refused++;
      } else {
        accepted++;
        lastValue = i % 10;
      }
      peak = Math.max(peak, (await stat(await journalFile())).size);
    }
    await draft(s, 2, 6, 'last words').catch(() => undefined);
    // One participant's drafts: at most burst + perSecond × elapsed bytes reached the journal.
    expect(refused).toBeGreaterThan(0);
    expect(accepted * draftBytes).toBeLessThanOrEqual(budget.burst + (budget.perSecond * (now - t0)) / 1000);
    // Live records: the open record, two submits, a latest draft per participant (< 3 × 4.5 KB + 8 KB). The journal
    // never grows past twice that plus the compaction allowance and one record; without compaction it would reach accepted × draftBytes.
    expect(accepted * draftBytes).toBeGreaterThan(1.5 * (2 * (3 * 4500 + 8000) + (32 << 10) + 4500));
    expect(peak).toBeLessThan(2 * (3 * 4500 + 8000) + (32 << 10) + 4500);
    await restart();
    expect(await revOf(1)).toBe(2);
    const b = await manager.participant('ws-j', 'ballot', {}, tokenOf(s, 0), '127.0.0.9');
    expect((b as { draft: { cells: { value: number }[] } }).draft.cells[0].value).toBe(lastValue);
    const text = (await readFile(await journalFile(), 'utf8')).split('\n').filter((l) => l.includes('"t":"submit"'));
    expect(text).toHaveLength(2); // both submits of p2 kept
  });
});

describe('draft budgets across a restart', () => {
  it('a participant cannot reset their draft budget by waiting for a host restart, even after compaction dropped their old drafts', async () => {
    let now = Date.parse('2026-01-01T09:00:00Z');
    const big = 'q'.repeat(1000);
    const draftBytes = JSON.stringify(ballot(0, big)).length; // ~4 KB
    const budget = { burst: 5 * draftBytes, perSecond: 100 };
    opts = { now: () => now, compactBytes: 2 * draftBytes, draftBudget: budget };
    await manager.shutdown();
    start();
    const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
    let accepted = 0;
    for (let i = 0; i < 10; i++) {
      const r = await draft(s, 0, i % 10, big).catch((e: unknown) => e);
      if (!(r instanceof ContractError)) accepted++;
    }
    expect(accepted).toBeGreaterThan(2);
    expect(accepted).toBeLessThan(10);
    // Compaction ran: the journal holds fewer drafts than were accepted, so counting drafts alone cannot restore the budget.
    expect((await lines(await journalFile())).filter((l) => l.includes('"t":"draft"')).length).toBeLessThan(accepted);
    for (const wait of [0, 1000]) {
      now += wait;
      await restart();
      await manager.status('ws-j');
      const again = await draft(s, 0, 1, big).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(ContractError);
      expect((again as ContractError).message).toMatch(/^Too many draft saves/);
    }
    // Another participant's budget is their own; and the budget refills with time as before.
    await expect(draft(s, 1, 2, big)).resolves.toBeTruthy();
    now += Math.ceil(((2 * draftBytes) / budget.perSecond) * 1000);
    await restart();
    await manager.status('ws-j');
    await expect(draft(s, 0, 3, big)).resolves.toBeTruthy();
  });
});

describe('side files are bounded', () => {
  it('keeps the round’s 3 newest cut files and the 2 previous rounds (each with its header and cut files); older ones are deleted', async () => {
    let now = Date.parse('2026-01-01T09:00:00Z');
    opts = { now: () => now };
    await manager.shutdown();
    start();
    const roundIds: string[] = [];
    let lastCuts: string[] = [];
    for (let round = 0; round < 4; round++) {
      const s = await manager.open(RoundSpecSchema.parse(SPEC), ADDRESS, 0);
      roundIds.push(s.roundId);
      await submit(s, 0, round + 1);
      const file = await journalFile();
      const cuts: string[] = [];
      for (let t = 0; t < 5; t++) {
        await manager.shutdown();
        await appendFile(file, '80 00000000 {"t":"submit","pid":"p1"'); // a power cut mid-write
        now += 1000;
        start();
        const st = await manager.status('ws-j');
        cuts.push(st.round!.journal!.problems.find((p) => p.kind === 'torn-tail')!.sideFile!);
        expect(st.round!.participants[0].rev).toBe(1);
      }
      const own = (await readdir(sessions())).filter((n) => /\.jsonl\.(torn|damaged)-/.test(n));
      expect(own.sort()).toEqual(cuts.slice(-3).sort());
      lastCuts = cuts.slice(-3);
      await manager.close('ws-j');
      now += 1000;
    }
    const names = await readdir(sessions());
    const journal = path.basename(await journalFile());
    // The current round: journal, header, its 3 newest cut files.
    expect(names.filter((n) => !n.includes('.round-')).sort()).toEqual([journal, `${journal}.head`, ...lastCuts].sort());
    // The two rounds before it, each with its header and 3 cut files; the first round is gone.
    const aside = names.filter((n) => n.includes('.round-'));
    expect(aside).toHaveLength(2 * (1 + 1 + 3));
    for (const id of roundIds.slice(1, 3)) expect(aside.filter((n) => n.includes(`.round-${id}-`))).toHaveLength(5);
    expect(aside.some((n) => n.includes(roundIds[0]))).toBe(false);
    expect(aside.filter((n) => /\.round-[^.]+$/.test(n) && n.startsWith(`${journal}.round-`))).toHaveLength(2);
  });
});
