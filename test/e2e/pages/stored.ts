import type { Page } from '@playwright/test';

/**
 * The stored workshop whose round history holds at least `minRounds` rounds, read from IndexedDB
 * as the app keeps it: the head row's document and its per-participant score rows (`scores/…`
 * parts), or null when there is none yet. `Doc` and `Score` are what the calling spec reads of them.
 */
export async function storedWorkshop<Doc, Score>(page: Page, minRounds = 0): Promise<{ doc: Doc; scores: Score[] } | null> {
  const found = await page.evaluate(async (min) => {
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
    const [heads, parts] = await Promise.all([all('workshops'), all('parts')]);
    db.close();
    const head = (heads as { id: string; doc: { rounds?: unknown[] } }[]).find((h) => Array.isArray(h.doc.rounds) && h.doc.rounds.length >= min);
    if (!head) return null;
    const scores = (parts as { workshopId: string; key: string; value: unknown[] }[])
      .filter((p) => p.workshopId === head.id && p.key.startsWith('scores/'))
      .flatMap((p) => p.value);
    return { doc: head.doc, scores };
  }, minRounds);
  return found as { doc: Doc; scores: Score[] } | null;
}
