import { describe, expect, it } from 'vitest';
import type { AdaptationRule } from '../framework';
import { adaptedWeights, conditionHolds, proposals } from './adaptation';
import { createWorkshop } from './create';
import {
  addRule,
  addRuleCondition,
  decideProposal,
  defaultCondition,
  removeRule,
  removeRuleCondition,
  removeRuleEffect,
  setAnswer,
  setRuleCondition,
  setRuleEffect,
  setStartingWeight,
  acceptWeightsProposal,
  keepTeamWeights,
} from './edits';
import { weightsProposal } from './provenance';
import { WorkshopDocSchema, type Answer, type WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';
const fresh = () => createWorkshop({ title: 'Rules', lang: 'en', id: 'w1', now: NOW });
const answer = (doc: WorkshopDoc, answers: Record<string, Answer>) => Object.entries(answers).reduce((d, [q, a]) => setAnswer(d, q, a), doc);
const weight = (doc: WorkshopDoc, id: string) => doc.criteria.find((c) => c.id === id)!.weight;
const ids = (doc: WorkshopDoc) =>
  proposals(doc)
    .map((p) => p.rule.id)
    .sort();

describe('conditions', () => {
  it('eq, in, gte, lte and truthy hold exactly at their boundaries', () => {
    expect(conditionHolds({ question: 'q', op: 'eq', value: 'code' }, 'code')).toBe(true);
    expect(conditionHolds({ question: 'q', op: 'eq', value: 'code' }, 'web')).toBe(false);
    expect(conditionHolds({ question: 'q', op: 'eq', value: 'code' }, ['web', 'code'])).toBe(true);
    expect(conditionHolds({ question: 'q', op: 'in', value: ['none', 'limited'] }, 'limited')).toBe(true);
    expect(conditionHolds({ question: 'q', op: 'in', value: ['none', 'limited'] }, 'solid')).toBe(false);
    expect(conditionHolds({ question: 'q', op: 'gte', value: 30 }, 30)).toBe(true);
    expect(conditionHolds({ question: 'q', op: 'gte', value: 30 }, 29.9)).toBe(false);
    expect(conditionHolds({ question: 'q', op: 'lte', value: 2 }, 2)).toBe(true);
    expect(conditionHolds({ question: 'q', op: 'lte', value: 2 }, 3)).toBe(false);
    expect(conditionHolds({ question: 'q', op: 'truthy' }, true)).toBe(true);
    expect(conditionHolds({ question: 'q', op: 'truthy' }, false)).toBe(false);
    expect(conditionHolds({ question: 'q', op: 'truthy' }, null)).toBe(false);
    expect(conditionHolds({ question: 'q', op: 'truthy' }, undefined)).toBe(false);
  });
});

describe('each §五 condition → its proposals', () => {
  it('an unanswered questionnaire proposes nothing', () => {
    expect(proposals(fresh())).toEqual([]);
  });

  const cases: [string, Record<string, Answer>, string[]][] = [
    ['rapid growth', { growthStage: 'rapid-growth' }, ['growth-stage']],
    ['stable business', { growthStage: 'stable' }, []],
    ['no RL experience', { rlExperience: 'none' }, ['limited-rl-experience']],
    ['limited RL experience', { rlExperience: 'limited' }, ['limited-rl-experience']],
    ['solid RL experience', { rlExperience: 'solid' }, []],
    ['code tasks', { taskType: 'code' }, ['code-tasks']],
    ['web tasks', { taskType: 'web' }, []],
    ['cost-sensitive', { costSensitivity: 'high' }, ['cost-sensitive']],
    ['medium cost sensitivity', { costSensitivity: 'medium' }, []],
    ['online learning', { onlineLearning: true }, ['online-learning']],
    ['no online learning', { onlineLearning: false }, []],
    ['compliance-sensitive data', { complianceSensitive: true }, ['compliance-sensitive']],
    ['30-step rollouts', { rolloutSteps: 30 }, ['long-rollouts']],
    ['29-step rollouts', { rolloutSteps: 29 }, []],
    ['basic monitoring', { monitoringMaturity: 'basic' }, ['limited-ops-staff']],
    ['mature monitoring', { monitoringMaturity: 'mature' }, []],
  ];
  it.each(cases)('%s', (_name, answers, expected) => {
    expect(ids(answer(fresh(), answers))).toEqual(expected);
  });

  it('proposals carry the weight changes and the reason in both languages', () => {
    const [p] = proposals(answer(fresh(), { taskType: 'code' }));
    expect(p.status).toBe('pending');
    expect(p.rule.effects).toEqual([
      { criterionId: 'context-management', delta: 5 },
      { criterionId: 'credit-assignment', delta: 5 },
    ]);
    expect(p.rule.reason['zh-CN']).toContain('上下文管理和信用分配');
    expect(p.rule.reason.en).toContain('context management and credit assignment');
  });

  it('pending proposals do not change any weight', () => {
    const doc = answer(fresh(), { taskType: 'code', growthStage: 'rapid-growth', costSensitivity: 'high' });
    expect(proposals(doc)).toHaveLength(3);
    expect(doc.criteria.map((c) => c.weight)).toEqual(fresh().criteria.map((c) => c.weight));
  });
});

describe('accepting and rejecting', () => {
  it('accepting applies the deltas to the starting weights and records the decision', () => {
    const doc = decideProposal(answer(fresh(), { taskType: 'code' }), 'code-tasks', 'accepted', NOW);
    expect(weight(doc, 'context-management')).toBe(11 + 5);
    expect(weight(doc, 'credit-assignment')).toBe(11 + 5);
    expect(weight(doc, 'mismatch-control')).toBe(12);
    expect(doc.adaptation.decisions).toEqual([{ ruleId: 'code-tasks', status: 'accepted', decidedAt: NOW }]);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('rejecting a proposal restores the weight it had changed', () => {
    const before = answer(fresh(), { taskType: 'code', growthStage: 'rapid-growth' });
    const accepted = decideProposal(decideProposal(before, 'code-tasks', 'accepted', NOW), 'growth-stage', 'accepted', NOW);
    expect(weight(accepted, 'throughput-efficiency')).toBe(17);
    const rejected = decideProposal(accepted, 'code-tasks', 'rejected', NOW);
    expect(weight(rejected, 'context-management')).toBe(11);
    expect(weight(rejected, 'credit-assignment')).toBe(11);
    // The other accepted proposal still counts.
    expect(weight(rejected, 'throughput-efficiency')).toBe(17);
    expect(proposals(rejected).find((p) => p.rule.id === 'code-tasks')!.status).toBe('rejected');
    // Withdrawing the decision (back to pending) leaves the weight where rejecting put it.
    expect(weight(decideProposal(rejected, 'code-tasks', 'pending', NOW), 'context-management')).toBe(11);
  });

  it('a hand-set weight keeps its adjustment when a proposal is accepted and rejected', () => {
    let doc = answer(fresh(), { costSensitivity: 'high' });
    doc = { ...doc, criteria: doc.criteria.map((c) => (c.id === 'cost-structure' ? { ...c, weight: 20 } : c)) }; // moved in the evaluation room
    doc = decideProposal(doc, 'cost-sensitive', 'accepted', NOW);
    expect(weight(doc, 'cost-structure')).toBe(27);
    doc = decideProposal(doc, 'cost-sensitive', 'rejected', NOW);
    expect(weight(doc, 'cost-structure')).toBe(20);
  });

  it('changing an answer so an accepted rule no longer applies keeps the team’s weights and proposes taking its deltas back; answering again withdraws the proposal', () => {
    let doc = decideProposal(answer(fresh(), { taskType: 'code' }), 'code-tasks', 'accepted', NOW);
    const team = doc.criteria.map((c) => c.weight);
    doc = setAnswer(doc, 'taskType', 'web');
    expect(proposals(doc)).toEqual([]);
    expect(doc.criteria.map((c) => c.weight)).toEqual(team);
    const p = weightsProposal(doc)!;
    expect(p.changes).toEqual([{ kind: 'rule-dropped', ruleId: 'code-tasks' }]);
    expect(p.proposed![doc.criteria.findIndex((c) => c.id === 'context-management')]).toBe(11);
    doc = setAnswer(doc, 'taskType', 'code');
    expect(weight(doc, 'context-management')).toBe(16);
    expect(weightsProposal(doc)).toBeNull();
    doc = setAnswer(doc, 'taskType', null);
    expect(weight(doc, 'context-management')).toBe(16);
    expect(weightsProposal(doc)!.proposed![doc.criteria.findIndex((c) => c.id === 'context-management')]).toBe(11);
    expect(doc.needs.answers).not.toHaveProperty('taskType');
  });

  it('editing the delta of an accepted rule proposes moving the weight by the difference; accepting applies it', () => {
    let doc = decideProposal(answer(fresh(), { costSensitivity: 'high' }), 'cost-sensitive', 'accepted', NOW);
    doc = setRuleEffect(doc, 'cost-sensitive', 'cost-structure', 10);
    expect(weight(doc, 'cost-structure')).toBe(18);
    expect(weightsProposal(doc)!.changes).toEqual([{ kind: 'rules-edited' }]);
    doc = acceptWeightsProposal(doc, NOW);
    expect(weight(doc, 'cost-structure')).toBe(21);
    expect(weightsProposal(doc)).toBeNull();
    doc = setRuleEffect(doc, 'cost-sensitive', 'scalability', 2);
    expect(weight(doc, 'scalability')).toBe(11);
    doc = acceptWeightsProposal(doc, NOW);
    expect(weight(doc, 'scalability')).toBe(13);
    doc = acceptWeightsProposal(setRuleEffect(doc, 'cost-sensitive', 'scalability', 0), NOW);
    expect(weight(doc, 'scalability')).toBe(11);
    doc = removeRuleEffect(doc, 'cost-sensitive', 'scalability');
    expect(doc.adaptation.rules.find((r) => r.id === 'cost-sensitive')!.effects).toEqual([{ criterionId: 'cost-structure', delta: 10 }]);
    // The last change of a rule stays: a rule must propose something.
    expect(removeRuleEffect(doc, 'cost-sensitive', 'cost-structure')).toBe(doc);
    doc = removeRuleEffect(setRuleEffect(doc, 'cost-sensitive', 'scalability', 4), 'cost-sensitive', 'scalability');
    expect(weight(doc, 'scalability')).toBe(11);
    expect(weightsProposal(doc)).toBeNull();
  });

  it('changing a starting weight keeps accepted deltas on top', () => {
    let doc = decideProposal(answer(fresh(), { costSensitivity: 'high' }), 'cost-sensitive', 'accepted', NOW);
    doc = setStartingWeight(doc, 'cost-structure', 5);
    expect(doc.adaptation.baseWeights['cost-structure']).toBe(5);
    expect(weight(doc, 'cost-structure')).toBe(12);
    expect(adaptedWeights(doc)['cost-structure']).toBe(12);
  });
});

describe('conflicting proposals', () => {
  const lowerOps: AdaptationRule = {
    id: 'lean-ops-team-wants-control',
    when: [{ question: 'distributedExperience', op: 'eq', value: 'expert' }],
    effects: [{ criterionId: 'operations-complexity', delta: -8 }],
    reason: { 'zh-CN': '团队运维能力强', en: 'Strong operations team' },
  };
  const withRule = (doc: WorkshopDoc) => ({ ...doc, adaptation: { ...doc.adaptation, rules: [...doc.adaptation.rules, lowerOps] } });

  it('deltas on the same criterion add up, whatever the order of acceptance', () => {
    const doc = answer(withRule(fresh()), { rlExperience: 'limited', monitoringMaturity: 'basic', distributedExperience: 'expert' });
    expect(ids(doc)).toEqual(['lean-ops-team-wants-control', 'limited-ops-staff', 'limited-rl-experience']);
    const order1 = ['limited-rl-experience', 'limited-ops-staff', 'lean-ops-team-wants-control'].reduce((d, id) => decideProposal(d, id, 'accepted', NOW), doc);
    const order2 = ['lean-ops-team-wants-control', 'limited-ops-staff', 'limited-rl-experience'].reduce((d, id) => decideProposal(d, id, 'accepted', NOW), doc);
    expect(weight(order1, 'operations-complexity')).toBe(11 + 6 + 3 - 8);
    expect(weight(order2, 'operations-complexity')).toBe(weight(order1, 'operations-complexity'));
    expect(order1.criteria).toEqual(order2.criteria);
  });

  it('a weight never goes below zero, and the clamp is applied to the sum, not step by step', () => {
    const big = { ...lowerOps, effects: [{ criterionId: 'operations-complexity', delta: -30 }] };
    let doc = answer(
      { ...fresh(), adaptation: { ...fresh().adaptation, rules: [...fresh().adaptation.rules, big] } },
      { distributedExperience: 'expert', rlExperience: 'none' },
    );
    doc = decideProposal(doc, big.id, 'accepted', NOW);
    expect(adaptedWeights(doc)['operations-complexity']).toBe(0);
    expect(weight(doc, 'operations-complexity')).toBe(0);
    // +6 on top of 11 − 30 is still below zero as a sum: the weight stays 0 ...
    doc = decideProposal(doc, 'limited-rl-experience', 'accepted', NOW);
    expect(adaptedWeights(doc)['operations-complexity']).toBe(0);
    // ... and rejecting the big cut brings the weight back to base + 6.
    doc = decideProposal(doc, big.id, 'rejected', NOW);
    expect(weight(doc, 'operations-complexity')).toBe(17);
  });
});

describe('the team edits the rules themselves (rules are data)', () => {
  const weightOf = (doc: WorkshopDoc, id: string) => doc.criteria.find((c) => c.id === id)!.weight;

  it('a rule of their own: added, its condition set to a question, it proposes, and accepting it moves the weight', () => {
    let doc = addRule(fresh(), 'team-1');
    const rule = () => doc.adaptation.rules.find((r) => r.id === 'team-1')!;
    expect(rule().when).toEqual([{ question: 'multiStepSuccessFocus', op: 'truthy' }]);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
    doc = setRuleCondition(doc, 'team-1', 0, { question: 'maintenanceStaff', op: 'lte', value: 2 });
    doc = setRuleEffect(doc, 'team-1', 'operations-complexity', 5);
    expect(proposals(doc).some((p) => p.rule.id === 'team-1')).toBe(false);
    doc = answer(doc, { maintenanceStaff: 1 });
    expect(proposals(doc).some((p) => p.rule.id === 'team-1')).toBe(true);
    const before = weightOf(doc, 'operations-complexity');
    doc = decideProposal(doc, 'team-1', 'accepted', NOW);
    expect(weightOf(doc, 'operations-complexity')).toBe(before + 5);
    // Removing an accepted rule forgets the decision; taking its change back out is a proposal.
    doc = removeRule(doc, 'team-1');
    expect(weightOf(doc, 'operations-complexity')).toBe(before + 5);
    expect(weightsProposal(doc)!.changes).toEqual([{ kind: 'rule-dropped', ruleId: 'team-1' }]);
    doc = acceptWeightsProposal(doc, NOW);
    expect(weightOf(doc, 'operations-complexity')).toBe(before);
    expect(doc.adaptation.decisions.some((d) => d.ruleId === 'team-1')).toBe(false);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('a condition that does not fit its question is refused; the comparisons follow the question kind', () => {
    const doc = addRule(fresh(), 'team-1');
    for (const bad of [
      { question: 'growthStage', op: 'eq' as const, value: 'no-such-option' },
      { question: 'growthStage', op: 'gte' as const, value: 3 },
      { question: 'rolloutSteps', op: 'gte' as const, value: 'many' },
      { question: 'rlExperience', op: 'in' as const, value: [] },
      { question: 'no-such-question', op: 'truthy' as const },
    ])
      expect(setRuleCondition(doc, 'team-1', 0, bad)).toBe(doc);
    expect(defaultCondition('growthStage', 'in')).toEqual({ question: 'growthStage', op: 'in', value: [expect.any(String)] });
    expect(defaultCondition('onlineLearning', 'eq')).toEqual({ question: 'onlineLearning', op: 'eq', value: false });
    expect(defaultCondition('rolloutSteps', 'lte')).toEqual({ question: 'rolloutSteps', op: 'lte', value: 1 });
  });

  it('changing an accepted rule’s condition so that it no longer holds proposes taking its change back out; keeping declines it', () => {
    let doc = answer(fresh(), { costSensitivity: 'high' });
    const rule = doc.adaptation.rules.find((r) => r.when[0].question === 'costSensitivity')!;
    const base = weightOf(doc, 'cost-structure');
    doc = decideProposal(doc, rule.id, 'accepted', NOW);
    expect(weightOf(doc, 'cost-structure')).toBe(base + 7);
    doc = setRuleCondition(doc, rule.id, 0, { question: 'costSensitivity', op: 'eq', value: 'low' });
    expect(weightOf(doc, 'cost-structure')).toBe(base + 7);
    expect(weightsProposal(doc)!.proposed![doc.criteria.findIndex((c) => c.id === 'cost-structure')]).toBe(base);
    doc = keepTeamWeights(doc, NOW);
    expect(weightOf(doc, 'cost-structure')).toBe(base + 7);
    expect(weightsProposal(doc)).toBeNull();
    expect(doc.weighting.provenance.kept).toEqual([{ at: NOW, changes: [`rule-dropped:${rule.id}`] }]);
  });

  it('conditions are added (all must hold) and removed, keeping at least one', () => {
    let doc = addRule(fresh(), 'team-1');
    doc = addRuleCondition(doc, 'team-1');
    const when = doc.adaptation.rules.find((r) => r.id === 'team-1')!.when;
    expect(when).toHaveLength(2);
    expect(when[1].question).not.toBe(when[0].question);
    doc = removeRuleCondition(doc, 'team-1', 0);
    expect(doc.adaptation.rules.find((r) => r.id === 'team-1')!.when).toEqual([when[1]]);
    expect(removeRuleCondition(doc, 'team-1', 0)).toBe(doc);
  });
});
