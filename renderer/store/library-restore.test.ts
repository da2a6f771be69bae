import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractError } from '../../shared/contract/errors';
import { openDatabase } from '../db/database';
import { WorkshopRepository, type LostLibrary } from '../db/repository';

// The safety copy's calls to the Node side, as the test needs them to answer.
const answers = vi.hoisted(() => ({ kept: [] as Array<() => unknown> }));
vi.mock('../api/copy-call', () => ({
  copyCall: async (method: string) => {
    if (method !== 'library.kept') throw new Error(`unexpected call ${method}`);
    return answers.kept.shift()!();
  },
}));
const { createLibraryStore } = await import('./library');

const repo = new WorkshopRepository(openDatabase('library-restore-test'));
const lost: LostLibrary = { identity: 'lib-1', since: '2026-01-01T00:00:00.000Z', noticedAt: '2026-12-01T09:00:00.000Z' };
const one = { kept: [{ workshopId: 'w1', title: 'W1', keptAt: '2026-12-01T08:00:00.000Z', updatedAt: '2026-12-01T08:00:00.000Z' }], unreadable: [] };

describe("restoring a lost library when the safety copy's reader fails", () => {
  beforeEach(() => (answers.kept = []));

  it("says the safety copy could not be read (not the browser's storage), and reads it again on request", async () => {
    const library = createLibraryStore(repo);
    answers.kept.push(() => one);
    await library.getState().showLost(lost);
    expect(library.getState().copy).toMatchObject({ count: 1 });
    // The Node side goes away between the notice and the click.
    answers.kept.push(() => {
      throw new ContractError('internal', 'the safety copy folder is not readable');
    });
    await library.getState().restoreCopy();
    expect(library.getState().copy).toEqual({ failed: 'the safety copy folder is not readable' });
    expect(library.getState().error).toBeNull();
    expect(library.getState().lost).toEqual(lost);
    // "Read the safety copy again" asks again and offers the restore once more.
    answers.kept.push(() => one);
    await library.getState().showLost(lost);
    expect(library.getState().copy).toMatchObject({ count: 1 });
  });

  it('a host that keeps no copy is told as such', async () => {
    const library = createLibraryStore(repo);
    answers.kept.push(() => {
      throw new ContractError('unavailable', 'no safety copy on this host');
    });
    await library.getState().showLost(lost);
    expect(library.getState().copy).toBe('unavailable');
  });
});
