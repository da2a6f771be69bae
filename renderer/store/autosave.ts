import type { WorkshopDoc } from '../../shared/model';
import { nowIso } from '../../shared/model/ids';
import { ConflictError, type WorkshopRepository } from '../db/repository';
import { storageProblem } from '../db/errors';
import { useWorkshop } from './workshop';

/**
 * Writes the open document to IndexedDB shortly after each change (debounced, and at
 * most `maxWaitMs` after the first unsaved change, so a crash loses under a second),
 * and at once when the page is hidden or closed.
 */
export function startAutosave(repo: WorkshopRepository, { debounceMs = 200, maxWaitMs = 500 } = {}) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstPending = 0;
  let pending: WorkshopDoc | null = null;
  let writing: Promise<void> = Promise.resolve();
  // Other windows/tabs of the app on this origin: tell them what we saved, hear what they saved.
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('sw-workshops') : null;
  channel?.addEventListener('message', (e: MessageEvent<{ id: string }>) => void onOtherWindowSaved(e.data.id));

  async function onOtherWindowSaved(id: string) {
    const state = useWorkshop.getState();
    if (state.doc?.id !== id) return;
    if (state.saveState === 'saved') {
      // Nothing unsaved here: follow the other window (live sync).
      const loaded = await repo.load(id);
      if (loaded?.ok && useWorkshop.getState().saveState === 'saved') useWorkshop.getState().open(loaded.doc, { synced: true });
    } else if (state.saveState !== 'conflict') {
      useWorkshop.getState().setSaveState('conflict');
    }
  }

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const doc = pending;
    pending = null;
    firstPending = 0;
    if (!doc) return writing;
    if (useWorkshop.getState().saveState === 'conflict') {
      pending = doc; // wait for the user's choice; never overwrite the other window's work
      return writing;
    }
    useWorkshop.getState().setSaveState('saving');
    writing = writing
      .then(() => repo.save({ ...doc, updatedAt: nowIso() }))
      .then(
        () => {
          channel?.postMessage({ id: doc.id });
          if (!pending) useWorkshop.getState().setSaveState('saved');
        },
        (err: Error) => {
          // Keep the document pending so the next change (or flush) retries; nothing is lost on screen.
          pending ??= doc;
          if (err instanceof ConflictError) useWorkshop.getState().setSaveState('conflict');
          else useWorkshop.getState().setSaveState('error', storageProblem(err));
        },
      );
    return writing;
  };

  /** The user's answer to a conflict: keep this window's version (overwrite) or take the stored one. */
  const resolveConflict = async (keep: 'mine' | 'theirs') => {
    const doc = pending ?? useWorkshop.getState().doc;
    if (!doc) return;
    pending = null;
    if (keep === 'mine') {
      useWorkshop.getState().setSaveState('saving');
      try {
        await repo.save({ ...doc, updatedAt: nowIso() }, { force: true });
        channel?.postMessage({ id: doc.id });
        useWorkshop.getState().setSaveState('saved');
      } catch (err) {
        useWorkshop.getState().setSaveState('error', storageProblem(err));
      }
    } else {
      const loaded = await repo.load(doc.id);
      if (loaded?.ok) useWorkshop.getState().open(loaded.doc);
    }
  };

  const unsubscribe = useWorkshop.subscribe((state, prev) => {
    if (!state.doc || state.doc === prev.doc || state.doc.id !== prev.doc?.id || state.loads !== prev.loads) return;
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
    resolveConflict,
    stop() {
      unsubscribe();
      channel?.close();
      document.removeEventListener('visibilitychange', onHide);
    },
  };
}
