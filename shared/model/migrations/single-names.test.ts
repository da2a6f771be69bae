import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { candidateName, criterionName, isDefaultName, nameTranslation, simulationName } from '../names';
import { ensureSimulation } from '../simulation';
import { MIGRATIONS } from './index';
import { singleNames } from './single-names';
import { migrated } from '../../../test/fixtures/migrationStep';

const NOW = '2026-03-01T09:00:00.000Z';
/** The schema version this step reads. */
const FROM = MIGRATIONS.indexOf(singleNames) + 1;

/** A document as the previous schema wrote it: a name per language, no colour slot, a simulation title string. */
function olderDocument(lang: 'zh-CN' | 'en', names: Record<string, { 'zh-CN': string; en: string }>, simName: string) {
  const doc = structuredClone(ensureSimulation(createSampleWorkshop(lang, NOW, 'w-old'), 'hybrid', 'sim-1')) as unknown as Record<string, unknown>;
  const old = (list: unknown) =>
    (list as { id: string; name: { default: { 'zh-CN': string; en: string } }; colour?: number }[]).map((x) => {
      const { colour: _colour, ...rest } = x;
      return { ...rest, name: names[x.id] ?? { ...x.name.default } };
    });
  doc.candidates = old(doc.candidates);
  doc.criteria = old(doc.criteria);
  doc.simulations = (doc.simulations as Record<string, unknown>[]).map((s) => ({ ...s, name: simName }));
  doc.schemaVersion = FROM;
  return doc;
}

describe('migration: single names', () => {
  it('is in the chain', () => {
    expect(FROM).toBeGreaterThan(0);
  });

  it('keeps untouched template names as defaults and every typed name, in any language, as the one name', () => {
    const old = olderDocument(
      'zh-CN',
      {
        hybrid: { 'zh-CN': '混合架构', en: 'Hybrid (our DCs + burst)' }, // typed in en only
        managed: { 'zh-CN': '托管平台甲', en: 'Managed cloud training platform' }, // typed in zh only
        'self-built': { 'zh-CN': '自建集群', en: 'Own cluster' }, // typed in both: zh (workshop language) is the name
        scalability: { 'zh-CN': '', en: 'Scale-out' }, // a custom-renamed template dimension, one side empty
      },
      '成本与吞吐场景',
    );
    const r = migrated(old);
    const doc = r.doc;
    for (const lang of ['zh-CN', 'en'] as const) {
      expect(candidateName(doc, 'hybrid', lang)).toBe('Hybrid (our DCs + burst)');
      expect(candidateName(doc, 'managed', lang)).toBe('托管平台甲');
      expect(candidateName(doc, 'self-built', lang)).toBe('自建集群');
      expect(criterionName(doc, 'scalability', lang)).toBe('Scale-out');
    }
    expect(nameTranslation(doc.candidates.find((c) => c.id === 'self-built')!.name)).toBe('Own cluster');
    // Untouched: still a default, read in each language.
    expect(isDefaultName(doc.criteria.find((c) => c.id === 'cost-structure')!.name)).toBe(true);
    expect(criterionName(doc, 'cost-structure', 'en')).toBe('Cost structure');
    expect(criterionName(doc, 'cost-structure', 'zh-CN')).toBe('成本结构');
    // The generated simulation title is a default; colour slots follow the old order.
    expect(simulationName(doc, doc.simulations[0], 'en')).toBe('Cost and throughput scenario');
    expect(doc.candidates.map((c) => c.colour)).toEqual([0, 1, 2]);
    // Nothing else lost.
    expect(doc.scores).toHaveLength((old.scores as unknown[]).length);
  });

  it('an English workshop typed in both languages keeps the English name and the Chinese as translation', () => {
    const r = migrated(olderDocument('en', { hybrid: { 'zh-CN': '我们的混合', en: 'Our hybrid' } }, 'Weekly run'));
    const hybrid = r.doc.candidates.find((c) => c.id === 'hybrid')!;
    expect(hybrid.name).toEqual({ text: 'Our hybrid', default: null, translation: '我们的混合' });
    expect(simulationName(r.doc, r.doc.simulations[0], 'zh-CN')).toBe('Weekly run');
  });

  it('a custom entity with no name at all stays unnamed (shown as a placeholder), still valid', () => {
    const old = olderDocument('en', {}, '');
    (old.candidates as Record<string, unknown>[]).push({
      id: 'blank',
      name: { 'zh-CN': '', en: '' },
      kind: 'custom',
      description: { 'zh-CN': '', en: '' },
      notes: '',
    });
    const r = migrated(old);
    expect(candidateName(r.doc, 'blank', 'en')).toBe('Candidate 4');
    expect(candidateName(r.doc, 'blank', 'zh-CN')).toBe('候选方案 4');
    expect(r.doc.candidates.at(-1)!.colour).toBe(3);
  });
});
