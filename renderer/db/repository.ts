import { createSampleWorkshop, createWorkshop, migrate, newId, nowIso, type WorkshopDoc } from '../../shared/model';
import type { Lang } from '../../shared/framework';
import type { WorkshopDatabase, WorkshopSummary } from './database';

export type LoadResult = { ok: true; doc: WorkshopDoc } | { ok: false; message: string; issues: { path: string; message: string }[] };

export function summarize(doc: WorkshopDoc, deletedAt = 0): WorkshopSummary {
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
  };
}

/** All reads and writes of workshops. Multi-row writes run in one transaction: nothing is half written. */
export class WorkshopRepository {
  constructor(readonly db: WorkshopDatabase) {}

  /** Live workshops, most recently changed first. */
  async listLive(): Promise<WorkshopSummary[]> {
    const rows = await this.db.summaries.where('deletedAt').equals(0).toArray();
    return rows.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** A stored document, validated (and migrated) as it is read back. */
  async load(id: string): Promise<LoadResult | null> {
    const row = await this.db.workshops.get(id);
    if (!row) return null;
    const result = migrate(row.doc);
    return result.ok ? { ok: true, doc: result.doc } : { ok: false, message: result.message, issues: result.issues };
  }

  /** Saves a document and its summary together. Keeps a deleted workshop deleted. */
  async save(doc: WorkshopDoc): Promise<void> {
    await this.db.transaction('rw', this.db.workshops, this.db.summaries, async () => {
      const prev = await this.db.summaries.get(doc.id);
      await this.db.workshops.put({ id: doc.id, doc });
      await this.db.summaries.put(summarize(doc, prev?.deletedAt ?? 0));
    });
  }

  async create(title: string, lang: Lang): Promise<WorkshopDoc> {
    const doc = createWorkshop({ title, lang });
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

  async softDelete(id: string): Promise<void> {
    await this.db.summaries.update(id, { deletedAt: Date.now() });
  }

  async restore(id: string): Promise<void> {
    await this.db.summaries.update(id, { deletedAt: 0 });
  }

  /** Removes for good what was deleted before `before` (ms). */
  async purgeDeleted(before: number): Promise<number> {
    return this.db.transaction('rw', this.db.workshops, this.db.summaries, async () => {
      const old = await this.db.summaries.where('deletedAt').between(1, before).primaryKeys();
      await this.db.workshops.bulkDelete(old);
      await this.db.summaries.bulkDelete(old);
      return old.length;
    });
  }

  /** On the very first run, adds the sample workshop (once, even if the user later deletes it). */
  async ensureFirstRun(lang: Lang): Promise<boolean> {
    return this.db.transaction('rw', this.db.workshops, this.db.summaries, this.db.settings, async () => {
      if (await this.db.settings.get('initialized')) return false;
      const sample = createSampleWorkshop(lang);
      await this.db.workshops.put({ id: sample.id, doc: sample });
      await this.db.summaries.put(summarize(sample));
      await this.db.settings.put({ key: 'initialized', value: nowIso() });
      return true;
    });
  }

  private async update(id: string, recipe: (doc: WorkshopDoc) => WorkshopDoc): Promise<void> {
    const loaded = await this.load(id);
    if (!loaded?.ok) throw new Error(loaded ? loaded.message : 'Workshop not found.');
    await this.save({ ...recipe(loaded.doc), updatedAt: nowIso() });
  }
}
