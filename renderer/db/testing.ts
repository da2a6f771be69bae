import 'fake-indexeddb/auto';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type WorkshopDatabase } from './database';
import { WorkshopRepository } from './repository';

/**
 * For tests: a fresh IndexedDB database (fake-indexeddb) and repository before each test, named
 * `<prefix>-<n>`, handed to `use`; closed and deleted after the test.
 */
export function freshRepositoryEachTest(prefix: string, use: (db: WorkshopDatabase, repo: WorkshopRepository) => void) {
  let n = 0;
  let db: WorkshopDatabase | undefined;
  beforeEach(() => {
    db = openDatabase(`${prefix}-${++n}`);
    use(db, new WorkshopRepository(db));
  });
  afterEach(async () => {
    db?.close();
    await db?.delete();
  });
}
