import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWorkshop, type WorkshopDoc } from '../../shared/model';
import type { WorkshopRepository } from '../db/repository';
import { createJournal, journalIsNewer, type JournalStorage } from '../db/journal';
import { closeGuardNeeded, startAutosave, type Autosave, type AutosaveHost } from './autosave';
import { retryDelay } from './retry';
import { undo, useWorkshop } from './workshop';

const STORED_AT = '2026-11-29T10:00:00.000Z';
const stored = (): WorkshopDoc => createWorkshop({ title: 'Journal test', lang: 'en', id: 'w1', now: STORED_AT });
const retitle = (title: string) => (d: WorkshopDoc) => ({ ...d, meta: { ...d.meta, title } });
const quotaError = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

/** localStorage in memory; `full` makes every write fail as a full quota does. */
function memoryStorage() {
  const items = new Map<string, string>();
  const storage = {
    full: false as boolean,
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem(k: string, v: string) {
      if (storage.full) throw quotaError();
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  } satisfies JournalStorage & { full: boolean; items: Map<string, string> };
  return storage;
}

/** A window and document that count their listeners. */
class CountingTarget extends EventTarget {
  listeners = new Map<string, number>();
  visibilityState = 'visible';
  override addEventListener(type: string, l: EventListenerOrEventListenerObject | null, o?: boolean | AddEventListenerOptions) {
    this.listeners.set(type, (this.listeners.get(type) ?? 0) + 1);
    super.addEventListener(type, l, o);
  }
  override removeEventListener(type: string, l: EventListenerOrEventListenerObject | null, o?: boolean | EventListenerOptions) {
    this.listeners.set(type, (this.listeners.get(type) ?? 0) - 1);
    super.removeEventListener(type, l, o);
  }
  live() {
    return [...this.listeners].filter(([, n]) => n > 0).map(([t]) => t);
  }
}

/** A store whose saves never finish (the page went away mid-write) or fail as told. */
function fakeRepo() {
  const saves: { doc: WorkshopDoc; at: number }[] = [];
  const repo = {
    saves,
    mode: 'ok' as 'ok' | 'hang' | 'quota',
    save(doc: WorkshopDoc) {
      saves.push({ doc, at: Date.now() });
      if (repo.mode === 'hang') return new Promise<void>(() => undefined);
      if (repo.mode === 'quota') return Promise.reject(quotaError());
      return Promise.resolve();
    },
    load: () => Promise.resolve(null),
  };
  return repo;
}

let storage: ReturnType<typeof memoryStorage>;
let win: CountingTarget;
let doc: CountingTarget;
let running: Autosave[] = [];
const start = (repo: ReturnType<typeof fakeRepo>) => {
  const host: AutosaveHost = { window: win, document: doc, journal: createJournal(storage) };
  const a = startAutosave(repo as unknown as WorkshopRepository, {}, host);
  running.push(a);
  return a;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-11-30T09:00:00.000Z'));
  storage = memoryStorage();
  win = new CountingTarget();
  doc = new CountingTarget();
  useWorkshop.getState().open(stored());
});
afterEach(() => {
  for (const a of running) a.stop();
  running = [];
  vi.useRealTimers();
});

