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

/** All reads and writes of workshops. Multi-row writes run in one transaction: nothing is half written. */
export class WorkshopRepository {
  /** The last version written of each document, to write only what changed next time. */
  private readonly lastSaved = new Map<string, WorkshopDoc>();

  constructor(readonly db: WorkshopDatabase) {}

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

  /** A stored document, validated (and migrated) as it is read back. */
  async load(id: string): Promise<LoadResult | null> {
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
    this.lastSaved.set(id, result.doc);
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

  /** On the very first run, adds the sample workshop (once, even if the user later deletes it). */
  async ensureFirstRun(lang: Lang): Promise<boolean> {
    // A new database gets the sample in the transaction that creates it: one commit, and no
    // further trips to IndexedDB before the first screen.
    let populated = false;
    const populate = (tx: Transaction) => {
      populated = true;
      return addSample((name) => tx.table(name), lang); // a failure aborts the creation: open() rejects
    };
    if (!this.db.isOpen()) this.db.on('populate', populate);
    try {
      await this.db.open();
    } finally {
      this.db.on('populate').unsubscribe(populate);
    }
    if (populated) return true;
    // A database from before the sample existed, or one whose sample was deleted.
    if (await this.db.settings.get('initialized')) return false;
    return this.db.transaction('rw', this.db.workshops, this.db.parts, this.db.summaries, this.db.settings, async () => {
      if (await this.db.settings.get('initialized')) return false;
      await addSample((name) => this.db.table(name), lang);
      return true;
    });
  }

  private async update(id: string, recipe: (doc: WorkshopDoc) => WorkshopDoc): Promise<void> {
    const loaded = await this.load(id);
    if (!loaded?.ok) throw new Error(loaded ? loaded.message : 'Workshop not found.');
    await this.save({ ...recipe(loaded.doc), updatedAt: nowIso() });
  }
}
