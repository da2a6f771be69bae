import { describe, expect, it } from 'vitest';
import { storageProblem } from './errors';

const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('storageProblem', () => {
  it('sorts IndexedDB failures by what the user can do', () => {
    expect(storageProblem(domError('QuotaExceededError', 'The quota has been exceeded.'))).toBe('quota');
    expect(storageProblem({ name: 'AbortError', message: 'aborted', inner: { name: 'QuotaExceededError' } })).toBe('quota');
    expect(storageProblem(domError('VersionError'))).toBe('blocked');
    expect(storageProblem(domError('DatabaseClosedError', 'Database has been closed'))).toBe('blocked');
    expect(storageProblem(domError('MissingAPIError', 'IndexedDB API missing'))).toBe('unavailable');
    expect(storageProblem(domError('InvalidStateError', 'A mutation operation was attempted on a database that did not allow mutations.'))).toBe('unavailable');
    expect(storageProblem({ name: 'DatabaseClosedError', message: 'MissingAPIError IndexedDB API missing.', inner: { name: 'MissingAPIError' } })).toBe(
      'unavailable',
    );
    // A real full disk, in the words Chromium and LevelDB use (not all of them a QuotaExceededError).
    expect(storageProblem({ name: 'UnknownError', message: 'Encountered disk full while committing transaction.' })).toBe('quota');
    expect(
      storageProblem({ name: 'DatabaseClosedError', message: 'QuotaExceededError Encountered full disk while opening backing store for indexedDB.open.' }),
    ).toBe('quota');
    expect(
      storageProblem({
        name: 'BulkError',
        message: 'parts.bulkPut(): 1 of 3 operations failed. Failed to PutOrAdd in database because not enough space for domain',
      }),
    ).toBe('quota');
    expect(storageProblem({ name: 'UnknownError', message: 'IO error: .../000042.log: FILE_ERROR_NO_SPACE (ChromeMethodBFE: 3::Append::8)' })).toBe('quota');
    expect(storageProblem({ name: 'AbortError', message: 'ENOSPC: no space left on device, write' })).toBe('quota');
    // Chromium gave up waiting for the database's files (another process holds LevelDB's lock), as Dexie reports it.
    expect(
      storageProblem({
        name: 'DatabaseClosedError',
        message: 'UnknownError Internal error opening backing store for indexedDB.open.',
        inner: { name: 'UnknownError' },
      }),
    ).toBe('opening');
    expect(storageProblem(new Error('something else'))).toBe('other');
  });
});
