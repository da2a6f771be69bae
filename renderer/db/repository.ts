import type { WorkshopDoc } from '../../shared/model';
import type { Issue } from '../../shared/contract/errors';
import { migrateMessage, type MigrateReason } from '../../shared/i18n/issues';
import { newId, nowIso } from '../../shared/model/ids';
// The sample workshop is built without zod (a few KB), so the first run needs no schema chunk.
import { createSampleWorkshop } from '../../shared/model/template';

// The model (zod schemas) loads on first use, keeping it out of the library's start-up bundle.
// Once loaded it is used without awaiting: inside a caller's transaction (addCopies) a save may
// wait on nothing but the database, or IndexedDB commits the transaction under it.
let loadedModel: typeof import('../../shared/model') | undefined;
const model = async () => (loadedModel ??= await import('../../shared/model'));
import type { Lang } from '../../shared/framework';
import type { Table, Transaction } from 'dexie';
import type { WorkshopDatabase, WorkshopSummary } from './database';
import { changedParts, joinDoc, splitDoc } from './parts';
import { pageMarkers, readMarker, writeMarker, type LibraryMarker, type MarkerStore } from './marker';

/** Another window saved this workshop since we last read or wrote it: saving now would overwrite their work. */
export class ConflictError extends Error {
  constructor(readonly workshopId: string) {
    super('This workshop was changed in another window.');
    this.name = 'ConflictError';
  }
}

export type LoadResult = { ok: true; doc: WorkshopDoc } | { ok: false; message: string; issues: Issue[]; reason?: MigrateReason };

/** The library's view of a workshop; `review` (the decision's next review and worst assumption, `reviewSummary`) when the caller computed it. */
export function summarize(doc: WorkshopDoc, deletedAt = 0, review?: Pick<WorkshopSummary, 'reviewDate' | 'assumptions'>): WorkshopSummary {
  return {
    id: doc.id,
    title: doc.meta.title,
    team: doc.meta.team,
    lang: doc.meta.lang,
    createdAt: Date.parse(doc.createdAt),
    updatedAt: Date.parse(doc.updatedAt),
    deletedAt,
    candidates: doc.candidates.length,
    participants: doc.participants.length,
    currentStep: doc.currentStep,
    ...review,
  };
}

/** Writes the sample workshop and the first-run flag through the given tables (in the caller's transaction). */
function addSample(table: (name: 'workshops' | 'parts' | 'summaries' | 'settings') => Table, lang: Lang): Promise<unknown> {
  const sample = createSampleWorkshop(lang);
  const parts = splitDoc(sample);
  return Promise.all([
    table('workshops').put(parts.head),
    table('parts').bulkPut(parts.parts),
    table('summaries').put(summarize(sample)),
    table('settings').put({ key: 'initialized', value: nowIso() }),
  ]);
}

/** A library this browser profile had, found missing when the database was opened. */
export interface LostLibrary {
  /** The lost library's identity, and since when this profile had it (ISO). */
  identity: string;
  since: string;
  /** When the app found it missing (ISO). */
  noticedAt: string;
}

const lostRow = (marker: LibraryMarker) => ({
  key: 'lost',
  value: { identity: marker.identity, since: marker.since, noticedAt: nowIso() } satisfies LostLibrary,
});

/** The libraries whose loss this database told (their identities), so a stale marker is not told again. */
const replacedRow = (before: string[], identity: string) => ({ key: 'replaced', value: [...before, identity].slice(-20) });

/** All reads and writes of workshops. Multi-row writes run in one transaction: nothing is half written. */
export class WorkshopRepository {
  /** The last version written of each document, to write only what changed next time. */
  private readonly lastSaved = new Map<string, WorkshopDoc>();

  /** Told of every document once it is stored: the composition root keeps the safety copy with it. */
  onSaved: (doc: WorkshopDoc) => void = () => undefined;

  /** `markers`: where the library's marker is kept, outside IndexedDB (`marker.ts`). */
  constructor(
    readonly db: WorkshopDatabase,
    private readonly markers: MarkerStore | null = pageMarkers(),
  ) {}

  /**
   * The `limit` most recently changed live workshops, and how many live ones there are: the
   * library's first screen without reading every summary.
   */
  async listRecent(limit: number): Promise<{ items: WorkshopSummary[]; total: number }> {
    return this.db.transaction('r', this.db.summaries, async () => {
      const [items, total] = await Promise.all([
        this.db.summaries
          .orderBy('updatedAt')
          .reverse()
          .filter((s) => s.deletedAt === 0)
          .limit(limit)
          .toArray(),
        this.db.summaries.where('deletedAt').equals(0).count(),
      ]);
      return { items, total };
    });
  }

