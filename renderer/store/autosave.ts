import type { WorkshopDoc } from '../../shared/model';
import { nowIso } from '../../shared/model/ids';
import type { WorkshopRepository } from '../db/repository';
import { useWorkshop } from './workshop';

/**
 * Writes the open document to IndexedDB shortly after each change (debounced, and at
 * most `maxWaitMs` after the first unsaved change, so a crash loses under a second),
 * and at once when the page is hidden or closed.
 */
export function startAutosave(repo: WorkshopRepository, { debounceMs = 250, maxWaitMs = 800 } = {}) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstPending = 0;
  let pending: WorkshopDoc | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const doc = pending;
    pending = null;
    firstPending = 0;
    if (!doc) return writing;
    useWorkshop.getState().setSaveState('saving');
    writing = writing
      .then(() => repo.save({ ...doc, updatedAt: nowIso() }))
      .then(
        () => {
          if (!pending) useWorkshop.getState().setSaveState('saved');
        },
        (err: Error) => {
          // Keep the document pending so the next change (or flush) retries; nothing is lost on screen.
          pending ??= doc;
          useWorkshop.getState().setSaveState('error', describeStorageError(err));
        },
      );
    return writing;
  };

  const unsubscribe = useWorkshop.subscribe((state, prev) => {
    if (!state.doc || state.doc === prev.doc || state.doc.id !== prev.doc?.id) return;
    pending = state.doc;
    const now = Date.now();
    if (!firstPending) firstPending = now;
    if (useWorkshop.getState().saveState !== 'error') useWorkshop.getState().setSaveState('pending');
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstPending + maxWaitMs - now));
    timer = setTimeout(() => void flush(), wait);
  });

  const onHide = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', () => void flush());

  return {
    flush,
    stop() {
      unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
    },
  };
}

/** IndexedDB failures in words a user can act on. */
export function describeStorageError(err: Error): string {
  const name = err.name || (err as { inner?: Error }).inner?.name || '';
  if (/Quota/i.test(name) || /quota/i.test(err.message)) return 'the disk or browser storage is full (QuotaExceededError)';
  if (/Version|Blocked/i.test(name)) return 'another window holds an older version of the database open; close other windows of the app';
  if (/InvalidState|MissingAPI|Open/i.test(name)) return 'browser storage is unavailable (private mode?)';
  return err.message;
}
