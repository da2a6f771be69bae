import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { SCHEMA_VERSION } from '../schema';
import { leafRationale } from './leaf-rationale';
import { leafScores } from './leaf-scores';
import { MIGRATIONS } from './index';
import { migrated, sampleAt, type RawDoc } from '../../../test/fixtures/migrationStep';

const NOW = '2026-03-01T09:00:00.000Z';
/** The schema version this step reads. */
const FROM = MIGRATIONS.indexOf(leafRationale) + 1;

/** A version-FROM document whose first dimension is scored at two focus points, with two leaf scores (no rationale field). */
function olderDoc(): RawDoc {
  const old = sampleAt(FROM, 'en', 'w-old', NOW);
  const k = old.criteria[0].id;
  old.hierarchy = [
    {
      criterionId: k,
      scoreAt: 'leaves',
      leaves: [
        { id: 'fp-1', name: { 'zh-CN': '奖励模型校准', en: 'Reward model calibration' }, weight: 3 },
        { id: 'fp-2', name: { 'zh-CN': '在线反馈闭环', en: 'Online feedback loop' }, weight: 1 },
      ],
    },
  ];
  const cell = { participantId: old.participants[0].id, candidateId: old.candidates[0].id, criterionId: k };
  old.leafScores = [
    { ...cell, leafId: 'fp-1', value: 7 },
    { ...cell, leafId: 'fp-2', value: null },
  ];
  return old;
}

describe('migration: focus point rationales', () => {
  it('follows the leaf scores step', () => {
    expect(MIGRATIONS[FROM - 2]).toBe(leafScores);
    expect(MIGRATIONS).toContain(leafRationale);
  });

  it('gives every focus point score of an older document an empty rationale and keeps the rest', () => {
    const old = olderDoc();
    const before = structuredClone(old);
    const r = migrated(old);
    expect(r.from).toBe(FROM);
    expect(r.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(r.doc.leafScores).toEqual((old.leafScores as object[]).map((s) => ({ ...s, rationale: '' })));
    expect(r.doc.hierarchy).toEqual(old.hierarchy);
    expect(r.doc.scores).toEqual(old.scores);
    // Pure: the input is not touched.
    expect(old).toEqual(before);
  });

  it('keeps a document without focus point scores as it was', () => {
    const old = sampleAt(FROM, 'zh-CN', 'w-flat', NOW);
    const r = migrated(old);
    expect(r.doc.leafScores).toEqual([]);
  });

  it('refuses a focus point rationale that is not text', () => {
    const doc = olderDoc();
    doc.schemaVersion = SCHEMA_VERSION;
    (doc.leafScores as Array<Record<string, unknown>>)[0].rationale = 42;
    expect(migrate(doc).ok).toBe(false);
  });
});
