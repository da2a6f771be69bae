import { create } from 'zustand';
import type { Lang } from '../../shared/framework';
import type { WorkshopSummary } from '../db/database';
import type { LostLibrary, WorkshopRepository } from '../db/repository';
import { restoreFromCopy, type CopyProblem, type RestoreOutcome } from '../api/library-copy';
import { copyCall } from '../api/copy-call';
import { storageMessage, storageProblem } from '../db/errors';
import { retryDelay } from './retry';
import { whenIdle } from './after-paint';
import { ContractError } from '../../shared/contract/contract-error';

export type LibrarySort = 'updated' | 'title';

/**
 * Opens the library's database at start-up (adding the sample on the very first run), and opens it
 * again while Chromium cannot open its files yet (`storageProblem` 'opening': a process of the app
 * still closing after a crash, a backup or antivirus program holding them), after `retryDelay`
 * (1 s doubling to 30 s), telling `onRetry` each time. Any other failure is the caller's to show.
 */
export async function openLibrary(
  repo: Pick<WorkshopRepository, 'ensureFirstRun'>,
  lang: Lang,
  onRetry: (err: unknown, attempt: number, delayMs: number) => void,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Awaited<ReturnType<WorkshopRepository['ensureFirstRun']>>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await repo.ensureFirstRun(lang);
    } catch (err) {
      if (storageProblem(err) !== 'opening') throw err;
      const delay = retryDelay(attempt);
      onRetry(err, attempt, delay); // a failed open leaves Dexie ready to open again
      await wait(delay);
    }
  }
}

/** Whether the library holds every live workshop yet (search and sort by title need them all). */
export function isComplete(s: { items: readonly unknown[]; total: number }): boolean {
  return s.items.length >= s.total;
}

/** How many workshops the first read returns: the library's first screenful. */
export const FIRST_READ = 20;

interface LibraryState {
  /** Live workshops, most recently changed first: the first page at once, then all of them. */
  items: WorkshopSummary[];
  /** How many live workshops there are (known before `items` holds them all). */
  total: number;
  loaded: boolean;
  query: string;
  sort: LibrarySort;
  /** i18n key and detail of the last storage failure. */
  error: ReturnType<typeof storageMessage> | null;
  /** The last deleted workshop, while its Undo is offered. */
  lastDeleted: { id: string; title: string } | null;
  /** The library this profile had was found missing at start-up (repository `ensureFirstRun`); shown until restored or dismissed. */
  lost: LostLibrary | null;
  /** What the safety copy holds, read when a loss is shown ('unavailable': this host keeps none; `failed`: it could not be read, and why). */
  copy: { count: number; latest: string; unreadable: string[] } | 'unavailable' | { failed: string } | null;
  /** A restore under way: how many of the kept workshops are done. */
  restoring: { done: number; total: number } | null;
  /** The last restore's outcome, while it is shown. */
  restored: RestoreOutcome | null;
  /** Why the safety copy is not being kept (null: it is, or nothing was saved yet). */
  copyProblem: CopyProblem | null;
}

interface LibraryActions {
  refresh(): Promise<void>;
  setQuery(q: string): void;
  setSort(s: LibrarySort): void;
  create(title: string, lang: Lang): Promise<string>;
  rename(id: string, title: string): Promise<void>;
  duplicate(id: string, titleFor: (t: string) => string): Promise<string>;
  remove(id: string): Promise<void>;
  undoRemove(): Promise<void>;
  dismissUndo(): void;
  /** Shows a lost library's notice with what the safety copy holds. */
  showLost(lost: LostLibrary | null): Promise<void>;
  /** Restores every kept workshop the library lacks, then lifts the notice (when nothing was refused). */
  restoreCopy(): Promise<void>;
  /** Goes on without the lost library: the notice goes (the safety copy stays on disk). */
  dismissLost(): Promise<void>;
}

export type LibraryStore = LibraryState & LibraryActions;

/** What the lost library's notice says when the safety copy cannot be read: this host keeps none, or why it failed. */
function copyReadFailure(err: unknown): 'unavailable' | { failed: string } {
  const e = err as { code?: string; message?: string };
  return e.code === 'unavailable' ? 'unavailable' : { failed: e.message ?? String(err) };
}

