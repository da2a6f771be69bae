import type { WorkshopDoc } from '../../shared/model';
import { nowIso } from '../../shared/model/ids';
import { ConflictError, type WorkshopRepository } from '../db/repository';
import { storageProblem } from '../db/errors';
import { browserJournalStorage, createJournal, type Journal } from '../db/journal';
import { retryDelay } from './retry';
import { useWorkshop, type SaveState } from './workshop';

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
 * The app's other windows and tabs on this origin: told what this one saved; what they saved is
 * followed here (nothing unsaved) or marked a conflict. The channel opens with the first
 * workshop, not at start-up: creating it takes the renderer ~20 ms, which the library's first
 * frame would wait for, and a window with no workshop open has nothing to follow.
 */
function otherWindows(repo: Pick<WorkshopRepository, 'load'>) {
  let channel: BroadcastChannel | null | undefined; // undefined until opened; null once closed or where there is none

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
  const open = (): BroadcastChannel | null => {
    if (channel !== undefined) return channel;
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('sw-workshops') : null;
    channel?.addEventListener('message', (e: MessageEvent<{ id: string }>) => void onOtherWindowSaved(e.data.id));
    return channel;
  };
  return {
    /** Hears the other windows from now on. */
    listen: () => void open(),
    /** Tells the other windows that this one saved workshop `id`. */
    saved: (id: string) => open()?.postMessage({ id }),
    close() {
      channel?.close();
      channel = null;
    },
  };
}

/**
 * Opens a document read from the database, replaying the journal of an edit that did not
 * reach the database when the page went away: the replayed state is one undo step on top of
 * the stored one, and is saved at once. Returns whether something was replayed.
 */
async function openWithJournal(journal: Journal, stored: WorkshopDoc): Promise<boolean> {
  useWorkshop.getState().open(stored);
  const journalled = journal.take(stored);
  if (!journalled) return false;
  const checked = (await import('../../shared/model')).migrate(journalled);
  if (!checked.ok || useWorkshop.getState().doc !== stored) return false;
  const replayed = { ...checked.doc, updatedAt: stored.updatedAt };
  useWorkshop.getState().edit('Restore unsaved changes', () => replayed);
  return true;
}

/**
 * The writes of the open document: the one pending change, written after the one under way; a
 * failed write kept pending and retried by itself with backoff (`retryDelay`); never over another
 * window's save until the user chooses (`resolveConflict`).
 */
function saveQueue(repo: WorkshopRepository, journal: Journal, windows: ReturnType<typeof otherWindows>) {
  let pending: WorkshopDoc | null = null;
  let writing: Promise<void> = Promise.resolve();
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retries = 0;

  const cancelRetry = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  };
  const scheduleRetry = () => {
    cancelRetry();
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void queue.flush();
    }, retryDelay(retries++));
  };
  const saved = (doc: WorkshopDoc) => {
    windows.saved(doc.id);
    useWorkshop.getState().setSaveState('saved');
    journal.clear(doc.id);
  };
  const failed = (doc: WorkshopDoc, err: Error) => {
    // Keep the document pending and try again by itself; nothing is lost on screen.
    pending ??= doc;
    if (err instanceof ConflictError) useWorkshop.getState().setSaveState('conflict');
    else {
      useWorkshop.getState().setSaveState('error', storageProblem(err));
      scheduleRetry();
    }
  };

  const queue = {
    /** The document waiting to be written, if any. */
    get pending() {
      return pending;
    },
    set pending(doc: WorkshopDoc | null) {
      pending = doc;
    },
    /** Whether saves are failing (an automatic retry is under way), until one succeeds. */
    get failing() {
      return retries > 0;
    },
    cancelRetry,
    /** Writes the pending document now (after the write under way); resolves when written or failed. */
    flush(): Promise<void> {
      const doc = pending;
      pending = null;
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
            retries = 0;
            if (pending) windows.saved(doc.id);
            else saved(doc);
          },
          (err: Error) => failed(doc, err),
        );
      return writing;
    },
    /** The user's answer to a conflict: keep this window's version (overwrite) or take the stored one. */
    async resolveConflict(keep: 'mine' | 'theirs') {
      const doc = pending ?? useWorkshop.getState().doc;
      if (!doc) return;
      pending = null;
      if (keep === 'theirs') {
        const loaded = await repo.load(doc.id);
        if (loaded?.ok) useWorkshop.getState().open(loaded.doc);
        return;
      }
      useWorkshop.getState().setSaveState('saving');
      try {
        await repo.save({ ...doc, updatedAt: nowIso() }, { force: true });
        saved(doc);
      } catch (err) {
        useWorkshop.getState().setSaveState('error', storageProblem(err));
      }
    },
  };
  return queue;
}

