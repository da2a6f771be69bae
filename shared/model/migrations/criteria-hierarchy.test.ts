import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { migrate } from '../migrate';
import { SCHEMA_VERSION } from '../schema';
import { criteriaHierarchy } from './criteria-hierarchy';
import { MIGRATIONS } from './index';
import { migrated, sampleAt } from '../../../test/fixtures/migrationStep';

const NOW = '2026-03-01T09:00:00.000Z';
/** The schema version this step reads. */
const FROM = MIGRATIONS.indexOf(criteriaHierarchy) + 1;

describe('migration: criteria hierarchy', () => {
  it('is a step of the chain', () => {
    expect(FROM).toBeGreaterThan(0);
    expect(FROM).toBeLessThan(SCHEMA_VERSION);
  });

  it('leaves an older, flat workshop flat and everything else as it was', () => {
    const old = sampleAt(FROM, 'en', 'w-old', NOW);
    delete old.hierarchy;
    const r = migrated(old);
    expect(r.from).toBe(FROM);
    expect(r.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(r.doc.hierarchy).toEqual([]);
    expect(r.doc.criteria).toEqual(old.criteria);
    expect(r.doc.scores).toEqual(old.scores);
  });

  it('keeps an expanded dimension and refuses one that names no criterion or repeats a focus point', () => {
    const doc = structuredClone(createSampleWorkshop('en', NOW, 'w-new')) as unknown as Record<string, unknown>;
    const node = {
      criterionId: 'mismatch-control',
      leaves: [
        { id: 'fp-1', name: { 'zh-CN': '奖励模型校准', en: 'Reward model calibration' }, weight: 3 },
        { id: 'fp-2', name: { 'zh-CN': '在线反馈闭环', en: 'Online feedback loop' }, weight: 1 },
      ],
    };
    const ok = migrate({ ...doc, hierarchy: [node] });
    if (!ok.ok) throw new Error(JSON.stringify(ok.issues));
    expect(ok.doc.hierarchy).toEqual([node]);
    expect(migrate({ ...doc, hierarchy: [{ ...node, criterionId: 'nowhere' }] }).ok).toBe(false);
    expect(migrate({ ...doc, hierarchy: [node, node] }).ok).toBe(false);
    expect(migrate({ ...doc, hierarchy: [{ ...node, leaves: [node.leaves[0], node.leaves[0]] }] }).ok).toBe(false);
    expect(migrate({ ...doc, hierarchy: [{ ...node, leaves: [node.leaves[0]] }] }).ok).toBe(false);
  });
});
