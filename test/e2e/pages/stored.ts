import type { Page } from '@playwright/test';

/** Every row of each of `stores` in the app's IndexedDB database, read in the page, in the order asked. */
export async function storedRows(page: Page, stores: readonly string[]): Promise<unknown[][]> {
  return page.evaluate(async (names) => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('selection-workshop');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((res) => {
        const q = db.transaction(store).objectStore(store).getAll();
        q.onsuccess = () => res(q.result);
      });
    const rows = await Promise.all(names.map(all));
    db.close();
    return rows;
  }, stores);
}

/**
 * The stored workshop whose round history holds at least `minRounds` rounds, read from IndexedDB
 * as the app keeps it: the head row's document and its per-participant score rows (`scores/…`
 * parts), or null when there is none yet. `Doc` and `Score` are what the calling spec reads of them.
 */
export async function storedWorkshop<Doc, Score>(page: Page, minRounds = 0): Promise<{ doc: Doc; scores: Score[] } | null> {
  const [heads, parts] = await storedRows(page, ['workshops', 'parts']);
  const head = (heads as { id: string; doc: { rounds?: unknown[] } }[]).find((h) => Array.isArray(h.doc.rounds) && h.doc.rounds.length >= minRounds);
  if (!head) return null;
  const scores = (parts as { workshopId: string; key: string; value: unknown[] }[])
    .filter((p) => p.workshopId === head.id && p.key.startsWith('scores/'))
    .flatMap((p) => p.value);
  return { doc: head.doc as Doc, scores: scores as Score[] };
}
