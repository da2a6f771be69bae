import Dexie, { type EntityTable } from 'dexie';
import type { StepId, WorkshopDoc } from '../../shared/model';

/** The full document, stored as one row. */
export interface WorkshopRow {
  id: string;
  doc: WorkshopDoc;
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
}

export interface SettingRow {
  key: string;
  value: unknown;
}

export type WorkshopDatabase = Dexie & {
  workshops: EntityTable<WorkshopRow, 'id'>;
  summaries: EntityTable<WorkshopSummary, 'id'>;
  settings: EntityTable<SettingRow, 'key'>;
};

export const DB_NAME = 'selection-workshop';

/**
 * Versioned Dexie schema. A released version is never edited: a change appends
 * `db.version(n + 1).stores(...).upgrade(...)`.
 */
export function openDatabase(name = DB_NAME): WorkshopDatabase {
  const db = new Dexie(name) as WorkshopDatabase;
  db.version(1).stores({
    workshops: 'id',
    summaries: 'id, updatedAt, deletedAt',
    settings: 'key',
  });
  return db;
}