  /** Live workshops, most recently changed first. */
  async listLive(): Promise<WorkshopSummary[]> {
    const rows = await this.db.summaries.where('deletedAt').equals(0).toArray();
    return rows.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /**
   * A stored document, validated (and migrated) as it is read back. It becomes this window's base
   * for conflict detection (`save`) unless `track` is false: a background read (the safety copy's
   * catch-up) must not take another window's save as seen, or this window would overwrite it.
   */
  async load(id: string, { track = true } = {}): Promise<LoadResult | null> {
    const [row, parts] = await this.db.transaction('r', this.db.workshops, this.db.parts, () =>
      Promise.all([this.db.workshops.get(id), this.db.parts.where('workshopId').equals(id).toArray()]),
    );
    if (!row) return null;
    const joined = joinDoc(row, parts);
    if (!joined) {
      const reason: MigrateReason = { code: 'parts_incomplete', params: {} };
      return {
        ok: false,
        message: migrateMessage(reason, 'en'),
        reason,
        issues: [{ path: '(root)', message: 'stored parts do not add up', code: 'parts_incomplete' }],
      };
    }
    const result = (await model()).migrate(joined);
    if (!result.ok) return { ok: false, message: result.message, issues: result.issues, reason: result.reason };
    if (track) this.lastSaved.set(id, result.doc);
    return { ok: true, doc: result.doc };
  }

  /**
   * Saves a document and its summary in one transaction, writing only the parts that
   * changed since this repository last saved or loaded it. Keeps a deleted workshop deleted.
   * Refuses (ConflictError) when another window saved the workshop in between, unless `force`.
   */
  async save(doc: WorkshopDoc, { force = false } = {}): Promise<void> {
    const base = this.lastSaved.get(doc.id);
    const changed = changedParts(doc, force ? undefined : base);
    const { scores: _scores, metrics: _metrics, simulations: _simulations, ...head } = doc;
    // Outside the transaction: it must not wait on anything but the database.
    const review = (loadedModel ?? (await model())).reviewSummary(doc);
    await this.db.transaction('rw', this.db.workshops, this.db.parts, this.db.summaries, async () => {
      const prev = await this.db.summaries.get(doc.id);
      if (!force && base && prev && prev.updatedAt !== Date.parse(base.updatedAt)) throw new ConflictError(doc.id);
      if (force) await this.db.parts.where('workshopId').equals(doc.id).delete();
      await this.db.workshops.put({ id: doc.id, doc: head, scoreCount: doc.scores.length });
      if (changed.parts.length) await this.db.parts.bulkPut(changed.parts);
      if (changed.removed.length) await this.db.parts.bulkDelete(changed.removed.map((key) => [doc.id, key] as [string, string]));
      await this.db.summaries.put(summarize(doc, prev?.deletedAt ?? 0, review));
    });
    this.lastSaved.set(doc.id, doc);
    this.onSaved(doc);
  }

  async create(title: string, lang: Lang): Promise<WorkshopDoc> {
    const doc = (await model()).createWorkshop({ title, lang });
    await this.save(doc);
    return doc;
  }

  async rename(id: string, title: string): Promise<void> {
    await this.update(id, (doc) => ({ ...doc, meta: { ...doc.meta, title } }));
  }

  async duplicate(id: string, titleFor: (title: string) => string): Promise<WorkshopDoc> {
    const loaded = await this.load(id);
    if (!loaded?.ok) throw new Error(loaded ? loaded.message : 'Workshop not found.');
    const now = nowIso();
    const copy: WorkshopDoc = { ...structuredClone(loaded.doc), id: newId(), createdAt: now, updatedAt: now };
    copy.meta.title = titleFor(loaded.doc.meta.title);
    await this.save(copy);
    return copy;
  }

  /** Adds a document as a new workshop (new id), never overwriting one that exists. */
  async addCopy(doc: WorkshopDoc): Promise<WorkshopDoc> {
    const now = nowIso();
    const copy: WorkshopDoc = { ...doc, id: newId(), createdAt: doc.createdAt, updatedAt: now };
    await this.save(copy);
    return copy;
  }

  /** Adds documents as new workshops in one transaction: all of them, or none if one fails. */
  async addCopies(docs: WorkshopDoc[]): Promise<WorkshopDoc[]> {
    await model(); // before the transaction (see `loadedModel`)
    const added: WorkshopDoc[] = [];
    await this.db.transaction('rw', this.db.workshops, this.db.parts, this.db.summaries, async () => {
      for (const doc of docs) added.push(await this.addCopy(doc));
    });
    return added;
  }

  async softDelete(id: string): Promise<void> {
    await this.db.summaries.update(id, { deletedAt: Date.now() });
  }

  async restore(id: string): Promise<void> {
    await this.db.summaries.update(id, { deletedAt: 0 });
  }

  /** Removes for good what was deleted before `before` (ms); answers the ids removed. */
  async purgeDeleted(before: number): Promise<string[]> {
    return this.db.transaction('rw', this.db.workshops, this.db.parts, this.db.summaries, async () => {
      const old = await this.db.summaries.where('deletedAt').between(1, before).primaryKeys();
      await this.db.workshops.bulkDelete(old);
      await this.db.parts.where('workshopId').anyOf(old).delete();
      await this.db.summaries.bulkDelete(old);
      for (const id of old) this.lastSaved.delete(id);
      return old;
    });
  }

  /**
   * Opens the library. On the very first run adds the sample workshop (once, even if the user
   * later deletes it). Answers `lost` when this browser profile had a library (its marker, kept
   * outside IndexedDB, names one) but the database opened is another one: Chromium dropped the
   * old database (it does so with one it finds corrupt after a crash or a power cut) or its files
   * were removed. Then no sample is added, and the notice stays (`lostLibrary`) until the user
   * restores the safety copy or dismisses it: the library never comes back silently as another one.
   */
  async ensureFirstRun(lang: Lang): Promise<{ sample: boolean; lost: LostLibrary | null }> {
    const marker = readMarker(this.markers, this.db.name);
    // A new database gets the sample (or, when a library was lost, the notice) in the
    // transaction that creates it: one commit, and no further trips to IndexedDB before the first screen.
    let populated = false;
    const identity = newId();
    const lostNew = marker ? lostRow(marker) : null;
    const populate = (tx: Transaction) => {
      populated = true;
      const writes: Promise<unknown>[] = [tx.table('settings').put({ key: 'identity', value: identity })];
      if (lostNew)
        writes.push(
          tx.table('settings').put({ key: 'initialized', value: nowIso() }),
          tx.table('settings').put(lostNew),
          tx.table('settings').put(replacedRow([], lostNew.value.identity)),
        );
      else writes.push(addSample((name) => tx.table(name), lang));
      return Promise.all(writes); // a failure aborts the creation: open() rejects
    };
    if (!this.db.isOpen()) this.db.on('populate', populate);
    try {
      await this.db.open();
    } finally {
      this.db.on('populate').unsubscribe(populate);
    }
    if (populated) {
      writeMarker(this.markers, this.db.name, identity);
      return { sample: !lostNew, lost: lostNew?.value ?? null };
    }
    // A returning user: one read of the settings; a write only when something is to be recorded.
    const [stored, initialized, lost, replacedValue] = (await this.db.settings.bulkGet(['identity', 'initialized', 'lost', 'replaced'])).map((r) => r?.value);
    const known = typeof stored === 'string' ? stored : null;
    const replaced = Array.isArray(replacedValue) ? replacedValue.filter((r): r is string => typeof r === 'string') : [];
    // A marker naming a library whose loss this database told already is only stale: its new
    // value did not reach the disk before a crash (localStorage commits seconds later).
    const lostNow = !lost && marker !== null && known !== null && marker.identity !== known && !replaced.includes(marker.identity);
    if (known && initialized && !lostNow) {
      writeMarker(this.markers, this.db.name, known);
      return { sample: false, lost: (lost as LostLibrary | undefined) ?? null };
    }
    return this.db.transaction('rw', this.db.workshops, this.db.parts, this.db.summaries, this.db.settings, async () => {
      // A database from before the identity was kept becomes this profile's library.
      const kept = known ?? marker?.identity ?? identity;
      if (!known) await this.db.settings.put({ key: 'identity', value: kept });
      if (lostNow) await this.db.settings.bulkPut([lostRow(marker), replacedRow(replaced, marker.identity)]);
      // A database from before the sample existed, or one whose sample was deleted.
      let sample = false;
      if (!(await this.db.settings.get('initialized'))) {
        await addSample((name) => this.db.table(name), lang);
        sample = true;
      }
      writeMarker(this.markers, this.db.name, kept);
      return { sample, lost: await this.lostLibrary() };
    });
  }

  /** The notice of a lost library, while it stands (see `ensureFirstRun`). */
  async lostLibrary(): Promise<LostLibrary | null> {
    const row = await this.db.settings.get('lost');
    return row ? (row.value as LostLibrary) : null;
  }

  /** The user restored the safety copy or chose to go on without it: the notice goes. */
  async dismissLost(): Promise<void> {
    await this.db.settings.delete('lost');
  }

  private async update(id: string, recipe: (doc: WorkshopDoc) => WorkshopDoc): Promise<void> {
    const loaded = await this.load(id);
    if (!loaded?.ok) throw new Error(loaded ? loaded.message : 'Workshop not found.');
    await this.save({ ...recipe(loaded.doc), updatedAt: nowIso() });
  }
}
