import type { RequestOf, ResponseOf } from '../../shared/contract';
import type { Kept } from '../../shared/contract/library';
import type { WorkshopDoc } from '../../shared/model';
import type { WorkshopRepository } from '../db/repository';
import { retryDelay } from '../store/retry';
import { whenIdle } from '../store/after-paint';

/** The contract's call for the safety copy's methods (`copyCall` in the page; the Node side's door in tests). */
export type CopyCall = <M extends 'library.keep' | 'library.kept' | 'library.copyOf' | 'library.drop'>(
  method: M,
  payload: RequestOf<M>,
) => Promise<ResponseOf<M>>;

/** Why the safety copy is not being kept: this host keeps no files, or the last write failed. */
export type CopyProblem = { kind: 'unavailable' } | { kind: 'failed'; message: string };

/**
 * Keeps the library's safety copy (shared/contract/library.ts) as workshops are saved: after each
 * save, the workshop's document goes to the Node side. One write per workshop is in flight; a
 * newer save waiting behind it replaces an older one (the latest wins), so typing sends at most
 * one document per round trip. A write that fails (disk full, host busy) is told (`onProblem`) and
 * tried again by itself after `retryDelay` (1 s doubling to 30 s) unless a newer save came; a host
 * that keeps no copies is told once, then left alone. A write starts in an idle moment after the
 * next paint (`whenIdle`), so what the save changed on screen is drawn first.
 */
export function createCopyKeeper(
  onProblem: (p: CopyProblem | null) => void,
  call: CopyCall,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  const waiting = new Map<string, WorkshopDoc>();
  const writing = new Map<string, Promise<void>>();
  let unavailable = false;

  /** Writes one document; answers whether it is kept. */
  const write = async (doc: WorkshopDoc): Promise<boolean> => {
    try {
      await call('library.keep', { workshopId: doc.id, updatedAt: doc.updatedAt, title: doc.meta.title.slice(0, 1000), doc: JSON.stringify(doc) });
      onProblem(null);
      return true;
    } catch (err) {
      const e = err as { code?: string; message?: string };
      if (e.code === 'unavailable') {
        unavailable = true;
        onProblem({ kind: 'unavailable' });
      } else onProblem({ kind: 'failed', message: e.message ?? String(err) });
      return false;
    }
  };
  const drain = (id: string): Promise<void> => {
    const run = (async () => {
      // In an idle moment after the frame that shows the save's outcome: sending a large workshop
      // holds the main thread a while (an import of 10 MB waited up to 2 s for it before the
      // library showed it).
      await whenIdle();
      let failures = 0;
      for (let doc = waiting.get(id); doc && !unavailable; doc = waiting.get(id)) {
        waiting.delete(id);
        if (await write(doc)) failures = 0;
        else if (!unavailable) {
          if (!waiting.has(id)) waiting.set(id, doc); // tried again unless a newer save came
          await wait(retryDelay(failures++));
        }
      }
      waiting.delete(id);
      writing.delete(id);
    })();
    writing.set(id, run);
    return run;
  };
  return {
    keep(doc: WorkshopDoc): void {
      if (unavailable) return;
      waiting.set(doc.id, doc);
      if (!writing.has(doc.id)) void drain(doc.id);
    },
    /** Whether a document of this workshop is handed over and not yet written (waiting, or on its way). */
    pending(id: string): boolean {
      return waiting.has(id) || writing.has(id);
    },
    /** Resolves once every document handed over so far is written (or has failed). */
    async settled(): Promise<void> {
      while (writing.size > 0) await Promise.all([...writing.values()]);
    },
    get unavailable() {
      return unavailable;
    },
  };
}
export type CopyKeeper = ReturnType<typeof createCopyKeeper>;

/**
 * Brings the safety copy up to the library: every live workshop changed since it was last kept
 * (or never kept, as by a version of the app before the copy) is kept now, one at a time, so a
 * large library does not hold the page. Answers how many were kept.
 */
export async function keepWhatIsMissing(repo: Pick<WorkshopRepository, 'listLive' | 'load'>, keeper: CopyKeeper, call: CopyCall): Promise<number> {
  let kept: Kept[];
  try {
    ({ kept } = await call('library.kept', {}));
  } catch {
    return 0; // a host without the copy: the keeper reports it on the next save
  }
  const at = new Map(kept.map((k) => [k.workshopId, Date.parse(k.updatedAt)]));
  let n = 0;
  for (const s of await repo.listLive()) {
    // Kept already, or being kept since its last save (an import just now: not read twice).
    if ((at.get(s.id) ?? -Infinity) >= s.updatedAt || keeper.pending(s.id)) continue;
    const loaded = await repo.load(s.id, { track: false }); // not this window's conflict base
    if (!loaded?.ok) continue; // a workshop that cannot be read is not copied over a good copy
    keeper.keep(loaded.doc);
    await keeper.settled();
    if (keeper.unavailable) return n;
    n++;
  }
  return n;
}

/** What a restore did: the workshops brought back, those already in the library, and those refused with why. */
export interface RestoreOutcome {
  restored: number;
  present: number;
  refused: Array<{ title: string; message: string }>;
  /** Files of the safety copy that could not be read at all (`library.kept`'s `unreadable`). */
  unreadable: string[];
}

/**
 * Restores the library from the safety copy: each kept workshop is read back, validated and
 * migrated as an imported file is, and stored under its own id, unless the library holds that
 * workshop already as recent or more (nothing newer is overwritten). `onProgress(done, total)`.
 */
export async function restoreFromCopy(
  repo: Pick<WorkshopRepository, 'save' | 'listLive'>,
  call: CopyCall,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<RestoreOutcome> {
  const { kept, unreadable } = await call('library.kept', {});
  const have = new Map((await repo.listLive()).map((s) => [s.id, s.updatedAt]));
  const { migrate } = await import('../../shared/model/migrate');
  const out: RestoreOutcome = { restored: 0, present: 0, refused: [], unreadable: [] };
  for (const [i, k] of kept.entries()) {
    onProgress(i, kept.length);
    if ((have.get(k.workshopId) ?? -Infinity) >= Date.parse(k.updatedAt)) {
      out.present++;
      continue;
    }
    try {
      const { doc } = await call('library.copyOf', { workshopId: k.workshopId });
      const result = migrate(JSON.parse(doc) as unknown);
      if (!result.ok) throw new Error(result.message);
      if (result.doc.id !== k.workshopId) throw new Error(`the copy holds workshop "${result.doc.id}", not "${k.workshopId}"`);
      await repo.save(result.doc, { force: true });
      out.restored++;
    } catch (err) {
      out.refused.push({ title: k.title, message: (err as Error).message });
    }
  }
  onProgress(kept.length, kept.length);
  out.unreadable = unreadable;
  return out;
}

/** Workshops deleted for good leave the safety copy too (a host without it has nothing to drop). */
export async function dropCopies(workshopIds: readonly string[], call: CopyCall): Promise<void> {
  try {
    await call('library.drop', { workshopIds: [...workshopIds] });
  } catch (err) {
    console.warn('safety copies of deleted workshops kept:', err);
  }
}
