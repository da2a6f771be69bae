import type { WorkshopDoc } from '../../shared/model';

/** The part of `localStorage` the journal uses (tests pass an in-memory one). */
export interface JournalStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One journalled document: the open workshop as it was on screen, and when it was written (ms). */
export interface JournalEntry {
  at: number;
  doc: unknown;
}

const KEY = 'sw-journal:';

/**
 * Whether a journal entry holds work the stored workshop lacks: it was written after the stored
 * version was saved. A save that started before the journal was written (and finished after
 * the page was gone) is older than the entry, so the entry is replayed over it; a save that
 * started afterwards (the page's own last flush, or another window) already holds it or is newer.
 */
export function journalIsNewer(entry: JournalEntry, storedUpdatedAt: string): boolean {
  const stored = Date.parse(storedUpdatedAt);
  return Number.isFinite(entry.at) && (!Number.isFinite(stored) || entry.at > stored);
}

/**
 * A small synchronous journal of the open workshop's unsaved state. IndexedDB writes are
 * asynchronous and do not finish when the page goes away (a reload, a closed tab), so when the
 * page is hidden or unloaded the document on screen is also written here, synchronously; the
 * next open replays it (then clears it) if it is newer than what IndexedDB holds.
 */
export function createJournal(storage: JournalStorage | null, now: () => number = Date.now) {
  return {
    /** Writes the document; false when it could not be written (no storage, quota). */
    write(doc: WorkshopDoc): boolean {
      if (!storage) return false;
      try {
        storage.setItem(KEY + doc.id, JSON.stringify({ at: now(), doc } satisfies JournalEntry));
        return true;
      } catch {
        return false;
      }
    },
    clear(id: string): void {
      try {
        storage?.removeItem(KEY + id);
      } catch {
        // nothing to clear
      }
    },
    /**
     * The journalled document of the workshop `stored` if it is newer than `stored`, or null.
     * Either way the entry is removed: a replayed document is saved (and journalled) again by autosave.
     */
    take(stored: { id: string; updatedAt: string }): unknown {
      let entry: JournalEntry | null = null;
      try {
        const text = storage?.getItem(KEY + stored.id);
        const parsed: unknown = text ? JSON.parse(text) : null;
        if (parsed && typeof parsed === 'object' && 'at' in parsed && 'doc' in parsed) entry = parsed as JournalEntry;
      } catch {
        entry = null; // unreadable: nothing to replay
      }
      this.clear(stored.id);
      if (!entry || !journalIsNewer(entry, stored.updatedAt)) return null;
      const doc = entry.doc as { id?: unknown } | null;
      return doc && typeof doc === 'object' && doc.id === stored.id ? doc : null;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;

/** The browser's localStorage, or null where it is unavailable (blocked by the user, a sandbox). */
export function browserJournalStorage(): JournalStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
