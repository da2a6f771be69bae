import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDatabase, type WorkshopDatabase } from './database';
import { ConflictError, WorkshopRepository } from './repository';
import { createSampleWorkshop, importCanary, importMetrics, updateDecision } from '../../shared/model';
import { freshRepositoryEachTest } from './testing';
import { issueText, migrateMessage } from '../../shared/i18n/issues';

let db: WorkshopDatabase;
let repo: WorkshopRepository;
freshRepositoryEachTest('test', (d, r) => ((db = d), (repo = r)));

describe('WorkshopRepository', () => {
  it('adds the sample workshop on the first run only', async () => {
    expect((await repo.ensureFirstRun('en')).sample).toBe(true);
    expect((await repo.ensureFirstRun('en')).sample).toBe(false);
    const list = await repo.listLive();
    expect(list).toHaveLength(1);
    expect(list[0].title).toMatch(/Sample/);
    // Deleting the sample does not bring it back on the next start.
    await repo.softDelete(list[0].id);
    await repo.purgeDeleted(Date.now() + 1);
    expect((await repo.ensureFirstRun('en')).sample).toBe(false);
    expect(await repo.listLive()).toHaveLength(0);
  });

  it('adds the sample to a database that was opened before without it, once', async () => {
    await db.open(); // created without the sample (as by an older version of the app)
    expect(await repo.listLive()).toHaveLength(0);
    expect((await repo.ensureFirstRun('zh-CN')).sample).toBe(true);
    expect((await repo.ensureFirstRun('zh-CN')).sample).toBe(false);
    const list = await repo.listLive();
    expect(list).toHaveLength(1);
    expect(list[0].lang).toBe('zh-CN');
    const loaded = await repo.load(list[0].id);
    expect(loaded?.ok).toBe(true);
  });

  it('a new database holds the whole sample as soon as it is open', async () => {
    expect((await repo.ensureFirstRun('en')).sample).toBe(true);
    const [summary] = await repo.listLive();
    const loaded = await repo.load(summary.id);
    expect(loaded?.ok && loaded.doc).toEqual(createSampleWorkshop('en', loaded?.ok ? loaded.doc.createdAt : '', summary.id));
  });

  it('reads the most recent live workshops first, with the live total', async () => {
    const base = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'x');
    for (let i = 0; i < 8; i++)
      await repo.save({ ...base, id: `w${i}`, meta: { ...base.meta, title: `W${i}` }, updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
    await repo.softDelete('w7'); // the most recent, but deleted
    const { items, total } = await repo.listRecent(3);
    expect(items.map((s) => s.id)).toEqual(['w6', 'w5', 'w4']);
    expect(total).toBe(7);
    expect((await repo.listLive()).slice(0, 3)).toEqual(items);
  });

  it('creates, renames and lists by last change', async () => {
    const a = await repo.create('Alpha', 'en');
    await new Promise((r) => setTimeout(r, 5));
    const b = await repo.create('Beta', 'zh-CN');
    expect((await repo.listLive()).map((s) => s.title)).toEqual(['Beta', 'Alpha']);
    await new Promise((r) => setTimeout(r, 5));
    await repo.rename(a.id, 'Alpha 2');
    const list = await repo.listLive();
    expect(list.map((s) => s.title)).toEqual(['Alpha 2', 'Beta']);
    const loaded = await repo.load(a.id);
    expect(loaded?.ok && loaded.doc.meta.title).toBe('Alpha 2');
    expect(b.meta.lang).toBe('zh-CN');
  });

  it('the summary names the decision’s next review and a broken assumption, for the library', async () => {
    const at = '2026-03-01T09:00:00.000Z';
    const pts = (ys: number[]) => ys.map((y, i) => [i + 1, y] as [number, number]);
    let doc = createSampleWorkshop('en', at, 'w-review');
    doc = importMetrics(doc, [{ candidateId: 'managed', metric: 'iteration-speed', bucket: '', points: pts([100]) }], {
      file: 'p.csv',
      importedAt: at,
      rows: 1,
    });
    doc = updateDecision(doc, { candidateId: 'managed', reviewDate: '2026-04-01' }, at);
    await repo.save(doc);
    expect(await db.summaries.get('w-review')).toMatchObject({ reviewDate: '2026-04-01', assumptions: null });
    doc = importCanary(doc, [{ candidateId: 'managed', metric: 'iteration-speed', bucket: '', points: pts([50]) }], { file: 'c.csv', importedAt: at, rows: 1 });
    await repo.save(doc);
    expect(await db.summaries.get('w-review')).toMatchObject({ reviewDate: '2026-04-01', assumptions: 'broken' });
  });

  it('duplicates into a new id, leaving the original untouched', async () => {
    const a = await repo.create('Alpha', 'en');
    const copy = await repo.duplicate(a.id, (t) => `${t} (copy)`);
    expect(copy.id).not.toBe(a.id);
    expect(copy.meta.title).toBe('Alpha (copy)');
    const orig = await repo.load(a.id);
    expect(orig?.ok && orig.doc.meta.title).toBe('Alpha');
  });

  it('delete is undoable until purged; purge removes document and summary together', async () => {
    const a = await repo.create('Alpha', 'en');
    await repo.softDelete(a.id);
    expect(await repo.listLive()).toHaveLength(0);
    await repo.restore(a.id);
    expect((await repo.listLive()).map((s) => s.id)).toEqual([a.id]);
    await repo.softDelete(a.id);
    expect(await repo.purgeDeleted(Date.now() + 1)).toEqual([a.id]);
    expect(await repo.load(a.id)).toBeNull();
    expect(await db.summaries.count()).toBe(0);
  });

  it('saving a deleted workshop keeps it deleted (autosave racing a delete)', async () => {
    const a = await repo.create('Alpha', 'en');
    await repo.softDelete(a.id);
    await repo.save({ ...a, meta: { ...a.meta, title: 'late edit' } });
    expect(await repo.listLive()).toHaveLength(0);
  });

  it('validates documents read back and reports a damaged row instead of opening it', async () => {
    const doc = createSampleWorkshop('en');
    await repo.save(doc);
    await db.workshops.update(doc.id, { 'doc.criteria': 'broken' } as never);
    const res = await repo.load(doc.id);
    expect(res?.ok).toBe(false);
    if (res && !res.ok) expect(res.issues[0].path).toBe('criteria');
    // A missing score row (a damaged store) is reported too, never opened as if complete.
    await db.workshops.update(doc.id, { 'doc.criteria': createSampleWorkshop('en').criteria } as never);
    await db.parts.delete([doc.id, `scores/${doc.participants[1].id}`]);
    const res2 = await repo.load(doc.id);
    expect(res2?.ok).toBe(false);
  });

  it('a failed transaction writes nothing', async () => {
    const doc = createSampleWorkshop('en');
    await expect(
      db.transaction('rw', db.workshops, db.summaries, async () => {
        await db.workshops.put({ id: doc.id, doc, scoreCount: 0 });
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await db.workshops.count()).toBe(0);
  });

  it('round-trips a document exactly, and writes only the changed score row on an edit', async () => {
    const doc = createSampleWorkshop('en');
    await repo.save(doc);
    // A fresh repository (a restart) reads back the same document.
    const fresh = new WorkshopRepository(db);
    const loaded = await fresh.load(doc.id);
    expect(loaded?.ok && loaded.doc).toEqual(doc);
    const rowsBefore = await db.parts.toArray();
    const scores = doc.scores.slice();
    scores[0] = { ...scores[0], rationale: 'changed' };
    const edited = { ...doc, scores };
    const puts: string[] = [];
    db.parts.hook('creating', (_k, obj) => void puts.push(obj.key));
    db.parts.hook('updating', (_mods, _k, obj) => void puts.push(obj.key));
    await repo.save(edited);
    expect(puts).toEqual([`scores/${doc.scores[0].participantId}`]);
    const again = await new WorkshopRepository(db).load(doc.id);
    expect(again?.ok && again.doc.scores[0].rationale).toBe('changed');
    expect((await db.parts.toArray()).length).toBe(rowsBefore.length);
    // A small edit elsewhere (the title) rewrites no score, metrics or simulation part.
    puts.length = 0;
    await repo.save({ ...edited, meta: { ...edited.meta, title: 'renamed' } });
    expect(puts).toEqual([]);
    // Removing a participant's scores removes their row.
    const without = { ...edited, meta: { ...edited.meta, title: 'renamed' }, scores: edited.scores.filter((s) => s.participantId !== doc.participants[3].id) };
    await repo.save(without);
    expect((await db.parts.toArray()).length).toBe(rowsBefore.length - 1);
    const third = await new WorkshopRepository(db).load(doc.id);
    expect(third?.ok && third.doc.scores).toEqual(without.scores);
  });

  it('two windows on one workshop: the second save is refused, never a silent overwrite', async () => {
    const doc = createSampleWorkshop('en');
    await repo.save(doc);
    const windowA = new WorkshopRepository(db);
    const windowB = new WorkshopRepository(db);
    const a = await windowA.load(doc.id);
    const b = await windowB.load(doc.id);
    if (!a?.ok || !b?.ok) throw new Error('load failed');
    await windowA.save({ ...a.doc, notes: 'from A', updatedAt: new Date(Date.parse(a.doc.updatedAt) + 1000).toISOString() });
    await expect(windowB.save({ ...b.doc, notes: 'from B', updatedAt: new Date(Date.parse(b.doc.updatedAt) + 2000).toISOString() })).rejects.toBeInstanceOf(
      ConflictError,
    );
    const stored = await new WorkshopRepository(db).load(doc.id);
    expect(stored?.ok && stored.doc.notes).toBe('from A');
    // Keeping one's own version is an explicit choice, and writes the whole document.
    await windowB.save({ ...b.doc, notes: 'from B', updatedAt: new Date(Date.parse(b.doc.updatedAt) + 3000).toISOString() }, { force: true });
    const after = await new WorkshopRepository(db).load(doc.id);
    expect(after?.ok && after.doc).toMatchObject({ notes: 'from B', scores: doc.scores });
    // Window A now sees the conflict in turn.
    await expect(windowA.save({ ...a.doc, notes: 'A again' })).rejects.toBeInstanceOf(ConflictError);
  });

  it('adds an imported document as a copy, never overwriting', async () => {
    const a = await repo.create('Alpha', 'en');
    const copy = await repo.addCopy(a);
    expect(copy.id).not.toBe(a.id);
    expect(await repo.listLive()).toHaveLength(2);
  });
});

describe('a stored workshop whose parts do not add up', () => {
  it('is refused with a reason code, worded in the reader language (zh-CN and en) by issueText', async () => {
    const doc = createSampleWorkshop('zh-CN', '2026-01-01T00:00:00.000Z', 'broken');
    await repo.save(doc);
    // One stored part lost (as a browser that evicted part of the database leaves it).
    const parts = await db.parts.where('workshopId').equals('broken').toArray();
    await db.parts.delete([parts[0].workshopId, parts[0].key]);
    const res = await repo.load('broken');
    if (!res || res.ok) throw new Error('expected the load to be refused');
    expect(res.reason).toEqual({ code: 'parts_incomplete', params: {} });
    expect(migrateMessage(res.reason!, 'zh-CN')).toBe('此工作坊在本机保存的各部分不完整，无法拼成完整的工作坊。');
    expect(migrateMessage(res.reason!, 'en')).toBe(res.message);
    expect(res.issues.map((i) => issueText(i, 'zh-CN'))).toEqual(['保存的各部分对不上']);
  });
});

describe('a library lost under the app (marker outside IndexedDB)', () => {
  /** localStorage as a Map: it outlives the IndexedDB database, as in the browser. */
  const markers = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  const open = (name: string, store: ReturnType<typeof markers>) => new WorkshopRepository(openDatabase(name), store);

  it('a recreated database is told as lost, with no sample put in its place, until the notice is dismissed', async () => {
    const store = markers();
    const first = open('lost-a', store);
    expect(await first.ensureFirstRun('en')).toEqual({ sample: true, lost: null });
    await first.create('Ours', 'en');
    first.db.close();
    await first.db.delete(); // what Chromium does with a database it finds corrupt
    const second = open('lost-a', store);
    const opened = await second.ensureFirstRun('en');
    expect(opened.sample).toBe(false);
    expect(opened.lost).toMatchObject({ identity: expect.any(String) as string });
    expect(await second.listLive()).toEqual([]); // not silently replaced by the sample
    // A restart before the user chose keeps the notice; dismissing it ends it.
    expect((await second.ensureFirstRun('en')).lost).toEqual(opened.lost);
    await second.dismissLost();
    expect(await second.ensureFirstRun('en')).toEqual({ sample: false, lost: null });
    second.db.close();
    await second.db.delete();
  });

  it('a marker write lost in a crash after the notice does not tell the same loss again', async () => {
    // localStorage commits its writes seconds later: a kill just after the recreated database
    // wrote its marker leaves the old marker, naming the library whose loss was told already.
    const store = markers();
    const first = open('lost-c', store);
    await first.ensureFirstRun('en');
    const before = store.getItem('selection-workshop.library:lost-c')!;
    first.db.close();
    await first.db.delete();
    const second = open('lost-c', store);
    expect((await second.ensureFirstRun('en')).lost).not.toBeNull();
    const made = await second.create('Restored', 'en');
    await second.dismissLost();
    second.db.close();
    store.setItem('selection-workshop.library:lost-c', before); // the new marker never reached the disk
    const third = open('lost-c', store);
    expect(await third.ensureFirstRun('en')).toEqual({ sample: false, lost: null });
    expect((await third.listLive()).map((s) => s.id)).toEqual([made.id]);
    // A third library in place of this one is still told.
    third.db.close();
    await third.db.delete();
    const fourth = open('lost-c', store);
    expect((await fourth.ensureFirstRun('en')).lost).not.toBeNull();
    fourth.db.close();
    await fourth.db.delete();
  });

  it('a database with another identity than the marker is told as lost; a profile without a marker adopts its database', async () => {
    const store = markers();
    const a = open('lost-b', store);
    await a.ensureFirstRun('en');
    a.db.close();
    // Another library put in place of this one (its identity differs from the marker).
    const other = markers();
    const b = open('lost-b-other', other);
    await b.ensureFirstRun('en');
    const identity = (await b.db.settings.get('identity'))?.value as string;
    await a.db.open();
    await a.db.settings.put({ key: 'identity', value: identity });
    a.db.close();
    const again = open('lost-b', store);
    expect((await again.ensureFirstRun('en')).lost).not.toBeNull();
    // No marker (localStorage cleared, or a version of the app before it): nothing is lost.
    const fresh = open('lost-b', markers());
    await fresh.dismissLost();
    expect((await fresh.ensureFirstRun('en')).lost).toBeNull();
    for (const r of [again, fresh, b]) {
      r.db.close();
    }
    await again.db.delete();
    await b.db.delete();
  });

  it('tells every stored document to onSaved, after it is stored', async () => {
    const told: string[] = [];
    repo.onSaved = (doc) => told.push(`${doc.id}:${doc.meta.title}`);
    const doc = await repo.create('Told', 'en');
    await repo.rename(doc.id, 'Told again');
    expect(told).toEqual([`${doc.id}:Told`, `${doc.id}:Told again`]);
  });

  it('a background read (track: false) does not hide another window’s save from this one', async () => {
    const mine = await repo.create('Shared', 'en');
    const other = new WorkshopRepository(db, null);
    const loaded = await other.load(mine.id);
    if (!loaded?.ok) throw new Error('not loaded');
    await other.save({ ...loaded.doc, meta: { ...loaded.doc.meta, title: 'Theirs' }, updatedAt: new Date(Date.parse(mine.updatedAt) + 1000).toISOString() });
    await repo.load(mine.id, { track: false }); // the safety copy's catch-up reads it
    await expect(
      repo.save({ ...mine, meta: { ...mine.meta, title: 'Mine' }, updatedAt: new Date(Date.parse(mine.updatedAt) + 2000).toISOString() }),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});
