import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../schema';
import { leafScores } from './leaf-scores';
import { MIGRATIONS } from './index';
import { migrated, sampleAt } from '../../../test/fixtures/migrationStep';

const NOW = '2026-03-01T09:00:00.000Z';
/** The schema version this step reads. */
const FROM = MIGRATIONS.indexOf(leafScores) + 1;

const node = {
  criterionId: 'mismatch-control',
  leaves: [
    { id: 'fp-1', name: { 'zh-CN': '奖励模型校准', en: 'Reward model calibration' }, weight: 3 },
    { id: 'fp-2', name: { 'zh-CN': '在线反馈闭环', en: 'Online feedback loop' }, weight: 1 },
  ],
};

describe('migration: leaf scores', () => {
  it('is a step of the chain', () => {
    expect(FROM).toBeGreaterThan(0);
    expect(FROM).toBeLessThan(SCHEMA_VERSION);
  });

  it('scores every expanded dimension of an older document at the dimension, with no leaf scores, and keeps the rest', () => {
    const old = sampleAt(FROM, 'en', 'w-old', NOW);
    delete old.leafScores;
    old.hierarchy = [node];
    const before = structuredClone(old);
    const r = migrated(old);
    expect(r.from).toBe(FROM);
    expect(r.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(r.doc.hierarchy).toEqual([{ ...node, scoreAt: 'dimension' }]);
    expect(r.doc.leafScores).toEqual([]);
    expect(r.doc.scores).toEqual(old.scores);
    expect(r.doc.criteria).toEqual(old.criteria);
    // Pure: the input is not touched.
    expect(old).toEqual(before);
  });

  it('keeps a flat older document flat', () => {
    const old = sampleAt(FROM, 'zh-CN', 'w-flat', NOW);
    delete old.leafScores;
    const r = migrated(old);
    expect(r.doc.hierarchy).toEqual([]);
    expect(r.doc.leafScores).toEqual([]);
  });
});
