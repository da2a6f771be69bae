import 'fake-indexeddb/auto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/service/dispatch';
import { createInlineRunner } from '../../electron/service/tasks/runner';
import { LibraryCopy } from '../../electron/keep/library-copy';
import { ContractError } from '../../shared/contract/errors';
import { openDatabase } from '../../renderer/db/database';
import { WorkshopRepository } from '../../renderer/db/repository';
import { createCopyKeeper, keepWhatIsMissing, restoreFromCopy } from '../../renderer/api/library-copy';

// The renderer's keeper and restore against the real Node-side door (dispatch → LibraryCopy).
let dir: string;
let copies: LibraryCopy;
let n = 0;
const repos: WorkshopRepository[] = [];
const newRepo = () => {
  const r = new WorkshopRepository(openDatabase(`copy-${++n}`), null);
  repos.push(r);
  return r;
};
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sw-keeper-'));
  copies = new LibraryCopy(dir);
});
afterEach(async () => {
  for (const r of repos.splice(0)) {
    r.db.close();
    await r.db.delete();
  }
  rmSync(dir, { recursive: true, force: true });
});
const inline = createInlineRunner();
const sent: string[] = [];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call: any = async (method: string, payload: unknown) => {
  sent.push(method);
  const out = await dispatch(method, payload, { host: 'test', tasks: inline, checkResponse: true, copies });
  if (!out.ok) throw new ContractError(out.error.code, out.error.message);
  return out.result;
};

