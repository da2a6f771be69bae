import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { WorkshopRepository } from '../db/repository';
import { createSampleWorkshop } from '../../shared/model';
import { createLibraryStore, FIRST_READ, isComplete, openLibrary } from './library';

const db = openDatabase('library-store-test');
const repo = new WorkshopRepository(db);
afterEach(async () => {
  await db.summaries.clear();
});

async function store(count: number) {
  const base = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'x');
  for (let i = 0; i < count; i++)
    await repo.save({ ...base, id: `w${i}`, meta: { ...base.meta, title: `W${i}` }, updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() });
}

describe('library store', () => {
  it('shows the first screenful with the total at once, then every workshop', async () => {
    await store(FIRST_READ + 20);
    const library = createLibraryStore(repo);
    const seen: { n: number; total: number; complete: boolean }[] = [];
    library.subscribe((s) => seen.push({ n: s.items.length, total: s.total, complete: isComplete(s) }));
    await library.getState().refresh();
    expect(seen[0]).toEqual({ n: FIRST_READ, total: FIRST_READ + 20, complete: false });
    expect(seen.at(-1)).toEqual({ n: FIRST_READ + 20, total: FIRST_READ + 20, complete: true });
    // The first page is the most recently changed, in order.
    expect(
      library
        .getState()
        .items.slice(0, 3)
        .map((s) => s.id),
    ).toEqual([`w${FIRST_READ + 19}`, `w${FIRST_READ + 18}`, `w${FIRST_READ + 17}`]);
  });

  it('a small library is complete after the first read', async () => {
    await store(3);
    const library = createLibraryStore(repo);
    await library.getState().refresh();
    expect(library.getState()).toMatchObject({ total: 3, loaded: true });
    expect(isComplete(library.getState())).toBe(true);
    expect(library.getState().items).toHaveLength(3);
  });
});

/** Dexie's words when Chromium cannot open the database's files (another process holds LevelDB's lock). */
const backingStore = () =>
  Object.assign(new Error('UnknownError Internal error opening backing store for indexedDB.open.'), {
    name: 'DatabaseClosedError',
    inner: { name: 'UnknownError' },
  });

describe('opening the library at start-up', () => {
  it('opens again, 1 s then 2 s then 4 s later, while the files cannot be opened, and then opens', async () => {
    let calls = 0;
    const fake = {
      ensureFirstRun: async () => {
        if (++calls <= 3) throw backingStore();
        return { sample: false, lost: null };
      },
    };
    const retries: number[] = [];
    const waited: number[] = [];
    await openLibrary(
      fake,
      'en',
      (_err, _attempt, delay) => retries.push(delay),
      async (ms) => void waited.push(ms),
    );
    expect(calls).toBe(4);
    expect(retries).toEqual([1000, 2000, 4000]);
    expect(waited).toEqual(retries);
  });

  it('gives any other failure to the caller at once (it is shown, not retried)', async () => {
    const quota = Object.assign(new Error('Encountered full disk while opening backing store for indexedDB.open.'), { name: 'UnknownError' });
    const retries: number[] = [];
    await expect(
      openLibrary(
        { ensureFirstRun: () => Promise.reject(quota) },
        'en',
        (_e, _a, d) => retries.push(d),
        async () => undefined,
      ),
    ).rejects.toBe(quota);
    expect(retries).toEqual([]);
  });

  it('a failed read shows its error without claiming the library was read (no "0 workshops")', async () => {
    const failing = new WorkshopRepository(db);
    failing.listRecent = () => Promise.reject(backingStore());
    const library = createLibraryStore(failing);
    await library.getState().refresh();
    expect(library.getState()).toMatchObject({ loaded: false, error: { key: 'storage.opening' } });
  });
});
