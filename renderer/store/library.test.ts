import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { WorkshopRepository } from '../db/repository';
import { createSampleWorkshop } from '../../shared/model';
import { createLibraryStore, FIRST_READ, isComplete } from './library';

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
