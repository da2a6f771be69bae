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
    expect(storageProblem(new Error('something else'))).toBe('other');
  });
});
