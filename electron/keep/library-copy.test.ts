import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../service/dispatch';
import { createInlineRunner } from '../service/tasks/runner';
import type { Kept } from '../../shared/contract/library';
import { LibraryCopy } from './library-copy';

let dir: string;
let copies: LibraryCopy;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sw-copy-'));
  copies = new LibraryCopy(path.join(dir, 'library-copy'), 10);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const inline = createInlineRunner();
const call = (method: string, payload: unknown, withCopies = true) =>
  dispatch(method, payload, { host: 'test', tasks: inline, checkResponse: true, ...(withCopies ? { copies } : {}) });
const at = (minute: number) => new Date(Date.UTC(2026, 11, 3, 12, minute)).toISOString();
const keep = (workshopId: string, minute: number, doc = `{"id":"${workshopId}","m":${minute}}`) =>
  call('library.keep', { workshopId, updatedAt: at(minute), title: `T ${workshopId}`, doc });

type Listed = { kept: Kept[]; unreadable: string[] };

describe('the library’s safety copy on the Node side', () => {
  it('keeps each workshop’s latest document, lists them newest first, and never lets an older one replace a newer one', async () => {
    expect((await keep('a', 1)).ok).toBe(true);
    expect((await keep('b', 5)).ok).toBe(true);
    expect((await keep('a', 7)).ok).toBe(true);
    const older = await keep('a', 3); // a save that arrives late
    expect(older).toMatchObject({ ok: true, result: { updatedAt: at(7) } });
    const list = await call('library.kept', {});
    expect(list.ok && (list.result as Listed).kept.map((k) => [k.workshopId, k.updatedAt, k.title])).toEqual([
      ['a', at(7), 'T a'],
      ['b', at(5), 'T b'],
    ]);
    expect(await call('library.copyOf', { workshopId: 'a' })).toMatchObject({ ok: true, result: { doc: '{"id":"a","m":7}', updatedAt: at(7) } });
  });

  it('stores an id as a file name that cannot leave its folder or be invalid', async () => {
    for (const id of ['..', '.', 'a:b', '..:..']) expect((await keep(id, 1)).ok).toBe(true);
    const files = readdirSync(path.join(dir, 'library-copy'));
    expect(files).toHaveLength(4);
    for (const f of files) expect(f).toMatch(/^[A-Za-z0-9_-]+\.json$/);
    expect(readdirSync(dir)).toEqual(['library-copy']);
    expect(await call('library.copyOf', { workshopId: '..' })).toMatchObject({ ok: true, result: { doc: '{"id":"..","m":1}' } });
  });

  it('refuses bad requests with a specific error, and a new workshop beyond the limit', async () => {
    const bad = await call('library.keep', { workshopId: '../x', updatedAt: at(1), title: '', doc: '{}' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(JSON.stringify(bad)).toContain('may contain only letters');
    expect(await call('library.keep', { workshopId: 'x', updatedAt: 'yesterday', title: '', doc: '{}' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await call('library.copyOf', { workshopId: 'never' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: 'No copy of workshop "never" is kept.' },
    });
    copies = new LibraryCopy(path.join(dir, 'library-copy'), 3);
    for (const id of ['a', 'b', 'c']) await keep(id, 1);
    expect(await keep('d', 1)).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect((await keep('a', 2)).ok).toBe(true); // an update of a kept one still goes in
    expect(await call('library.kept', {}, false)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });

  it('names a torn or foreign file apart from the list, and drops the copies of workshops deleted for good', async () => {
    await keep('a', 1);
    await keep('b', 2);
    const folder = path.join(dir, 'library-copy');
    writeFileSync(path.join(folder, 'Zm9v.json'), 'not a head line'); // workshop "foo", torn by hand
    writeFileSync(path.join(folder, 'not ours!.json'), '{}'); // a foreign file
    writeFileSync(path.join(folder, 'YQ.json.tmp'), 'half'); // a write cut by a crash: not a copy at all
    const list = await call('library.kept', {});
    expect(list.ok && (list.result as Listed).kept.map((k) => k.workshopId)).toEqual(['b', 'a']);
    expect(list.ok && (list.result as Listed).unreadable.sort()).toEqual(['foo', 'not ours!.json']);
    expect(await call('library.drop', { workshopIds: ['a', 'zzz'] })).toMatchObject({ ok: true, result: { removed: 1 } });
    const after = await call('library.kept', {});
    expect(after.ok && (after.result as Listed).kept.map((k) => k.workshopId)).toEqual(['b']);
  });

  it('serialises concurrent writes of one workshop: the newest stays, whatever the order they finish in', async () => {
    const writes = [5, 2, 9, 1, 7].map((m) => keep('a', m));
    await Promise.all(writes);
    expect(await call('library.copyOf', { workshopId: 'a' })).toMatchObject({ ok: true, result: { updatedAt: at(9) } });
  });
});
