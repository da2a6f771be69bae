import { describe, expect, it } from 'vitest';
import { dispatch } from './dispatch';
import { createInlineRunner } from './tasks/runner';
import { createSampleWorkshop, SCHEMA_VERSION } from '../../shared/model';

const opts = { host: 'test' as const, tasks: createInlineRunner(), checkResponse: true };

describe('contract dispatch', () => {
  it('answers app.info', async () => {
    const res = await dispatch('app.info', {}, opts);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.result).toMatchObject({ name: 'Selection Workshop', host: 'test', schemaVersion: SCHEMA_VERSION });
  });

  it('creates a workshop from the template in the asked language', async () => {
    const res = await dispatch('workshop.create', { title: '选型', lang: 'zh-CN' }, opts);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.result).toMatchObject({ meta: { title: '选型', lang: 'zh-CN' }, schemaVersion: SCHEMA_VERSION });
  });

  it('rejects an unknown method with the typed error', async () => {
    const res = await dispatch('workshop.explode', {}, opts);
    expect(res).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('names the offending field of a bad request', async () => {
    const res = await dispatch('workshop.create', { title: '', lang: 'fr', extra: true }, opts);
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe('invalid_request');
    expect(res.error.issues!.map((i) => i.path)).toEqual(expect.arrayContaining(['title', 'lang', 'extra']));
  });

  it('validates any JSON as a workshop document', async () => {
    const doc = JSON.parse(JSON.stringify(createSampleWorkshop('en')));
    const good = await dispatch('workshop.validate', doc, opts);
    expect(good).toMatchObject({ ok: true, result: { id: doc.id } });
    doc.participants[0].influence = 'lots';
    const bad = await dispatch('workshop.validate', doc, opts);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_document', issues: [{ path: 'participants[0].influence' }] } });
  });

  it('never leaks a stack trace', async () => {
    const res = await dispatch('workshop.validate', null, opts);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(JSON.stringify(res.error)).not.toMatch(/at .*\.ts:\d+/);
  });
});