/**
 * The page going away: the unsaved document goes to the synchronous journal and a save starts
 * (hidden, pagehide), and closing asks first when the unsaved state would not survive
 * (`closeGuardNeeded`); a failed save is tried again at once on focus or when the network
 * returns. The `beforeunload` listener is there only while something is unsaved (`guard`): a
 * page with one makes the browser ask it before every navigation or reload, which delays the
 * next page (the library's start-up) and keeps the page out of the back-forward cache.
 * Returns the guard's switch and the listeners' removal.
 */
function listenToPage(
  host: AutosaveHost,
  on: { writeJournal(): boolean; flush(): void; discarding(): boolean; failing(): boolean; retryNow(): void },
): { guard(on: boolean): void; stop(): void } {
  const onHide = () => {
    if (host.document.visibilityState !== 'hidden') return;
    on.writeJournal();
    on.flush();
  };
  const onPageHide = () => {
    on.writeJournal();
    on.flush();
  };
  const onBeforeUnload = (e: Event) => {
    if (on.discarding()) return;
    const journalled = on.writeJournal();
    if (closeGuardNeeded(useWorkshop.getState().saveState, journalled, on.failing())) {
      e.preventDefault();
      try {
        (e as Event & { returnValue: unknown }).returnValue = true; // older browsers ask only when this is set
      } catch {
        // not a BeforeUnloadEvent (a plain Event's returnValue is read-only)
      }
    }
  };
  const windowListeners: [string, EventListener][] = [
    ['pagehide', onPageHide],
    ['focus', on.retryNow],
    ['online', on.retryNow],
  ];
  host.document.addEventListener('visibilitychange', onHide);
  for (const [type, listener] of windowListeners) host.window.addEventListener(type, listener);
  let guarded = false;
  const guard = (want: boolean) => {
    if (want === guarded) return;
    guarded = want;
    if (want) host.window.addEventListener('beforeunload', onBeforeUnload);
    else host.window.removeEventListener('beforeunload', onBeforeUnload);
  };
  return {
    guard,
    stop() {
      guard(false);
      host.document.removeEventListener('visibilitychange', onHide);
      for (const [type, listener] of windowListeners) host.window.removeEventListener(type, listener);
    },
  };
}

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
  const windows = otherWindows(repo);
  const queue = saveQueue(repo, journal, windows);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstPending = 0;
  /** Set when the user chose to discard unsaved changes while closing: no journal, no question. */
  let discarding = false;

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    firstPending = 0;
    return queue.flush();
  };

  const unsubscribe = useWorkshop.subscribe((state, prev) => {
    if (state.doc) windows.listen();
    if (!state.doc || state.doc === prev.doc || state.doc.id !== prev.doc?.id || state.loads !== prev.loads) return;
    queue.pending = state.doc;
    discarding = false;
    const now = Date.now();
    if (!firstPending) firstPending = now;
    if (useWorkshop.getState().saveState !== 'error') useWorkshop.getState().setSaveState('pending');
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstPending + maxWaitMs - now));
    timer = setTimeout(() => void flush(), wait);
  });

  const retryNow = () => {
    if (useWorkshop.getState().saveState === 'error') void flush();
  };
  const page = listenToPage(host, {
    /** Writes the unsaved document (if any) to the journal; true when nothing is left only in memory. */
    writeJournal() {
      const { doc, saveState } = useWorkshop.getState();
      if (discarding || !doc || saveState === 'saved' || saveState === 'conflict') return true;
      return journal.write(queue.pending ?? doc);
    },
    flush: () => void flush(),
    discarding: () => discarding,
    failing: () => queue.failing,
    retryNow,
  });
  // Closing can lose nothing while no workshop is open or all of it is saved.
  const guardWhileUnsaved = ({ doc, saveState }: ReturnType<typeof useWorkshop.getState>) => page.guard(doc !== null && saveState !== 'saved');
  guardWhileUnsaved(useWorkshop.getState());
  const unsubscribeGuard = useWorkshop.subscribe(guardWhileUnsaved);

  return {
    flush,
    resolveConflict: (keep: 'mine' | 'theirs') => queue.resolveConflict(keep),
    restore: (stored: WorkshopDoc) => openWithJournal(journal, stored),
    /** Tries a failed save again now (the message's "Try again"). */
    retryNow,
    /** The user chose to close without saving: forget the unsaved state (journal included). */
    discard() {
      discarding = true;
      queue.pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      queue.cancelRetry();
      const id = useWorkshop.getState().doc?.id;
      if (id) journal.clear(id);
    },
    stop() {
      unsubscribe();
      windows.close();
      if (timer) clearTimeout(timer);
      queue.cancelRetry();
      unsubscribeGuard();
      page.stop();
    },
  };
}

export type Autosave = ReturnType<typeof startAutosave>;