/** The library list and its commands; every command writes through the repository, then re-reads. */
export function createLibraryStore(repo: WorkshopRepository) {
  return create<LibraryStore>((set, get) => {
    let reads = 0; // a newer refresh supersedes the answers of an older one
    const run = async (work: () => Promise<void>) => {
      try {
        await work();
        set({ error: null });
      } catch (err) {
        set({ error: storageMessage(err) });
      }
      await get().refresh();
    };
    return {
      items: [],
      total: 0,
      loaded: false,
      query: '',
      sort: 'updated',
      error: null,
      lastDeleted: null,
      lost: null,
      copy: null,
      restoring: null,
      restored: null,
      copyProblem: null,
      async refresh() {
        const read = ++reads;
        try {
          // The first screenful first, then the rest: a library of 1,000 paints as soon as its
          // first page is read, and is complete a moment later.
          const first = await repo.listRecent(FIRST_READ);
          if (read !== reads) return;
          set({ items: first.items, total: first.total, loaded: true });
          if (isComplete(get())) return;
          await whenIdle(); // reading 1,000 summaries takes the main thread a while: not before the list's frame
          if (read !== reads) return;
          const all = await repo.listLive();
          if (read === reads) set({ items: all, total: all.length });
        } catch (err) {
          if (read === reads) set({ error: storageMessage(err) });
        }
      },
      setQuery: (query) => set({ query }),
      setSort: (sort) => set({ sort }),
      async create(title, lang) {
        let id = '';
        await run(async () => {
          id = (await repo.create(title, lang)).id;
        });
        return id;
      },
      rename: (id, title) => run(() => repo.rename(id, title)),
      async duplicate(id, titleFor) {
        let newId = '';
        await run(async () => {
          newId = (await repo.duplicate(id, titleFor)).id;
        });
        return newId;
      },
      async remove(id) {
        const title = get().items.find((i) => i.id === id)?.title ?? '';
        await run(async () => {
          await repo.softDelete(id);
          set({ lastDeleted: { id, title } });
        });
      },
      async undoRemove() {
        const last = get().lastDeleted;
        if (!last) return;
        set({ lastDeleted: null });
        await run(() => repo.restore(last.id));
      },
      dismissUndo: () => set({ lastDeleted: null }),
      async showLost(lost) {
        set({ lost });
        if (!lost) return;
        try {
          const { kept, unreadable } = await copyCall('library.kept', {});
          set({ copy: { count: kept.length, latest: kept[0]?.keptAt ?? '', unreadable } });
        } catch (err) {
          set({ copy: copyReadFailure(err) });
        }
      },
      async restoreCopy() {
        if (get().restoring) return;
        set({ restoring: { done: 0, total: 0 }, restored: null });
        try {
          const outcome = await restoreFromCopy(repo, copyCall, (done, total) => set({ restoring: { done, total } }));
          set({ restored: outcome, error: null });
          if (outcome.refused.length === 0) {
            await repo.dismissLost();
            set({ lost: null });
          }
        } catch (err) {
          // The safety copy could not be read (the Node side's answer), or the library not written.
          if (err instanceof ContractError) set({ copy: copyReadFailure(err) });
          else set({ error: storageMessage(err) });
        } finally {
          set({ restoring: null });
        }
        await get().refresh();
      },
      async dismissLost() {
        await run(async () => {
          await repo.dismissLost();
          set({ lost: null, restored: null });
        });
      },
    };
  });
}

/** Visible rows: search by title or team (case-insensitive), then sorted. */
export function visibleItems(items: WorkshopSummary[], query: string, sort: LibrarySort): WorkshopSummary[] {
  const q = query.trim().toLowerCase();
  const filtered = q ? items.filter((i) => i.title.toLowerCase().includes(q) || i.team.toLowerCase().includes(q)) : items;
  const sorted = [...filtered];
  if (sort === 'title') sorted.sort((a, b) => a.title.localeCompare(b.title));
  else sorted.sort((a, b) => b.updatedAt - a.updatedAt);
  return sorted;
}
