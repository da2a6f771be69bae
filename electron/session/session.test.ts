import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { BallotInput, RoundSpecInput, SessionEvent } from '../../shared/contract/session';
import { BallotSchema, RoundSpecSchema } from '../../shared/contract/session';
import { createService } from '../service';
import { parseWebArgs } from '../hosts/web';
import { defaultDataDir } from './data-dir';
import { SessionManager } from './manager';
import { LISTENER_LIMITS, perAddressCap, startListener } from './listener';
import { joinCodeLimits } from './manager';
import { holdSlowSockets, honestSubmits } from '../../test/fixtures/slowloris';
import { connect } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';

// Listens only on 127.0.0.2 (loopback), port 0.
const ADDRESS = '127.0.0.2';
const SPEC: RoundSpecInput = {
  workshopId: 'ws-1',
  title: 'GPU plan',
  lang: 'en',
  scale: { min: 0, max: 10 },
  criteria: [
    { id: 'k1', name: { 'zh-CN': '失配', en: 'Mismatch' }, focusPoints: [{ 'zh-CN': '重要性采样', en: 'Importance sampling' }] },
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
  ahp: true,
  blind: true,
};
const spec = () => RoundSpecSchema.parse(SPEC);
const full = (v: number, rationale = ''): BallotInput => ({
  cells: ['a', 'b'].flatMap((candidateId) => ['k1', 'k2'].map((criterionId) => ({ candidateId, criterionId, value: v, rationale }))),
  ahp: [{ a: 'k1', b: 'k2', value: 3 }],
});

let dir: string;
let manager: SessionManager;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sw-session-'));
  manager = new SessionManager({ dataDir: dir, tls: null });
});
afterEach(async () => {
  await manager.shutdown();
  await rm(dir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  // A parsed JSON answer, read field by field in each test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { ok: boolean; result?: any; error?: { code: string; message: string; issues?: { path: string; message: string }[] } };
}
/** One raw HTTP request to the listener (raw, so tests can send any Host and any body). */
function send(port: number, method: string, body: unknown, opts: { token?: string; host?: string; raw?: string; from?: string } = {}): Promise<Reply> {
  const data = opts.raw ?? JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: ADDRESS,
        port,
        localAddress: opts.from,
        agent: false,
        method: 'POST',
        path: `/p/${method}`,
        headers: {
          Host: opts.host ?? `${ADDRESS}:${port}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(data),
          ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
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
const linkToken = (link: string) => link.slice(link.indexOf('#t=') + 3);
const journalText = async () => {
  const files = await readdir(path.join(dir, 'sessions'));
  return (await Promise.all(files.map((f) => readFile(path.join(dir, 'sessions', f), 'utf8')))).join('');
};

/** The built web host (build/node/web.mjs, bundled by the test setup) on a loopback port, with its own data folder. */
function spawnWebHost(dataDir: string): Promise<{ child: ChildProcess; origin: string; token: string }> {
  const child = spawn(process.execPath, [path.resolve('build/node/web.mjs'), '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (\S+)/.exec(out);
      if (m) resolve({ child, origin: new URL(m[1]).origin, token: /token=([^&\s]+)/.exec(m[1])![1] });
    });
    child.on('exit', (code) => reject(new Error(`web host exited ${code}: ${out}`)));
  });
}

describe('room-vote sessions', () => {
  it('opens on the chosen address, joins by link and by code, journals a submission before acknowledging it, streams it', async () => {
    const events: SessionEvent[] = [];
    manager.subscribe((e) => events.push(e));
    const status = await manager.open(spec(), ADDRESS, 0);
    expect(status.url).toBe(`http://${ADDRESS}:${status.port}/`);
    expect(status.joinCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const links = status.participants.map((p) => linkToken(p.link));
    // Capability tokens: 256 random bits each, all different.
    expect(new Set(links).size).toBe(3);
    for (const t of links) expect(Buffer.from(t, 'base64url').length).toBe(32);

    const joined = await send(status.port, 'join', { token: links[0] });
    expect(joined.body.result).toEqual({ token: links[0], participantId: 'p1' });
    const names = await send(status.port, 'join', { code: status.joinCode.toLowerCase() });
    expect(names.body.result.names.map((n: { id: string }) => n.id)).toEqual(['p2', 'p3']);
    const claimed = await send(status.port, 'join', { code: status.joinCode, participantId: 'p2' });
    expect(claimed.body.result.participantId).toBe('p2');
    const taken = await send(status.port, 'join', { code: status.joinCode, participantId: 'p2' });
    expect(taken.status).toBe(403);

    const ballot = await send(status.port, 'ballot', {}, { token: links[0] });
    expect(ballot.body.result.participant).toEqual({ id: 'p1', name: 'Lin' });
    expect(ballot.body.result.criteria[0].focusPoints[0].en).toBe('Importance sampling');
    expect(JSON.stringify(ballot.body.result)).not.toContain('Sam'); // sees only their own ballot

    const sub = await send(status.port, 'submit', { ballot: full(7, 'fast') }, { token: links[0] });
    expect(sub.body.result.rev).toBe(1);
    // Acknowledged ⇒ already in the journal on disk.
    expect(await journalText()).toContain('"t":"submit","pid":"p1"');
    const ev = events.find((e) => e.type === 'ballot');
    expect(ev).toMatchObject({ type: 'ballot', participantId: 'p1', rev: 1, workshopId: 'ws-1' });
    const again = await send(status.port, 'submit', { ballot: full(8) }, { token: links[0] });
    expect(again.body.result.rev).toBe(2);
    expect(await manager.ballots('ws-1')).toMatchObject([{ participantId: 'p1', rev: 2 }]);
    const board = (await manager.status('ws-1')).round!;
    expect(board.participants.map((p) => [p.joined, p.submitted, p.filled])).toEqual([
      [true, true, 4],
      [true, false, 0],
      [false, false, 0],
    ]);
    // The board carries no score: blind mode can show it.
    expect(JSON.stringify(board)).not.toMatch(/"value"/);
  });

  it('the board says joined, answering, submitted, or away (no contact for the stated time), and pairs come in each one’s linking order', async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    await manager.shutdown();
    manager = new SessionManager({ dataDir: dir, tls: null, now: () => clock });
    const status = await manager.open(spec(), ADDRESS, 0);
    expect(status.awayAfterS).toBeGreaterThan(0);
    const [t1, t2, t3] = status.participants.map((p) => linkToken(p.link));
    for (const t of [t1, t2, t3]) await send(status.port, 'join', { token: t });
    await send(status.port, 'draft', { ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: 4 }] } }, { token: t2 });
    await send(status.port, 'submit', { ballot: full(6) }, { token: t3 });
    const states = async () => (await manager.status('ws-1')).round!.participants.map((p) => p.state);
    expect(await states()).toEqual(['joined', 'answering', 'submitted']);
    // A draft after the submission: answering again.
    await send(status.port, 'draft', { ballot: full(7) }, { token: t3 });
    expect(await states()).toEqual(['joined', 'answering', 'answering']);
    // Lin's device stays in touch (its status checks); the others fall silent.
    clock += (status.awayAfterS - 1) * 1000;
    await send(status.port, 'status', {}, { token: t1 });
    clock += 2000;
    expect(await states()).toEqual(['joined', 'away', 'away']);
    // Each device gets every pair once, the first ones linking the criteria.
    const b = await send(status.port, 'ballot', {}, { token: t2 });
    expect(b.body.result.pairs).toEqual([['k1', 'k2']]);
  });

  it('forgetting a deleted workshop stops its round and deletes its journal and every side file, and only its own', async () => {
    const first = await manager.open(spec(), ADDRESS, 0);
    const t1 = linkToken(first.participants[0].link);
    expect((await send(first.port, 'submit', { ballot: full(4) }, { token: t1 })).status).toBe(200);
    await manager.close('ws-1');
    // A second round keeps the first one's journal beside it; another workshop has its own round.
    const second = await manager.open(spec(), ADDRESS, 0);
    const other = await manager.open({ ...spec(), workshopId: 'ws-2' }, ADDRESS, 0);
    const before = await readdir(path.join(dir, 'sessions'));
    const api = createService({ host: 'test', session: manager });
    const answer = await api.dispatch('session.forget', { workshopId: 'ws-1' });
    expect(answer).toEqual({ ok: true, result: { removed: expect.any(Number) } });
    const after = await readdir(path.join(dir, 'sessions'));
    expect(before.length - after.length).toBe((answer as { result: { removed: number } }).result.removed);
    expect((answer as { result: { removed: number } }).result.removed).toBeGreaterThanOrEqual(3); // journal, header, the previous round's journal
    expect((await manager.status('ws-1')).round).toBeNull();
    // Its listener is gone; the other workshop's round still answers.
    await expect(send(second.port, 'status', {}, { token: linkToken(second.participants[0].link) })).rejects.toThrow();
    expect((await send(other.port, 'join', { token: linkToken(other.participants[0].link) })).status).toBe(200);
    expect((await manager.status('ws-2')).round?.state).toBe('open');
    // A workshop that never had a round: nothing to remove.
    expect(await api.dispatch('session.forget', { workshopId: 'ws-none' })).toEqual({ ok: true, result: { removed: 0 } });
    expect(await api.dispatch('session.forget', { workshopId: '' })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('refuses hostile input with clear errors and stores nothing', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const [t1, t2] = status.participants.map((p) => linkToken(p.link));
    await send(status.port, 'join', { token: t1 });
    const before = await journalText();

    const oversize = await send(
      status.port,
      'draft',
      { ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: 1, rationale: 'x'.repeat(300_000) }] } },
      { token: t1 },
    );
    expect(oversize.status).toBe(413);
    const wrongType = await send(status.port, 'submit', { ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: '7' }] } }, { token: t1 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error!.issues![0].path).toBe('ballot.cells[0].value');
    const offScale = await send(status.port, 'submit', { ballot: full(11) }, { token: t1 });
    expect(offScale.body.error!.message).toMatch(/within the scale 0\.\.10/);
    const unknownCell = await send(status.port, 'submit', { ballot: { cells: [{ candidateId: 'zzz', criterionId: 'k1', value: 1 }] } }, { token: t1 });
    expect(unknownCell.body.error!.message).toMatch(/unknown candidate "zzz"/);
    const extraField = await send(status.port, 'submit', { ballot: full(5), participantId: 'p2' }, { token: t1 });
    expect(extraField.status).toBe(400);
    const notJson = await send(status.port, 'submit', null, { token: t1, raw: '{"ballot":' });
    expect(notJson.body.error!.message).toMatch(/not valid JSON/);
    const forged = await send(status.port, 'submit', { ballot: full(5) }, { token: 'A'.repeat(43) });
    expect(forged.status).toBe(401);
    const noToken = await send(status.port, 'submit', { ballot: full(5) });
    expect(noToken.status).toBe(401);
    const badHost = await send(status.port, 'submit', { ballot: full(5) }, { token: t1, host: `evil.example:${status.port}` });
    expect(badHost.status).toBe(403);
    expect(await journalText()).toBe(before);
    expect(await manager.ballots('ws-1')).toEqual([]);

    // Another participant's token acts only as that participant: p1's ballot is untouched.
    await send(status.port, 'submit', { ballot: full(2) }, { token: t2 });
    expect((await manager.ballots('ws-1')).map((b) => b.participantId)).toEqual(['p2']);

    // A device freed by the facilitator cannot come back with its old (replayed) token.
    const claimed = await send(status.port, 'join', { code: status.joinCode, participantId: 'p3' });
    const device = claimed.body.result.token as string;
    expect((await send(status.port, 'status', {}, { token: device })).status).toBe(200);
    await manager.free('ws-1', 'p3');
    expect((await send(status.port, 'draft', { ballot: full(1) }, { token: device })).status).toBe(401);
    // …and the name can be picked again.
    expect((await send(status.port, 'join', { code: status.joinCode })).body.result.names.map((n: { id: string }) => n.id)).toEqual(['p3']);

    // Script in a rationale is kept as plain text (escaped wherever shown), never interpreted.
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await send(status.port, 'submit', { ballot: full(6, script) }, { token: t1 });
    expect((await send(status.port, 'ballot', {}, { token: t1 })).body.result.submitted.cells[0].rationale).toBe(script);
  });

  it('rate-limits join codes: after ten wrong codes even the right one is refused', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const wrong = status.joinCode === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 10; i++) expect((await send(status.port, 'join', { code: wrong })).status).toBe(401);
    const right = await send(status.port, 'join', { code: status.joinCode });
    expect(right.status).toBe(429);
    expect(right.body.error!.message).toMatch(/Too many wrong join codes/);
  });

  it('wrong join codes lock only their own round: 10 from each of 20 devices at one workshop leave another workshop open to joins', async () => {
    const first = await manager.open(spec(), ADDRESS, 0);
    const second = await manager.open(RoundSpecSchema.parse({ ...SPEC, workshopId: 'ws-2' }), ADDRESS, 0);
    const wrong = [first.joinCode, second.joinCode].includes('AAAAAA')
      ? [first.joinCode, second.joinCode].includes('BBBBBB')
        ? 'CCCCCC'
        : 'BBBBBB'
      : 'AAAAAA';
    for (let d = 1; d <= 20; d++)
      for (let i = 0; i < 10; i++) expect((await send(first.port, 'join', { code: wrong }, { from: `127.0.2.${d}` })).status).toBe(401);
    // The guessed-at round stops taking codes from anyone…
    expect((await send(first.port, 'join', { code: first.joinCode }, { from: '127.0.2.99' })).status).toBe(429);
    // …the other workshop's round does not, from a fresh device or from one of the guessers.
    expect((await send(second.port, 'join', { code: second.joinCode }, { from: '127.0.2.99' })).body.result.names).toHaveLength(3);
    expect((await send(second.port, 'join', { code: second.joinCode }, { from: '127.0.2.1' })).status).toBe(200);
  });

  it('a name picked by join code while its personal link is in use is flagged to the link holder and on the board, until freed', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const t3 = linkToken(status.participants[2].link);
    // Someone who read the code picks Ana's name before Ana opens her link, and votes.
    const claimed = await send(status.port, 'join', { code: status.joinCode, participantId: 'p3' }, { from: '127.0.0.9' });
    const device = claimed.body.result.token as string;
    const cast = await send(status.port, 'submit', { ballot: full(1) }, { token: device });
    expect(cast.body.result.rev).toBe(1);
    const at = cast.body.result.storedAt as string;
    // The device that picked the name is not told anything about a link.
    expect((await send(status.port, 'status', {}, { token: device })).body.result.claimedElsewhere).toBeUndefined();
    expect((await manager.status('ws-1')).round!.participants[2].conflict).toBe(false);

    // The device waits on its status (as the page does) while Ana opens her link: that ballot is never shown to her as hers without the warning.
    const asked = performance.now();
    const waiting = send(status.port, 'status', { wait: true }, { token: device });
    await new Promise((r) => setTimeout(r, 100));
    expect((await send(status.port, 'join', { token: t3 })).status).toBe(200);
    // …and the device that picked the name learns it at once.
    expect((await waiting).body.result.claimedElsewhere).toEqual({ at: expect.any(String), via: 'link' });
    expect(performance.now() - asked).toBeLessThan(5000);
    const ballot = (await send(status.port, 'ballot', {}, { token: t3 })).body.result;
    expect(ballot.submitted).not.toBeNull();
    expect(ballot.claimedElsewhere).toEqual({ at: expect.any(String), via: 'code' });
    expect(Date.parse(ballot.claimedElsewhere.at)).toBeLessThanOrEqual(Date.parse(at));
    expect((await send(status.port, 'status', {}, { token: t3 })).body.result.claimedElsewhere).toEqual(ballot.claimedElsewhere);
    const board = (await manager.status('ws-1')).round!;
    expect(board.participants.map((p) => p.conflict)).toEqual([false, false, true]);
    // …and the device that picked the name learns that its personal link is in use.
    expect((await send(status.port, 'ballot', {}, { token: device })).body.result.claimedElsewhere).toEqual({ at: expect.any(String), via: 'link' });

    // It survives a restart (both facts are in the journal).
    await manager.shutdown();
    manager = new SessionManager({ dataDir: dir, tls: null });
    expect((await manager.status('ws-1')).round!.participants[2].conflict).toBe(true);

    // "Free this name" signs the other device out and clears the conflict; Ana is no longer warned about that claim, also after a restart.
    expect((await manager.free('ws-1', 'p3')).round!.participants[2].conflict).toBe(false);
    expect((await send(status.port, 'status', {}, { token: device })).status).toBe(401);
    expect((await send(status.port, 'ballot', {}, { token: t3 })).body.result.claimedElsewhere).toBeUndefined();
    expect((await send(status.port, 'status', {}, { token: t3 })).body.result.claimedElsewhere).toBeUndefined();
    await manager.shutdown();
    manager = new SessionManager({ dataDir: dir, tls: null });
    await manager.status('ws-1');
    expect((await send(status.port, 'ballot', {}, { token: t3 })).body.result.claimedElsewhere).toBeUndefined();
  });

  it('freeing a name can set aside the ballot cast on the code device: it leaves the round durably, the link holder is told at once; keeping it keeps it', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const t3 = linkToken(status.participants[2].link);
    const t2 = linkToken(status.participants[1].link);
    const events: SessionEvent[] = [];
    manager.subscribe((e) => events.push(e));
    // Someone picks Ana's name by code and votes twice; Ana opens her link and waits on her status.
    const device = (await send(status.port, 'join', { code: status.joinCode, participantId: 'p3' }, { from: '127.0.0.9' })).body.result.token as string;
    expect((await send(status.port, 'submit', { ballot: full(1) }, { token: device })).body.result.rev).toBe(1);
    expect((await send(status.port, 'submit', { ballot: full(2) }, { token: device })).body.result.rev).toBe(2);
    expect((await send(status.port, 'ballot', {}, { token: t3 })).body.result.submitted).not.toBeNull();
    // Sam votes on his own link: his ballot is his, and it is never set aside by Ana's trouble.
    expect((await send(status.port, 'submit', { ballot: full(5) }, { token: t2 })).body.result.rev).toBe(1);
    let board = (await manager.status('ws-1')).round!;
    expect(board.participants.map((p) => [p.conflict, p.byCode])).toEqual([
      [false, false],
      [false, false],
      [true, true],
    ]);
    const waiting = send(status.port, 'status', { wait: true }, { token: t3 });
    await new Promise((r) => setTimeout(r, 100));
    const asked = performance.now();
    board = (await manager.free('ws-1', 'p3', true)).round!;
    const told = (await waiting).body.result;
    expect(performance.now() - asked).toBeLessThan(5000);
    expect(told.setAside).toEqual({ at: expect.any(String) });
    expect(told.rev).toBe(0);
    expect(board.participants[2]).toMatchObject({ submitted: false, rev: 0, filled: 0, conflict: false });
    expect((await manager.ballots('ws-1')).map((b) => b.participantId)).toEqual(['p2']);
    const mine = (await send(status.port, 'ballot', {}, { token: t3 })).body.result;
    expect(mine).toMatchObject({ submitted: null, draft: null, rev: 0, setAside: told.setAside });
    expect(mine.claimedElsewhere).toBeUndefined();
    expect((await send(status.port, 'status', {}, { token: device })).status).toBe(401);
    // Durable: after a restart the ballot is still set aside; Ana's next submission follows the set-aside revision.
    await manager.shutdown();
    manager = new SessionManager({ dataDir: dir, tls: null });
    expect((await manager.status('ws-1')).round!.participants[2]).toMatchObject({ submitted: false, rev: 0 });
    expect((await send(status.port, 'ballot', {}, { token: t3 })).body.result.setAside).toEqual(told.setAside);
    expect((await send(status.port, 'submit', { ballot: full(7) }, { token: t3 })).body.result.rev).toBe(3);
    const after = (await send(status.port, 'ballot', {}, { token: t3 })).body.result;
    expect(after.setAside).toBeUndefined();
    expect(after.submitted.cells[0].value).toBe(7);
    expect((await manager.status('ws-1')).round!.participants[2].byCode).toBe(false);
    await manager.shutdown();
    manager = new SessionManager({ dataDir: dir, tls: null });
    await manager.status('ws-1');
    expect((await manager.ballots('ws-1')).map((b) => [b.participantId, b.rev])).toEqual([
      ['p2', 1],
      ['p3', 3],
    ]);

    // Keeping it: the code device's ballot stays in the round.
    const again = (await send(status.port, 'join', { code: status.joinCode, participantId: 'p1' }, { from: '127.0.0.9' })).body.result.token as string;
    expect((await send(status.port, 'submit', { ballot: full(4) }, { token: again })).body.result.rev).toBe(1);
    expect((await manager.free('ws-1', 'p1')).round!.participants[0]).toMatchObject({ submitted: true, rev: 1, joined: false });
    expect(events.some((e) => e.type === 'status')).toBe(true);
  });

  it('the personal link waiting on its status learns at once that its freed name was picked again by code', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const t3 = linkToken(status.participants[2].link);
    expect((await send(status.port, 'join', { token: t3 })).status).toBe(200);
    // Ana's page waits on its status; meanwhile the facilitator frees her name and someone picks it by code.
    const asked = performance.now();
    const waiting = send(status.port, 'status', { wait: true }, { token: t3 });
    await new Promise((r) => setTimeout(r, 100));
    await manager.free('ws-1', 'p3');
    const picked = await send(status.port, 'join', { code: status.joinCode, participantId: 'p3' }, { from: '127.0.0.9' });
    expect(picked.status).toBe(200);
    expect((await waiting).body.result.claimedElsewhere).toEqual({ at: expect.any(String), via: 'code' });
    expect(performance.now() - asked).toBeLessThan(5000);
    expect((await manager.status('ws-1')).round!.participants[2].conflict).toBe(true);
  });

  it('one address holding 520 slow sockets leaves 50 honest devices unaffected, and each slow socket is cut by the head timeout', async () => {
    const participants = Array.from({ length: 50 }, (_, i) => ({ id: `q${i + 1}`, name: `Q${i + 1}` }));
    const status = await manager.open(RoundSpecSchema.parse({ ...SPEC, participants }), ADDRESS, 0);
    const slow = holdSlowSockets({ host: ADDRESS, port: status.port, from: '127.0.0.3', count: 520, lineEveryMs: 1000 });
    try {
      await new Promise((r) => setTimeout(r, 1000)); // the slow sockets are in place
      const tokens = status.participants.map((p) => linkToken(p.link));
      const ok = await honestSubmits({ host: ADDRESS, port: status.port, tokens, ballot: full(5), timeoutMs: 5000 });
      expect(ok.filter(Boolean)).toHaveLength(50);
      // Every slow socket is gone within the head timeout and a second or two (the issue's bound:
      // Node checks every checkMs, and the lifetimes are seen from this loaded test process's side),
      // however often it writes.
      const deadline = performance.now() + LISTENER_LIMITS.headMs + 3000;
      while (slow.open() > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(slow.open()).toBe(0);
      expect(Math.max(...slow.lifetimes)).toBeLessThan(LISTENER_LIMITS.headMs + 2000);
    } finally {
      slow.release();
    }
  });

  it('devices behind one address (NAT): 50 honest submits from one address all succeed while another address holds 500 slow sockets', async () => {
    const participants = Array.from({ length: 50 }, (_, i) => ({ id: `q${i + 1}`, name: `Q${i + 1}` }));
    const status = await manager.open(RoundSpecSchema.parse({ ...SPEC, participants }), ADDRESS, 0);
    const slow = holdSlowSockets({ host: ADDRESS, port: status.port, from: '127.0.0.3', count: 500, lineEveryMs: 1000 });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const tokens = status.participants.map((p) => linkToken(p.link));
      const ok = await honestSubmits({ host: ADDRESS, port: status.port, tokens, ballot: full(5), timeoutMs: 5000, from: '127.0.0.4' });
      expect(ok.filter(Boolean)).toHaveLength(50);
      // The slow address was held to its own cap (3 per invited device), evicting its own idle sockets.
      expect(slow.open()).toBeLessThanOrEqual(perAddressCap(50));
    } finally {
      slow.release();
    }
  });

  it('the per-address cap is 3 connections per invited device, never under 24 nor over 256', () => {
    const { perAddress: floor, perAddressMax: ceiling, perInvited } = LISTENER_LIMITS;
    expect(perAddressCap(0)).toBe(floor);
    expect(perAddressCap(Math.floor(floor / perInvited))).toBe(floor); // six phones behind one address: still the floor
    expect(perAddressCap(50)).toBe(50 * perInvited);
    expect(perAddressCap(50)).toBeGreaterThan(floor);
    expect(perAddressCap(1000)).toBe(ceiling);
  });

  it('at the per-address cap, the longest-idle socket of that address makes room; busy ones are never cut', async () => {
    const cap = perAddressCap(0);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const l = await startListener({
      address: ADDRESS,
      port: 0,
      limits: { burst: 1000, perSecond: 1000 },
      handle: async (method) => {
        if (method === 'status') await gate;
        return { ok: 1 };
      },
    });
    const from = '127.0.0.5';
    try {
      // The address's devices fill the cap with idle (slow-head) sockets; honest devices behind it still get through.
      const slow = holdSlowSockets({ host: ADDRESS, port: l.port, from, count: cap, lineEveryMs: 1000 });
      await new Promise((r) => setTimeout(r, 300));
      expect(slow.open()).toBe(cap);
      const tokens = Array.from({ length: 6 }, (_, i) => `device-token-${i}-abcdefghijklmnop`);
      const ok = await honestSubmits({ host: ADDRESS, port: l.port, tokens, ballot: full(1), timeoutMs: 3000, from });
      expect(ok).toEqual(tokens.map(() => true));
      // Room was made by cutting idle slow sockets (at most one per honest connection; fewer when an honest one had already closed).
      expect(slow.open()).toBeLessThan(cap);
      expect(slow.open()).toBeGreaterThanOrEqual(cap - tokens.length);
      slow.release();
      await new Promise((r) => setTimeout(r, 200));
      // Now every connection is busy (waiting on its status): a new one is refused, none of the busy ones is cut.
      const busy = Array.from({ length: cap }, () => send(l.port, 'status', {}, { from, token: tokens[0] }));
      await new Promise((r) => setTimeout(r, 300));
      const refused = await send(l.port, 'status', {}, { from }).then(
        () => false,
        () => true,
      );
      expect(refused).toBe(true);
      release();
      expect((await Promise.all(busy)).map((r) => r.status)).toEqual(busy.map(() => 200));
    } finally {
      release();
      await l.close();
    }
  });

  it('requests are counted per device token (not per shared address), within an allowance per address for its devices', async () => {
    const l = await startListener({ address: ADDRESS, port: 0, invited: 3, limits: { burst: 4, perSecond: 0.001 }, handle: async () => ({}) });
    const from = '127.0.0.6';
    try {
      const tokens = Array.from({ length: 3 }, (_, i) => `nat-device-${i}-abcdefghijklmnopq`);
      const codes = async (token: string, n: number) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push((await send(l.port, 'status', {}, { from, token })).status);
        return out;
      };
      // Three devices behind one address: each has its own burst of 4.
      for (const t of tokens) expect(await codes(t, 4)).toEqual([200, 200, 200, 200]);
      expect(await codes(tokens[0], 1)).toEqual([429]);
      // A made-up token buys nothing beyond the address's allowance (4 per invited device).
      expect(await codes('made-up-token-abcdefghijklmnopqrs', 1)).toEqual([429]);
    } finally {
      await l.close();
    }
  });

  it('the wrong-code limit scales with the invited count: a room of 50 behind one address is not locked out by 10 typos', async () => {
    const participants = Array.from({ length: 50 }, (_, i) => ({ id: `q${i + 1}`, name: `Q${i + 1}` }));
    const status = await manager.open(RoundSpecSchema.parse({ ...SPEC, participants }), ADDRESS, 0);
    const allowed = joinCodeLimits(50).perAddress;
    expect(allowed).toBeGreaterThan(10);
    const wrong = status.joinCode === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    for (let i = 0; i < allowed - 1; i++)
      await expect(manager.participant('ws-1', 'join', { code: wrong }, undefined, '127.0.0.7')).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await manager.participant('ws-1', 'join', { code: status.joinCode }, undefined, '127.0.0.7')).toHaveProperty('names');
    await expect(manager.participant('ws-1', 'join', { code: wrong }, undefined, '127.0.0.7')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(manager.participant('ws-1', 'join', { code: status.joinCode }, undefined, '127.0.0.7')).rejects.toMatchObject({ code: 'forbidden' });
    // A small round keeps the limit of ten.
    expect(joinCodeLimits(3).perAddress).toBe(10);
  });

  it('a request whose body trickles in is answered 408 and cut within a second of the request timeout', async () => {
    const limits = { headMs: 500, requestMs: 1000 };
    const l = await startListener({ address: ADDRESS, port: 0, limits: { burst: 60, perSecond: 20 }, timeouts: limits, handle: async () => ({}) });
    try {
      const started = performance.now();
      const reply = await new Promise<{ text: string; ms: number }>((resolve) => {
        const s = connect({ host: ADDRESS, port: l.port });
        let text = '';
        const timer = setInterval(() => s.write('{'), 200);
        s.on('connect', () =>
          s.write(`POST /p/status HTTP/1.1\r\nHost: ${ADDRESS}:${l.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`),
        );
        s.on('data', (d) => (text += d));
        s.on('error', () => undefined);
        s.on('close', () => {
          clearInterval(timer);
          resolve({ text, ms: performance.now() - started });
        });
      });
      expect(reply.text).toMatch(/^HTTP\/1\.1 408/);
      expect(reply.ms).toBeLessThan(limits.requestMs + 1000);
    } finally {
      await l.close();
    }
  });

  it('the web host brings an open round back by itself after kill -9: a participant reaches it on the same port, no facilitator call', async () => {
    let host = await spawnWebHost(dir);
    try {
      const res = await fetch(`${host.origin}/api/session.open`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-SW-Token': host.token },
        body: JSON.stringify({ spec: SPEC, address: ADDRESS, port: 0 }),
      });
      const opened = ((await res.json()) as { result: { port: number; participants: { link: string }[] } }).result;
      const t1 = linkToken(opened.participants[0].link);
      expect((await send(opened.port, 'submit', { ballot: full(4) }, { token: t1 })).body.result.rev).toBe(1);
      host.child.kill('SIGKILL');
      await new Promise((r) => host.child.once('exit', r));
      await expect(send(opened.port, 'status', {}, { token: t1 })).rejects.toThrow(/ECONNREFUSED/);

      host = await spawnWebHost(dir);
      // Nobody calls the host's API: the participant's device retries until the round answers.
      const deadline = performance.now() + 10_000;
      let reply: Reply | null = null;
      while (!reply && performance.now() < deadline)
        reply = await send(opened.port, 'status', {}, { token: t1 }).catch(() => new Promise<null>((r) => setTimeout(() => r(null), 200)));
      expect(reply?.body.result).toEqual({ open: true, rev: 1 });
    } finally {
      host.child.kill('SIGKILL');
    }
  });

  it('an open round whose network comes up after the host started listens again by itself, on its port', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const t1 = linkToken(status.participants[0].link);
    await manager.shutdown();

    let networkUp = false;
    const events: SessionEvent[] = [];
    const gone = Object.assign(new Error('listen EADDRNOTAVAIL'), { code: 'EADDRNOTAVAIL' });
    manager = new SessionManager({
      dataDir: dir,
      tls: null,
      retryListenMs: 100,
      startListener: async (o) => (networkUp ? startListener(o) : Promise.reject(gone)),
    });
    manager.subscribe((e) => events.push(e));
    await manager.resumeOpen();
    expect((await manager.status('ws-1')).round).toMatchObject({ listening: false, listenProblem: { reason: 'address_gone' } });
    networkUp = true;
    const deadline = performance.now() + 3000;
    while (!events.some((e) => e.type === 'status' && e.status.listening) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await send(status.port, 'status', {}, { token: t1 })).body.result).toEqual({ open: true, rev: 0 });
  });

  it("an open round whose address is gone after a restart: the status says so with this machine's interfaces; moving it there brings the round back", async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const t1 = linkToken(status.participants[0].link);
    await send(status.port, 'submit', { ballot: full(6) }, { token: t1 });
    await manager.shutdown();

    const gone = Object.assign(new Error('listen EADDRNOTAVAIL'), { code: 'EADDRNOTAVAIL' });
    manager = new SessionManager({
      dataDir: dir,
      tls: null,
      retryListenMs: 60_000,
      startListener: async (o) => (o.address === ADDRESS ? Promise.reject(gone) : startListener(o)),
    });
    await manager.resumeOpen();
    const round = (await manager.status('ws-1')).round!;
    expect(round).toMatchObject({ state: 'open', listening: false, listenProblem: { reason: 'address_gone' } });
    expect(round.listenProblem!.message).toMatch(/Is that network still connected/);
    expect(round.listenProblem!.interfaces.map((i) => i.address)).toContain('127.0.0.1');

    const moved = (await manager.reopen('ws-1', '127.0.0.1')).round!;
    expect(moved).toMatchObject({ state: 'open', listening: true, address: '127.0.0.1' });
    expect(moved.listenProblem).toBeUndefined();
    const b = await new Promise<Reply>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: moved.port,
          method: 'POST',
          path: '/p/ballot',
          agent: false,
          headers: { Host: `127.0.0.1:${moved.port}`, 'Content-Type': 'application/json', Authorization: `Bearer ${t1}` },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(b.body.result.rev).toBe(1);
    // The move is in the journal: after another restart the round listens on the new address.
    await manager.shutdown();
    manager = new SessionManager({ dataDir: dir, tls: null });
    expect((await manager.status('ws-1')).round).toMatchObject({ listening: true, address: '127.0.0.1', port: moved.port });
  });

  it('a restart resumes the open round on the same port with every acknowledged ballot and draft', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const [t1, t2] = status.participants.map((p) => linkToken(p.link));
    await send(status.port, 'join', { token: t1 });
    await send(status.port, 'submit', { ballot: full(9, 'sure') }, { token: t1 });
    await send(status.port, 'draft', { ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: 4, rationale: 'half' }] } }, { token: t2 });
    await manager.shutdown(); // the host goes away (listener stops, journal stays)

    manager = new SessionManager({ dataDir: dir, tls: null });
    const resumed = (await manager.status('ws-1')).round!;
    expect(resumed).toMatchObject({ state: 'open', listening: true, port: status.port, joinCode: status.joinCode, roundId: status.roundId });
    const b1 = await send(status.port, 'ballot', {}, { token: t1 });
    expect(b1.body.result).toMatchObject({ rev: 1, submitted: { cells: expect.arrayContaining([expect.objectContaining({ value: 9, rationale: 'sure' })]) } });
    const b2 = await send(status.port, 'ballot', {}, { token: t2 });
    expect(b2.body.result.draft.cells).toEqual([{ candidateId: 'a', criterionId: 'k1', value: 4, rationale: 'half' }]);
    expect(await manager.ballots('ws-1')).toHaveLength(1);
  });

  it('closing stops the listener and makes ballots final; reopening listens on the same port again', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const t1 = linkToken(status.participants[0].link);
    await send(status.port, 'join', { token: t1 });
    const closed = (await manager.close('ws-1')).round!;
    expect(closed).toMatchObject({ state: 'closed', listening: false });
    await expect(send(status.port, 'status', {}, { token: t1 })).rejects.toThrow(/ECONNREFUSED/);
    const reopened = (await manager.reopen('ws-1')).round!;
    expect(reopened).toMatchObject({ state: 'open', listening: true, port: status.port });
    expect((await send(status.port, 'submit', { ballot: full(3) }, { token: t1 })).body.result.rev).toBe(1);
  });

  it('a device waiting on the status learns that the round closed before the listener stops, and finds it open again after reopen', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const t1 = linkToken(status.participants[0].link);
    await send(status.port, 'join', { token: t1 });
    let answered = false;
    const waiting = send(status.port, 'status', { wait: true }, { token: t1 }).then((r) => ((answered = true), r));
    await new Promise((r) => setTimeout(r, 200));
    expect(answered).toBe(false); // held while the round stays open
    await manager.close('ws-1');
    expect(await waiting).toMatchObject({ status: 200, body: { ok: true, result: { open: false, rev: 0 } } });
    await expect(send(status.port, 'status', { wait: true }, { token: t1 })).rejects.toThrow(/ECONNREFUSED/);
    await manager.reopen('ws-1');
    // Without `wait`, or with it on a closed round, the answer is immediate.
    expect((await send(status.port, 'status', {}, { token: t1 })).body.result).toEqual({ open: true, rev: 0 });
    expect((await send(status.port, 'status', { wait: 'yes' }, { token: t1 })).body.error?.code).toBe('invalid_request');
  });

  it('a device between two status requests when the round closes is told "closed" when it asks again, not refused', async () => {
    const status = await manager.open(spec(), ADDRESS, 0);
    const [t1, t2] = status.participants.slice(0, 2).map((p) => linkToken(p.link));
    for (const t of [t1, t2]) await send(status.port, 'join', { token: t });
    // t2 waits on its status; t1 has just been answered and asks again a moment after the close started.
    const waiting = send(status.port, 'status', { wait: true }, { token: t2 });
    expect((await send(status.port, 'status', {}, { token: t1 })).body.result).toEqual({ open: true, rev: 0 });
    const closing = manager.close('ws-1');
    await new Promise((r) => setTimeout(r, 300));
    expect((await send(status.port, 'status', { wait: true }, { token: t1 })).body.result).toEqual({ open: false, rev: 0 });
    expect((await waiting).body.result).toEqual({ open: false, rev: 0 });
    // Both told: the close goes on, and the listener stops.
    expect((await closing).round).toMatchObject({ state: 'closed', listening: false });
    await expect(send(status.port, 'status', {}, { token: t1 })).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a pairwise-only round: no candidate is shown, judgments only; the board counts answered pairs', async () => {
    expect(() => RoundSpecSchema.parse({ ...SPEC, candidates: [], ahp: false })).toThrow(/scores of at least one candidate, pairwise judgments, or both/);
    expect(() => RoundSpecSchema.parse({ ...SPEC, candidates: [], criteria: SPEC.criteria.slice(0, 1) })).toThrow(/at least two criteria/);
    const status = await manager.open(RoundSpecSchema.parse({ ...SPEC, candidates: [] }), ADDRESS, 0);
    expect(status.candidates).toEqual([]);
    expect(status.participants[0]).toMatchObject({ filled: 0, cells: 1 });
    const t1 = linkToken(status.participants[0].link);
    const ballot = (await send(status.port, 'ballot', {}, { token: t1 })).body.result;
    expect(ballot).toMatchObject({ ahp: true, candidates: [] });
    // A score is refused (there is nothing to score); a judgment is taken.
    const scored = await send(status.port, 'submit', { ballot: { cells: full(3).cells.slice(0, 1), ahp: [] } }, { token: t1 });
    expect(scored.body.error?.code).toBe('invalid_request');
    const judged = await send(status.port, 'submit', { ballot: { cells: [], ahp: [{ a: 'k2', b: 'k1', value: 1 / 5 }] } }, { token: t1 });
    expect(judged.body.result.rev).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    const after = (await manager.status('ws-1')).round!;
    expect(after.participants[0]).toMatchObject({ filled: 1, cells: 1, submitted: true });
  });

  it('an idle round closes itself when the workshop comes back after the idle time', async () => {
    let now = Date.now();
    const m1 = new SessionManager({ dataDir: dir, tls: null, idleMs: 60_000, now: () => now });
    await m1.open(spec(), ADDRESS, 0);
    await m1.shutdown();
    now += 61_000;
    const m2 = new SessionManager({ dataDir: dir, tls: null, idleMs: 60_000, now: () => now });
    expect((await m2.status('ws-1')).round).toMatchObject({ state: 'closed', listening: false });
    await m2.shutdown();
  });

  it('opens only on an address of this machine; the contract validates the round at the door', async () => {
    await expect(manager.open(spec(), '203.0.113.7', 0)).rejects.toThrow(/not an address of this machine/);
    const service = createService({ host: 'test', session: manager });
    const bad = await service.dispatch('session.open', { spec: { ...SPEC, participants: [] }, address: ADDRESS });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ path: 'spec.participants' }] } });
    const none = await createService({ host: 'cli' }).dispatch('session.status', { workshopId: 'ws-1' });
    expect(none).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });

  describe('a dimension scored at its focus points', () => {
    const LEAVES = [
      { id: 'fp-1', name: { 'zh-CN': '重要性采样', en: 'Importance sampling' } },
      { id: 'fp-2', name: { 'zh-CN': '截断', en: 'Truncation' } },
    ];
    const LEAF_SPEC: RoundSpecInput = { ...SPEC, criteria: [{ ...SPEC.criteria[0], leaves: LEAVES }, SPEC.criteria[1]] };
    const leafBallot = (v: number): BallotInput => ({
      cells: ['a', 'b'].map((candidateId) => ({ candidateId, criterionId: 'k2', value: v })),
      leafCells: ['a', 'b'].flatMap((candidateId) => LEAVES.map((l) => ({ candidateId, criterionId: 'k1', leafId: l.id, value: v }))),
    });

    it('the round spec carries the focus points; bad ones are refused at the door with a clear reason', () => {
      expect(RoundSpecSchema.parse(LEAF_SPEC).criteria[0].leaves).toEqual(LEAVES);
      expect(RoundSpecSchema.parse(SPEC).criteria[0].leaves).toBeUndefined();
      const refused = (input: unknown) => {
        const r = RoundSpecSchema.safeParse(input);
        return r.success ? '' : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      };
      const dup = { ...LEAF_SPEC, criteria: [{ ...SPEC.criteria[0], leaves: [LEAVES[0], LEAVES[0]] }, SPEC.criteria[1]] };
      expect(refused(dup)).toMatch(/criteria\.0\.leaves\.1\.id: duplicate focus point id "fp-1"/);
      expect(refused({ ...LEAF_SPEC, criteria: [{ ...SPEC.criteria[0], leaves: [] }, SPEC.criteria[1]] })).toMatch(/at least one focus point/);
      // A facilitator-paced round asks them too (a question on such a cell asks its focus points together: paced.test.ts).
      expect(refused({ ...LEAF_SPEC, paced: true })).toBe('');
      const many = Array.from({ length: 50 }, (_, i) => ({ id: `fp-${i}`, name: { 'zh-CN': '', en: `P${i}` } }));
      const tooMany = { ...SPEC, criteria: ['k1', 'k2', 'k3'].map((id) => ({ id, name: { 'zh-CN': id, en: id }, leaves: many })) };
      expect(refused(tooMany)).toMatch(/at most 120 focus points \(this one: 150\)/);
      const start = (leafCells: unknown[]) => ({ ...LEAF_SPEC, start: [{ participantId: 'p1', cells: [], leafCells }] });
      expect(refused(start([{ candidateId: 'a', criterionId: 'k1', leafId: 'fp-2', value: 4 }]))).toBe('');
      expect(refused(start([{ candidateId: 'a', criterionId: 'k2', leafId: 'fp-2', value: 4 }]))).toMatch(/start\.0\.leafCells\.0: must be a focus point/);
      expect(refused(start([{ candidateId: 'a', criterionId: 'k1', leafId: 'fp-2', value: 40 }]))).toMatch(/start\.0\.leafCells\.0: .*on the scale/);
    });

    it('a device answers each focus point; bad answers are refused with the exact reason; the board counts focus points; a restart keeps them', async () => {
      const status = await manager.open(
        RoundSpecSchema.parse({
          ...LEAF_SPEC,
          start: [{ participantId: 'p2', cells: [], leafCells: [{ candidateId: 'b', criterionId: 'k1', leafId: 'fp-1', value: 3 }] }],
        }),
        ADDRESS,
        0,
      );
      // Two candidates × (2 focus points of k1 + k2) answers expected of each participant.
      expect(status.participants[0]).toMatchObject({ filled: 0, cells: 2 * (LEAVES.length + 1) });
      const [t1, t2] = status.participants.map((p) => linkToken(p.link));
      await send(status.port, 'join', { token: t1 });
      const before = await journalText();
      const refused = async (ballot: unknown) => (await send(status.port, 'submit', { ballot }, { token: t1 })).body.error!;
      const leaf = (x: object) => ({ cells: [], leafCells: [{ candidateId: 'a', criterionId: 'k1', leafId: 'fp-1', value: 5, ...x }] });
      expect((await refused(leaf({ leafId: 'fp-9' }))).message).toMatch(/leafCells\[0\]\.leafId: unknown focus point "fp-9" of criterion "k1"/);
      expect((await refused(leaf({ criterionId: 'k2' }))).message).toMatch(/criterion "k2" is not scored at its focus points/);
      expect((await refused(leaf({ candidateId: 'zzz' }))).message).toMatch(/leafCells\[0\]\.candidateId: unknown candidate "zzz"/);
      expect((await refused(leaf({ value: 11 }))).message).toMatch(/leafCells\[0\]\.value: must be within the scale 0\.\.10/);
      expect((await refused(leaf({ value: '5' }))).issues![0].path).toBe('ballot.leafCells[0].value');
      const twice = { cells: [], leafCells: [leaf({}).leafCells[0], leaf({}).leafCells[0]] };
      expect((await refused(twice)).message).toMatch(/the same focus point twice/);
      expect((await refused({ cells: [], clearedLeaves: [{ candidateId: 'a', criterionId: 'k1', leafId: 'nope' }] })).message).toMatch(
        /clearedLeaves\[0\]\.leafId: unknown focus point/,
      );
      // The dimension's own score is not asked any more.
      expect((await refused({ cells: [{ candidateId: 'a', criterionId: 'k1', value: 5 }] })).message).toMatch(
        /criterion "k1" is scored at its focus points: answer them in leafCells/,
      );
      expect(await journalText()).toBe(before);

      const ok = await send(status.port, 'submit', { ballot: leafBallot(7) }, { token: t1 });
      expect(ok.body.result.rev).toBe(1);
      await send(status.port, 'draft', { ballot: { cells: [], clearedLeaves: [{ candidateId: 'a', criterionId: 'k1', leafId: 'fp-2' }] } }, { token: t2 });
      const board = (await manager.status('ws-1')).round!;
      expect(board.participants[0]).toMatchObject({ filled: leafBallot(7).cells.length + leafBallot(7).leafCells!.length, cells: 6, submitted: true });
      // p2's device starts from their previous focus-point score.
      expect((await send(status.port, 'ballot', {}, { token: t2 })).body.result.startLeaves).toEqual([
        { candidateId: 'b', criterionId: 'k1', leafId: 'fp-1', value: 3 },
      ]);

      await manager.shutdown();
      manager = new SessionManager({ dataDir: dir, tls: null });
      await manager.status('ws-1');
      const [stored] = await manager.ballots('ws-1');
      expect(stored.ballot.leafCells).toEqual(leafBallot(7).leafCells);
      const draft = (await send(status.port, 'ballot', {}, { token: t2 })).body.result.draft;
      expect(draft.clearedLeaves).toEqual([{ candidateId: 'a', criterionId: 'k1', leafId: 'fp-2' }]);
    });

    it('a ballot of an older device (no focus-point fields) is still valid', () => {
      expect(BallotSchema.parse({ cells: [] })).toEqual({ cells: [], cleared: [], leafCells: [], clearedLeaves: [], ahp: [] });
    });
  });

  it('the web host takes --data-dir; the default data folder is per user and platform', () => {
    expect(parseWebArgs(['--data-dir', 'some/dir']).dataDir).toBe(path.resolve('some/dir'));
    expect(() => parseWebArgs(['--data-dir'])).toThrow(/needs a folder/);
    expect(defaultDataDir({ XDG_DATA_HOME: '/xdg' }, 'linux', '/home/u')).toBe(path.join('/xdg', 'selection-workshop'));
    expect(defaultDataDir({}, 'linux', '/home/u')).toBe(path.join('/home/u', '.local', 'share', 'selection-workshop'));
    expect(defaultDataDir({}, 'darwin', '/Users/u')).toBe(path.join('/Users/u', 'Library', 'Application Support', 'Selection Workshop'));
  });
});