describe('the journal: an edit made just before a reload is not lost', () => {
  it('the page goes away before IndexedDB finishes: the journal written at pagehide is replayed on the next open, then cleared', async () => {
    const repo = fakeRepo();
    repo.mode = 'hang'; // the IndexedDB write starts but never finishes
    const first = start(repo);
    useWorkshop.getState().edit('Title', retitle('typed, Tab, reload'));
    win.dispatchEvent(new Event('pagehide'));
    first.stop();
    expect(storage.items.size).toBe(1);

    // The next open: the database still has the old version.
    const next = fakeRepo();
    const second = start(next);
    expect(await second.restore(stored())).toBe(true);
    expect(useWorkshop.getState().doc!.meta.title).toBe('typed, Tab, reload');
    expect(storage.items.size).toBe(0); // replayed, then cleared
    await vi.advanceTimersByTimeAsync(1000);
    expect(next.saves.at(-1)!.doc.meta.title).toBe('typed, Tab, reload');
    expect(useWorkshop.getState().saveState).toBe('saved');
    // The replay is one undo step on top of the stored version.
    undo();
    expect(useWorkshop.getState().doc!.meta.title).toBe('Journal test');
  });

  it('a journal older than the stored version is dropped, not replayed over newer work', () => {
    expect(journalIsNewer({ at: Date.parse(STORED_AT) - 1, doc: {} }, STORED_AT)).toBe(false);
    expect(journalIsNewer({ at: Date.parse(STORED_AT), doc: {} }, STORED_AT)).toBe(false);
    expect(journalIsNewer({ at: Date.parse(STORED_AT) + 1, doc: {} }, STORED_AT)).toBe(true);
    const journal = createJournal(storage, () => Date.parse(STORED_AT) - 5000);
    journal.write({ ...stored(), meta: { ...stored().meta, title: 'old' } });
    expect(journal.take(stored())).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('a saved document leaves no journal behind, and nothing is journalled when all is saved', async () => {
    const repo = fakeRepo();
    start(repo);
    useWorkshop.getState().edit('Title', retitle('saved in time'));
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(storage.items.size).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(useWorkshop.getState().saveState).toBe('saved');
    expect(storage.items.size).toBe(0);
    win.dispatchEvent(new Event('pagehide'));
    expect(storage.items.size).toBe(0);
  });
});

describe('failed saves are retried by themselves', () => {
  it('backs off 1 s, 2 s, 4 s … (at most 30 s) and saves once the store works again', async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    const repo = fakeRepo();
    repo.mode = 'quota';
    start(repo);
    useWorkshop.getState().edit('Title', retitle('disk full'));
    await vi.advanceTimersByTimeAsync(200); // the debounced save
    expect(useWorkshop.getState()).toMatchObject({ saveState: 'error', saveError: 'quota' });
    const t0 = repo.saves[0].at;
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(repo.saves.map((s) => s.at - t0)).toEqual([0, 1000, 3000, 7000]);
    repo.mode = 'ok'; // space was freed
    await vi.advanceTimersByTimeAsync(8000);
    expect(repo.saves).toHaveLength(5);
    expect(repo.saves.at(-1)!.doc.meta.title).toBe('disk full');
    expect(useWorkshop.getState().saveState).toBe('saved');
    // Saved: no more retries.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(repo.saves).toHaveLength(5);
  });

  it('retries at once when the window regains focus (space freed meanwhile), without waiting for the backoff', async () => {
    const repo = fakeRepo();
    repo.mode = 'quota';
    start(repo);
    useWorkshop.getState().edit('Title', retitle('kept'));
    await vi.advanceTimersByTimeAsync(200 + 1000 + 2000 + 4000 + 8000); // now waiting 16 s
    const n = repo.saves.length;
    repo.mode = 'ok';
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(repo.saves).toHaveLength(n + 1);
    expect(useWorkshop.getState().saveState).toBe('saved');
  });
});

describe('stop()', () => {
  it('removes every listener it added (pagehide, visibilitychange, beforeunload, focus, online) and saves nothing after', async () => {
    const repo = fakeRepo();
    repo.mode = 'hang';
    const a = start(repo);
    useWorkshop.getState().edit('Title', retitle('unsaved'));
    expect(win.live().sort()).toEqual(['beforeunload', 'focus', 'online', 'pagehide']);
    expect(doc.live()).toEqual(['visibilitychange']);
    a.stop();
    expect(win.live()).toEqual([]);
    expect(doc.live()).toEqual([]);
    useWorkshop.getState().edit('Title', retitle('after stop'));
    win.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(repo.saves).toHaveLength(0);
    expect(storage.items.size).toBe(0);
  });
});

describe('the close guard', () => {
  const unload = () => {
    const e = new Event('beforeunload', { cancelable: true });
    win.dispatchEvent(e);
    return e.defaultPrevented;
  };

  it('the rule: ask only when the unsaved state would not survive the page', () => {
    expect(closeGuardNeeded('saved', false)).toBe(false);
    expect(closeGuardNeeded('pending', true)).toBe(false);
    expect(closeGuardNeeded('saving', true)).toBe(false);
    expect(closeGuardNeeded('pending', false)).toBe(true);
    expect(closeGuardNeeded('error', true)).toBe(true);
    expect(closeGuardNeeded('conflict', true)).toBe(true);
    // A retry of a failed save under way: still a question (it failed before, it may again).
    expect(closeGuardNeeded('saving', true, true)).toBe(true);
  });

  it('listens for the page closing only while something is unsaved: the library and a saved workshop leave the browser nothing to ask', async () => {
    const repo = fakeRepo();
    start(repo);
    expect(win.live()).not.toContain('beforeunload'); // a saved workshop is open
    useWorkshop.getState().edit('Title', retitle('edited'));
    expect(win.live()).toContain('beforeunload');
    await vi.advanceTimersByTimeAsync(200);
    expect(useWorkshop.getState().saveState).toBe('saved');
    expect(win.live()).not.toContain('beforeunload');
    repo.mode = 'quota';
    useWorkshop.getState().edit('Title', retitle('will fail'));
    await vi.advanceTimersByTimeAsync(200);
    expect(useWorkshop.getState().saveState).toBe('error');
    expect(win.live()).toContain('beforeunload'); // failing: still guarded between retries
    useWorkshop.getState().close();
    expect(win.live()).not.toContain('beforeunload'); // back in the library
  });

  it('in the page: no question when saved or journalled; a question after a failed save or when the journal cannot be written', async () => {
    const repo = fakeRepo();
    const a = start(repo);
    expect(unload()).toBe(false);
    repo.mode = 'hang';
    useWorkshop.getState().edit('Title', retitle('pending'));
    expect(unload()).toBe(false); // journalled
    expect(storage.items.size).toBe(1);
    storage.full = true;
    useWorkshop.getState().edit('Title', retitle('pending, journal full'));
    expect(unload()).toBe(true);
    a.stop();

    storage.full = false;
    useWorkshop.getState().open(stored());
    const failing = fakeRepo();
    failing.mode = 'quota';
    const b = start(failing);
    useWorkshop.getState().edit('Title', retitle('will fail'));
    await vi.advanceTimersByTimeAsync(200);
    expect(useWorkshop.getState().saveState).toBe('error');
    expect(unload()).toBe(true);
    // While the automatic retry is under way (the state says saving), closing still asks.
    failing.mode = 'hang';
    await vi.advanceTimersByTimeAsync(1000);
    expect(useWorkshop.getState().saveState).toBe('saving');
    expect(unload()).toBe(true);
    // The user chose Discard (desktop dialog): no question, and the journal is gone.
    b.discard();
    expect(unload()).toBe(false);
    expect(storage.items.size).toBe(0);
  });
});

describe('other windows of the app', () => {
  it('the channel to them opens with the first workshop, not at start-up (it would hold up the library’s first frame), and tells them each save', async () => {
    const channels: { name: string; posted: unknown[] }[] = [];
    class FakeChannel extends EventTarget {
      posted: unknown[] = [];
      constructor(name: string) {
        super();
        channels.push({ name, posted: this.posted });
      }
      postMessage(message: unknown) {
        this.posted.push(message);
      }
      close() {}
    }
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    try {
      useWorkshop.getState().close();
      const autosave = start(fakeRepo());
      expect(channels).toEqual([]);
      useWorkshop.getState().open(stored());
      expect(channels.map((c) => c.name)).toEqual(['sw-workshops']);
      useWorkshop.getState().edit('Rename', retitle('Renamed'));
      await autosave.flush();
      expect(channels).toHaveLength(1);
      expect(channels[0].posted).toEqual([{ id: 'w1' }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
