// A bench-only page script: the app's real Dexie repository in real Chromium IndexedDB.
import { openDatabase } from '../../../renderer/db/database';
import { WorkshopRepository } from '../../../renderer/db/repository';
import type { WorkshopDoc } from '../../../shared/model';

const repo = new WorkshopRepository(openDatabase());

Object.assign(window, {
  async seedWorkshops(template: WorkshopDoc, count: number) {
    await repo.ensureFirstRun('en');
    const docs: WorkshopDoc[] = [];
    for (let i = 0; i < count; i++)
      docs.push({
        ...template,
        id: `bench-${i}`,
        meta: { ...template.meta, title: `${template.meta.title} #${i}` },
        updatedAt: new Date(Date.now() - i * 60_000).toISOString(),
      });
    for (let i = 0; i < docs.length; i += 100) await Promise.all(docs.slice(i, i + 100).map((d) => repo.save(d)));
    return (await repo.listLive()).length;
  },
  async timeSaves(doc: WorkshopDoc, runs: number) {
    const times: number[] = [];
    let current = doc;
    for (let i = 0; i < runs; i++) {
      // One edit: a changed rationale, as typing in the scoring grid would make.
      const scores = current.scores.slice();
      scores[i % scores.length] = { ...scores[i % scores.length], rationale: `edit ${i}` };
      current = { ...current, scores };
      const t0 = performance.now();
      await repo.save(current);
      times.push(performance.now() - t0);
    }
    return times;
  },
});
