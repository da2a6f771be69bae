import { describe, expect, it } from 'vitest';
import { createWorkshop } from './create';
import { addCandidate, removeCandidate, renameCandidate, translateCandidateName } from './edits/candidates';
import { addCriterion, renameCriterion } from './edits/criteria';
import { candidateName, criterionName, displayName, isDefaultName, nameTranslation, simulationName } from './names';
import { WorkshopDocSchema } from './schema';
import { ensureSimulation } from './simulation';

const NOW = '2026-03-01T09:00:00.000Z';
const fresh = (lang: 'zh-CN' | 'en' = 'zh-CN') => createWorkshop({ title: 'T', lang, id: 'w1', now: NOW });

describe('one name per candidate and dimension', () => {
  it('a template name is a default, shown in the language it is read in', () => {
    const doc = fresh();
    expect(isDefaultName(doc.candidates[2].name)).toBe(true);
    expect(candidateName(doc, 'hybrid', 'zh-CN')).toBe('混合架构');
    expect(candidateName(doc, 'hybrid', 'en')).toBe('Hybrid architecture');
  });

  it('a candidate created in one UI language has the same name in the other', () => {
    const doc = addCandidate(fresh(), { id: 'c-own', name: '自研 veRL 集群' });
    expect(candidateName(doc, 'c-own', 'zh-CN')).toBe('自研 veRL 集群');
    expect(candidateName(doc, 'c-own', 'en')).toBe('自研 veRL 集群');
  });

  it('renaming in one language renames in every language; the default stops applying', () => {
    const doc = renameCandidate(fresh('en'), 'hybrid', 'Hybrid (our DCs + burst)');
    expect(candidateName(doc, 'hybrid', 'en')).toBe('Hybrid (our DCs + burst)');
    expect(candidateName(doc, 'hybrid', 'zh-CN')).toBe('Hybrid (our DCs + burst)');
    expect(isDefaultName(doc.candidates[2].name)).toBe(false);
    const crit = renameCriterion(doc, 'scalability', '横向扩展');
    expect(criterionName(crit, 'scalability', 'en')).toBe('横向扩展');
    expect(WorkshopDocSchema.safeParse(crit).success).toBe(true);
  });

  it('an empty name is refused by the model (the same document comes back)', () => {
    const doc = fresh();
    expect(renameCandidate(doc, 'hybrid', '   ')).toBe(doc);
    expect(renameCriterion(doc, 'scalability', '')).toBe(doc);
  });

  it('a translation is kept beside a typed name and never replaces it', () => {
    let doc = translateCandidateName(fresh(), 'hybrid', 'Hybrid');
    expect(doc.candidates[2].name.translation).toBe(''); // a default has no translation
    doc = renameCandidate(doc, 'hybrid', '混合（自有机房＋弹性）');
    doc = translateCandidateName(doc, 'hybrid', 'Hybrid (own DC + burst)');
    expect(candidateName(doc, 'hybrid', 'en')).toBe('混合（自有机房＋弹性）');
    expect(nameTranslation(doc.candidates[2].name)).toBe('Hybrid (own DC + burst)');
  });

  it('a new entity without a typed name gets a bilingual app default', () => {
    let doc = addCandidate(fresh(), { id: 'c-new', name: '' });
    doc = addCriterion(doc, { id: 'k-new', name: ' ', weight: 5 });
    expect(candidateName(doc, 'c-new', 'zh-CN')).toBe('新候选方案');
    expect(candidateName(doc, 'c-new', 'en')).toBe('New candidate');
    expect(criterionName(doc, 'k-new', 'en')).toBe('New criterion');
  });

  it("a simulation's generated title is a default in the reader's language", () => {
    const doc = ensureSimulation(fresh('zh-CN'), 'hybrid', 's1');
    expect(simulationName(doc, doc.simulations[0], 'en')).toBe('Cost and throughput scenario');
    expect(simulationName(doc, doc.simulations[0], 'zh-CN')).toBe('成本与吞吐场景');
  });

  it('an entity without any name reads as a numbered placeholder, never blank or its id', () => {
    const doc = fresh();
    const blank = { ...doc.candidates[2], name: { text: '', default: null, translation: '' } };
    expect(displayName(blank, 'en', 'candidate', 2)).toBe('Candidate 3');
    expect(displayName(blank, 'zh-CN', 'candidate', 2)).toBe('候选方案 3');
    const unnamed = { ...doc, criteria: doc.criteria.map((c, i) => (i === 0 ? { ...c, name: { text: ' ', default: null, translation: '' } } : c)) };
    expect(criterionName(unnamed, doc.criteria[0].id, 'en')).toBe('Criterion 1');
  });
});

describe('colour slots follow identity', () => {
  it('each candidate keeps its slot; a deletion recolours no one; a new one takes a free slot', () => {
    let doc = fresh();
    expect(doc.candidates.map((c) => c.colour)).toEqual([0, 1, 2]);
    doc = addCandidate(doc, { id: 'd', name: 'D' });
    doc = removeCandidate(doc, 'managed');
    expect(Object.fromEntries(doc.candidates.map((c) => [c.id, c.colour]))).toEqual({ 'self-built': 0, hybrid: 2, d: 3 });
    doc = addCandidate(doc, { id: 'e', name: 'E' });
    expect(doc.candidates.find((c) => c.id === 'e')!.colour).toBe(1);
    expect(new Set(doc.candidates.map((c) => c.colour)).size).toBe(doc.candidates.length);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('a document with two candidates on one slot is refused', () => {
    const doc = fresh();
    const twin = { ...doc, candidates: doc.candidates.map((c) => ({ ...c, colour: 0 })) };
    expect(WorkshopDocSchema.safeParse(twin).success).toBe(false);
  });
});
