import { describe, expect, it } from 'vitest';
import { createSampleWorkshop, createWorkshop } from '../create';
import { proposals } from '../adaptation';
import { WorkshopDocSchema } from '../schema';
import { decideProposal } from './adaptation';
import {
  addCriterion,
  addCriterionListItem,
  removeCriterion,
  removeCriterionListItem,
  renameCriterion,
  setCriterionListItem,
  setStartingWeight,
} from './criteria';

const NOW = '2026-03-01T09:00:00.000Z';
const fresh = () => createWorkshop({ title: 'T', lang: 'en', id: 'w1', now: NOW });

describe('criteria', () => {
  it('adds a custom criterion whose weight is also its base weight', () => {
    const doc = addCriterion(fresh(), { id: 'vendor-lock-in', name: 'Vendor lock-in', weight: 8 });
    expect(doc.criteria.at(-1)).toMatchObject({ id: 'vendor-lock-in', group: 'custom', weight: 8, name: { text: 'Vendor lock-in', default: null } });
    expect(doc.adaptation.baseWeights['vendor-lock-in']).toBe(8);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('renames and edits focus points and high-priority scenarios per language', () => {
    let doc = renameCriterion(fresh(), 'scalability', 'Scale-out');
    doc = setCriterionListItem(doc, 'scalability', 'focusPoints', 0, 'en', 'New task onboarding');
    doc = addCriterionListItem(doc, 'scalability', 'highPriority', 'en', 'Multi-region');
    const c = doc.criteria.find((x) => x.id === 'scalability')!;
    expect(c.name).toEqual({ text: 'Scale-out', default: null, translation: '' });
    expect(c.focusPoints[0]).toEqual({ 'zh-CN': '新任务类型接入', en: 'New task onboarding' });
    expect(c.highPriority.at(-1)).toEqual({ 'zh-CN': '', en: 'Multi-region' });
    doc = removeCriterionListItem(doc, 'scalability', 'focusPoints', 0);
    expect(doc.criteria.find((x) => x.id === 'scalability')!.focusPoints.map((f) => f.en)).toEqual(['Model version upgrades', 'Multi-agent collaboration']);
    expect(setCriterionListItem(doc, 'scalability', 'focusPoints', 99, 'en', 'x')).toBe(doc);
  });

  it('removing a criterion removes its scores and base weight, and rules left without effects', () => {
    let doc = createSampleWorkshop('en', NOW, 'w2');
    doc = decideProposal(doc, 'cost-sensitive', 'accepted', NOW);
    const out = removeCriterion(doc, 'cost-structure');
    expect(out.criteria).toHaveLength(8);
    expect(out.scores.some((s) => s.criterionId === 'cost-structure')).toBe(false);
    expect(out.adaptation.baseWeights).not.toHaveProperty('cost-structure');
    expect(out.adaptation.rules.some((r) => r.id === 'cost-sensitive')).toBe(false);
    expect(out.adaptation.decisions.some((d) => d.ruleId === 'cost-sensitive')).toBe(false);
    expect(WorkshopDocSchema.safeParse(out).success).toBe(true);
    expect(proposals(out).every((p) => p.rule.effects.every((e) => e.criterionId !== 'cost-structure'))).toBe(true);
  });

  it('removes the criterion from AHP judgments (row and column) and the rank order', () => {
    const doc = fresh();
    const ids = ['mismatch-control', 'scalability', 'cost-structure'];
    const withAhp = {
      ...doc,
      weighting: {
        ...doc.weighting,
        method: 'ahp' as const,
        rankOrder: ids,
        ahp: [
          {
            participantId: 'p',
            criteria: ids,
            matrix: [
              [1, 2, 3],
              [0.5, 1, 4],
              [1 / 3, 0.25, 1],
            ],
            pairsTracked: true,
          },
        ],
      },
    };
    const out = removeCriterion(withAhp, 'scalability');
    expect(out.weighting.rankOrder).toEqual(['mismatch-control', 'cost-structure']);
    expect(out.weighting.ahp[0]).toEqual({
      participantId: 'p',
      criteria: ['mismatch-control', 'cost-structure'],
      matrix: [
        [1, 3],
        [1 / 3, 1],
      ],
      pairsTracked: true,
    });
  });

  it('clamps starting weights to the schema range', () => {
    expect(setStartingWeight(fresh(), 'scalability', -5).criteria.find((c) => c.id === 'scalability')!.weight).toBe(0);
  });
});
