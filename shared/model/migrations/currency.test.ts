import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { templateDoc } from '../template';
import { SCHEMA_VERSION } from '../version';
import { currency } from './currency';
import { MIGRATIONS } from './index';

/** A document of the version before this migration, built by hand from a current one. */
function older(lang: 'zh-CN' | 'en', answers: Record<string, unknown>) {
  const doc = structuredClone(templateDoc({ title: 'W', lang, id: 'w1', now: '2026-01-01T00:00:00.000Z' })) as unknown as Record<string, unknown>;
  delete doc.currency;
  doc.needs = { answers, notes: '' };
  doc.schemaVersion = SCHEMA_VERSION - (MIGRATIONS.length - MIGRATIONS.indexOf(currency));
  return doc;
}

describe('migration: currency', () => {
  it('gives a zh-CN workshop yuan and keeps its 元/月 budget in yuan', () => {
    const doc = older('zh-CN', { budget: 300_000, costSensitivity: 'high' });
    const out = currency.up(doc);
    expect(out.currency).toEqual({ code: 'CNY', cnyPerUsd: 7.1 });
    expect((out.needs as { answers: Record<string, unknown> }).answers).toEqual({ budget: 300_000, costSensitivity: 'high', budgetCurrency: 'CNY' });
  });

  it('gives an en workshop dollars, leaves an unanswered budget alone, and the migrated file is valid', () => {
    const doc = older('en', { costSensitivity: 'low' });
    const res = migrate(doc);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(res.doc.currency).toEqual({ code: 'USD', cnyPerUsd: 7.1 });
    expect(res.doc.needs.answers).toEqual({ costSensitivity: 'low' });
    expect(res.doc.candidates).toHaveLength((doc.candidates as unknown[]).length);
  });

  it('keeps a currency already present', () => {
    const doc = { ...older('en', { budget: 5 }), currency: { code: 'CNY', cnyPerUsd: 7.3 } };
    expect(currency.up(doc).currency).toEqual({ code: 'CNY', cnyPerUsd: 7.3 });
  });
});
