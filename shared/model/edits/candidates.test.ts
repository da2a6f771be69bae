import { describe, expect, it } from 'vitest';
import { createSampleWorkshop, createWorkshop } from '../create';
import { WorkshopDocSchema } from '../schema';
import { addCandidate, describeCandidate, removeCandidate, renameCandidate, setCandidateKind } from './candidates';
import { importMetrics } from './metrics';
import { updateDecision } from './iteration';
import { displayName } from '../names';

const NOW = '2026-03-01T09:00:00.000Z';
const fresh = () => createWorkshop({ title: 'T', lang: 'zh-CN', id: 'w1', now: NOW });

describe('candidates', () => {
  it('adds a candidate with its validation plan, under the one name the team typed', () => {
    const doc = addCandidate(fresh(), { id: 'verl', name: ' veRL on own H100s ', kind: 'self-built' });
    const c = doc.candidates.at(-1)!;
    expect(c).toMatchObject({ id: 'verl', kind: 'self-built', name: { text: 'veRL on own H100s', default: null } });
    expect(displayName(c, 'zh-CN', 'candidate', 3)).toBe('veRL on own H100s');
    expect(displayName(c, 'en', 'candidate', 3)).toBe('veRL on own H100s');
    expect(doc.validation.filter((v) => v.candidateId === 'verl').map((v) => v.methodId)).toEqual([
      'benchmark',
      'throughput-stress',
      'mismatch-experiment',
      'credit-ablation',
      'cost-simulation',
    ]);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
    expect(addCandidate(doc, { id: 'verl', name: 'again' })).toBe(doc);
  });

  it('a rename is the name in every language (the template default stops applying); descriptions stay per language', () => {
    let doc = renameCandidate(fresh(), 'managed', 'Cloud RL platform');
    doc = describeCandidate(doc, 'managed', 'en', 'Vendor X');
    const c = doc.candidates.find((x) => x.id === 'managed')!;
    expect(c.name).toEqual({ text: 'Cloud RL platform', default: null, translation: '' });
    expect(displayName(c, 'zh-CN', 'candidate', 1)).toBe('Cloud RL platform');
    expect(c.description.en).toBe('Vendor X');
    expect(c.description['zh-CN']).toContain('弹性算力');
    expect(setCandidateKind(doc, 'managed', 'hybrid').candidates.find((x) => x.id === 'managed')!.kind).toBe('hybrid');
  });

  it('edits that change nothing return the same document (no empty undo step)', () => {
    const doc = fresh();
    const named = renameCandidate(doc, 'managed', 'Ours');
    expect(renameCandidate(named, 'managed', ' Ours ')).toBe(named);
    expect(renameCandidate(doc, 'nope', 'x')).toBe(doc);
    expect(setCandidateKind(doc, 'managed', 'managed')).toBe(doc);
  });

  it('removing a candidate removes its scores, plan and metrics and clears a decision for it', () => {
    let doc = createSampleWorkshop('en', NOW, 'w2');
    doc = importMetrics(doc, [{ candidateId: 'managed', metric: 'reward', bucket: '', points: [[1, 0.1]] }], { file: 'a.csv', importedAt: NOW, rows: 1 });
    doc = updateDecision(doc, { candidateId: 'managed' });
    const out = removeCandidate(doc, 'managed');
    expect(out.candidates.map((c) => c.id)).toEqual(['self-built', 'hybrid']);
    expect(out.scores.some((s) => s.candidateId === 'managed')).toBe(false);
    expect(out.scores.length).toBe(doc.scores.length * (2 / 3));
    expect(out.validation.some((v) => v.candidateId === 'managed')).toBe(false);
    expect(out.metrics.series).toEqual([]);
    expect(out.decision.candidateId).toBeNull();
    expect(WorkshopDocSchema.safeParse(out).success).toBe(true);
    // The original is untouched: undo is just the previous document.
    expect(doc.candidates).toHaveLength(3);
  });
});