describe('keeping the safety copy as workshops are saved, and restoring a lost library from it', () => {
  it('a library deleted under the app comes back whole from the copy, each workshop as last saved', async () => {
    const problems: unknown[] = [];
    const keeper = createCopyKeeper((p) => problems.push(p), call);
    const repo = newRepo();
    repo.onSaved = (doc) => keeper.keep(doc);
    const a = await repo.create('Alpha', 'en');
    const b = await repo.create('Beta', 'zh-CN');
    for (let i = 0; i < 20; i++) await repo.rename(a.id, `Alpha ${i}`); // typing: saves faster than round trips
    await keeper.settled();
    expect(problems.every((p) => p === null)).toBe(true);
    const before = [(await repo.load(a.id))!, (await repo.load(b.id))!];

    // The database is gone (as when Chromium drops one it finds corrupt); a new one is empty.
    const fresh = newRepo();
    const progress: Array<[number, number]> = [];
    const outcome = await restoreFromCopy(fresh, call, (d, t) => progress.push([d, t]));
    expect(outcome).toEqual({ restored: 2, present: 0, refused: [], unreadable: [] });
    expect(progress.at(-1)).toEqual([2, 2]);
    expect([await fresh.load(a.id), await fresh.load(b.id)]).toEqual(before);
    expect((await fresh.listLive()).map((s) => s.title).sort()).toEqual(['Alpha 19', 'Beta']);
  });

  it('sends one document per round trip while saves come faster (the latest wins), and stops once the host keeps no copy', async () => {
    const keeper = createCopyKeeper(() => undefined, call);
    const repo = newRepo();
    repo.onSaved = (doc) => keeper.keep(doc);
    const a = await repo.create('Alpha', 'en');
    sent.length = 0;
    const doc = (await repo.load(a.id))!;
    if (!doc.ok) throw new Error('not loaded');
    for (let i = 1; i <= 50; i++)
      keeper.keep({ ...doc.doc, meta: { ...doc.doc.meta, title: `t${i}` }, updatedAt: new Date(Date.UTC(2027, 0, 1, 0, 0, i)).toISOString() });
    await keeper.settled();
    expect(sent.filter((m) => m === 'library.keep').length).toBeLessThanOrEqual(3);
    expect((await copies.list()).kept[0].title).toBe('t50');

    const problems: unknown[] = [];
    const none = createCopyKeeper((p) => problems.push(p), (async () => {
      throw new ContractError('unavailable', 'no copy here');
    }) as never);
    none.keep(doc.doc);
    await none.settled();
    none.keep(doc.doc);
    await none.settled();
    expect(problems).toEqual([{ kind: 'unavailable' }]);
  });

  it('restores nothing over a newer workshop, refuses a damaged copy by name, and restores the rest', async () => {
    const keeper = createCopyKeeper(() => undefined, call);
    const repo = newRepo();
    repo.onSaved = (doc) => keeper.keep(doc);
    const a = await repo.create('Alpha', 'en');
    const b = await repo.create('Beta', 'en');
    const c = await repo.create('Gamma', 'en');
    await keeper.settled();
    // Beta's copy is damaged on disk: its document no longer parses as a workshop.
    const file = readdirSync(dir).find((f) => f === `${Buffer.from(b.id).toString('base64url')}.json`)!;
    writeFileSync(
      path.join(dir, file),
      `${JSON.stringify({ workshopId: b.id, updatedAt: b.updatedAt, title: 'Beta', keptAt: b.updatedAt, chars: 5 })}\n{"schemaVersion":1}`,
    );
    // A file whose head is torn too: named among the unreadable, never left out in silence.
    writeFileSync(path.join(dir, `${Buffer.from('torn-one').toString('base64url')}.json`), '{"workshopId":"torn-o');
    const fresh = newRepo();
    await fresh.save({ ...c, meta: { ...c.meta, title: 'Gamma, newer here' }, updatedAt: new Date(Date.parse(c.updatedAt) + 60_000).toISOString() });
    const outcome = await restoreFromCopy(fresh, call);
    expect(outcome.restored).toBe(1);
    expect(outcome.present).toBe(1);
    expect(outcome.refused).toHaveLength(1);
    expect(outcome.refused[0].title).toBe('Beta');
    expect(outcome.refused[0].message.length).toBeGreaterThan(10);
    expect(outcome.unreadable).toEqual(['torn-one']);
    expect((await fresh.listLive()).map((s) => s.title).sort()).toEqual(['Alpha', 'Gamma, newer here']);
    expect((await fresh.load(a.id))?.ok).toBe(true);
  });

  it('brings the copy up to a library kept before it existed, and only what changed since', async () => {
    const repo = newRepo(); // no keeper: as a version of the app before the safety copy
    await repo.create('Old one', 'en');
    await repo.create('Old two', 'en');
    const keeper = createCopyKeeper(() => undefined, call);
    expect(await keepWhatIsMissing(repo, keeper, call)).toBe(2);
    expect((await copies.list()).kept.map((k) => k.title).sort()).toEqual(['Old one', 'Old two']);
    expect(await keepWhatIsMissing(repo, keeper, call)).toBe(0);
  });

  it('leaves to the keeper a workshop whose save it is keeping (read once, sent once)', async () => {
    const repo = newRepo();
    await repo.create('Old one', 'en');
    const keeper = createCopyKeeper(() => undefined, call);
    repo.onSaved = (doc) => keeper.keep(doc);
    const sentBefore = sent.length;
    const fresh = await repo.create('Just imported', 'en'); // its write waits for an idle moment
    expect(keeper.pending(fresh.id)).toBe(true);
    const loads: string[] = [];
    const watched = { listLive: () => repo.listLive(), load: (id: string, o?: { track?: boolean }) => (loads.push(id), repo.load(id, o)) };
    expect(await keepWhatIsMissing(watched, keeper, call)).toBe(1);
    expect(loads).not.toContain(fresh.id);
    await keeper.settled();
    expect((await copies.list()).kept.map((k) => k.title).sort()).toEqual(['Just imported', 'Old one']);
    expect(sent.slice(sentBefore).filter((m) => m === 'library.keep')).toHaveLength(2);
  });
});

describe('a safety-copy write that fails', () => {
  it('is told, tried again after 1 s then 2 s, and the problem clears once it is written', async () => {
    const problems: unknown[] = [];
    const waits: number[] = [];
    let refusals = 2;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const flaky: any = async (method: string, payload: unknown) => {
      if (method === 'library.keep' && refusals-- > 0) throw new ContractError('storage_full', 'disk full');
      return call(method, payload);
    };
    const keeper = createCopyKeeper(
      (p) => problems.push(p),
      flaky,
      async (ms) => void waits.push(ms),
    );
    const repo = newRepo();
    repo.onSaved = (doc) => keeper.keep(doc);
    await repo.create('Through a full disk', 'en');
    await keeper.settled();
    expect(waits).toEqual([1000, 2000]);
    expect(problems).toEqual([{ kind: 'failed', message: 'disk full' }, { kind: 'failed', message: 'disk full' }, null]);
    expect((await copies.list()).kept.map((k) => k.title)).toEqual(['Through a full disk']);
  });
});
