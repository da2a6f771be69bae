import type { WorkshopDoc } from '../../shared/model';
import { nowIso } from '../../shared/model/ids';
import { ConflictError, type WorkshopRepository } from '../db/repository';
import { storageProblem } from '../db/errors';
import { browserJournalStorage, createJournal, type Journal } from '../db/journal';
import { useWorkshop, type SaveState } from './workshop';

/** Delay before the n-th automatic retry (n = 0, 1, …) of a failed save: 1 s, doubling, at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 15));
}

/**
 * Whether closing or reloading the page must ask first. A document in the journal (see
 * db/journal.ts) survives the page, so a save still under way needs no question; a failed
 * save (storage is failing, and the journal lives on the same disk) or an open conflict
 * (the user has not chosen whose version to keep) does — also while an automatic retry of a
 * failed save is under way (`failing`), until a save succeeds again.
 */
export function closeGuardNeeded(saveState: SaveState, journalled: boolean, failing = false): boolean {
  if (saveState === 'saved') return false;
  if (failing || saveState === 'error' || saveState === 'conflict') return true;
  return !journalled;
}

/** The page the autosave listens to: the real window and document, or fakes in tests. */
export interface AutosaveHost {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: string };
  journal: Journal;
}

const browserHost = (): AutosaveHost => ({ window, document, journal: createJournal(browserJournalStorage()) });

/**
 * Writes the open document to IndexedDB shortly after each change (debounced, and at
 * most `maxWaitMs` after the first unsaved change, so a crash loses under a second),
 * and at once when the page is hidden or closed. A failed save is retried by itself, with
 * backoff (`retryDelay`), and at once when the window regains focus or the network returns.
 * When the page is hidden or unloaded the unsaved document also goes to the synchronous
 * journal, which the next open replays (`restore`).
 */
export function startAutosave(repo: WorkshopRepository, { debounceMs = 200, maxWaitMs = 500 } = {}, host: AutosaveHost = browserHost()) {
  const { journal } = host;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retries = 0;
  let firstPending = 0;
  let pending: WorkshopDoc | null = null;
  let writing: Promise<void> = Promise.resolve();
  /** Set when the user chose to discard unsaved changes while closing: no journal, no question. */
  let discarding = false;
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

  const cancelRetry = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  };
  const scheduleRetry = () => {
    cancelRetry();
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flush();
    }, retryDelay(retries++));
  };

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
    cancelRetry();
    useWorkshop.getState().setSaveState('saving');
    writing = writing
      .then(() => repo.save({ ...doc, updatedAt: nowIso() }))
      .then(
        () => {
          channel?.postMessage({ id: doc.id });
          retries = 0;
          if (!pending) {
            useWorkshop.getState().setSaveState('saved');
            journal.clear(doc.id);
          }
        },
        (err: Error) => {
          // Keep the document pending and try again by itself; nothing is lost on screen.
          pending ??= doc;
          if (err instanceof ConflictError) useWorkshop.getState().setSaveState('conflict');
          else {
            useWorkshop.getState().setSaveState('error', storageProblem(err));
            scheduleRetry();
          }
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
        journal.clear(doc.id);
      } catch (err) {
        useWorkshop.getState().setSaveState('error', storageProblem(err));
      }
    } else {
      const loaded = await repo.load(doc.id);
      if (loaded?.ok) useWorkshop.getState().open(loaded.doc);
    }
  };

  /**
   * Opens a document read from the database, replaying the journal of an edit that did not
   * reach the database when the page went away: the replayed state is one undo step on top of
   * the stored one, and is saved at once. Returns whether something was replayed.
   */
  const restore = async (stored: WorkshopDoc): Promise<boolean> => {
    useWorkshop.getState().open(stored);
    const journalled = journal.take(stored);
    if (!journalled) return false;
    const checked = (await import('../../shared/model')).migrate(journalled);
    if (!checked.ok || useWorkshop.getState().doc !== stored) return false;
    const replayed = { ...checked.doc, updatedAt: stored.updatedAt };
    useWorkshop.getState().edit('Restore unsaved changes', () => replayed);
    return true;
  };

  const unsubscribe = useWorkshop.subscribe((state, prev) => {
    if (!state.doc || state.doc === prev.doc || state.doc.id !== prev.doc?.id || state.loads !== prev.loads) return;
    pending = state.doc;
    discarding = false;
    const now = Date.now();
    if (!firstPending) firstPending = now;
    if (useWorkshop.getState().saveState !== 'error') useWorkshop.getState().setSaveState('pending');
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstPending + maxWaitMs - now));
    timer = setTimeout(() => void flush(), wait);
  });

  /** Writes the unsaved document (if any) to the journal; true when nothing is left only in memory. */
  const writeJournal = (): boolean => {
    const { doc, saveState } = useWorkshop.getState();
    if (discarding || !doc || saveState === 'saved' || saveState === 'conflict') return true;
    return journal.write(pending ?? doc);
  };

  const onHide = () => {
    if (host.document.visibilityState !== 'hidden') return;
    writeJournal();
    void flush();
  };
  const onPageHide = () => {
    writeJournal();
    void flush();
  };
  const onBeforeUnload = (e: Event) => {
    if (discarding) return;
    const journalled = writeJournal();
    if (closeGuardNeeded(useWorkshop.getState().saveState, journalled, retries > 0)) {
      e.preventDefault();
      try {
        (e as Event & { returnValue: unknown }).returnValue = true; // older browsers ask only when this is set
      } catch {
        // not a BeforeUnloadEvent (a plain Event's returnValue is read-only)
      }
    }
  };
  const retryNow = () => {
    if (useWorkshop.getState().saveState === 'error') void flush();
  };
  host.document.addEventListener('visibilitychange', onHide);
  host.window.addEventListener('pagehide', onPageHide);
  host.window.addEventListener('beforeunload', onBeforeUnload);
  host.window.addEventListener('focus', retryNow);
  host.window.addEventListener('online', retryNow);

  return {
    flush,
    resolveConflict,
    restore,
    /** Tries a failed save again now (the message's "Try again"). */
    retryNow,
    /** The user chose to close without saving: forget the unsaved state (journal included). */
    discard() {
      discarding = true;
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      cancelRetry();
      const id = useWorkshop.getState().doc?.id;
      if (id) journal.clear(id);
    },
    stop() {
      unsubscribe();
      channel?.close();
      if (timer) clearTimeout(timer);
      cancelRetry();
      host.document.removeEventListener('visibilitychange', onHide);
      host.window.removeEventListener('pagehide', onPageHide);
      host.window.removeEventListener('beforeunload', onBeforeUnload);
      host.window.removeEventListener('focus', retryNow);
      host.window.removeEventListener('online', retryNow);
    },
  };
}

export type Autosave = ReturnType<typeof startAutosave>;
