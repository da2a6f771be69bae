import Dexie, { type EntityTable } from 'dexie';
import type { StepId, WorkshopDoc } from '../../shared/model';

/**
 * A document is stored in parts (see parts.ts): its head here, its bulky sections as
 * PartRows. `scoreCount` lets a reader tell a complete set of parts from a damaged one.
 */
export interface WorkshopRow {
  id: string;
  doc: Omit<WorkshopDoc, 'scores' | 'metrics' | 'simulations'>;
  scoreCount: number;
}

export interface PartRow {
  workshopId: string;
  /** `scores/<participantId>`, `metrics` or `simulations`. */
  key: string;
  value: unknown;
  /** For score rows: positions of these scores in the document's `scores` array. */
  indexes?: number[];
}

/** What the library lists: small, so 1,000 workshops open fast without reading whole documents. */
export interface WorkshopSummary {
  id: string;
  title: string;
  team: string;
  lang: 'zh-CN' | 'en';
  createdAt: number;
  updatedAt: number;
  /** 0 = live; otherwise when it was deleted (ms). Soft delete makes Undo survive a reload. */
  deletedAt: number;
  candidates: number;
  participants: number;
  currentStep: StepId;
  /** When the decision is next reviewed ('' = not set); absent in summaries written before it was kept. */
  reviewDate?: string;
  /** The decision's assumptions board at its worst (null: none observed); absent as above. */
  assumptions?: 'holding' | 'drifting' | 'broken' | null;
}

export interface SettingRow {
  key: string;
  value: unknown;
}

export type WorkshopDatabase = Dexie & {
  workshops: EntityTable<WorkshopRow, 'id'>;
  parts: Dexie.Table<PartRow, [string, string]>;
  summaries: EntityTable<WorkshopSummary, 'id'>;
  settings: EntityTable<SettingRow, 'key'>;
};

export const DB_NAME = 'selection-workshop';

// Dexie turns its debug mode on for pages served from localhost or 127.0.0.1, which the web host
// is: a console task with an async stack for every table operation, costly with DevTools (or a
// test driver) attached. This is a release build on loopback, not a development server.
Dexie.debug = false;

/**
 * Versioned Dexie schema. A released version is never edited: a change appends
 * `db.version(n + 1).stores(...).upgrade(...)`.
 */
export function openDatabase(name = DB_NAME): WorkshopDatabase {
  const db = new Dexie(name) as WorkshopDatabase;
  db.version(1).stores({
    workshops: 'id',
    parts: '[workshopId+key], workshopId',
    summaries: 'id, updatedAt, deletedAt',
    settings: 'key',
  });
  // Another window opens a newer schema: let it upgrade (close here) rather than block it;
  // this window's next write then fails with a clear "reload" message.
  db.on('versionchange', () => {
    db.close();
    return false;
  });
  return db;
}
