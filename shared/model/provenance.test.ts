import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from './create';
import {
  acceptWeightsProposal,
  adoptWeights,
  decideProposal,
  handWeights,
  keepTeamWeights,
  moveInRankOrder,
  rankOrderIds,
  setAhpAggregation,
  setAnswer,
  setInfluence,
  setJudgment,
  setWeightPoints,
  withRankOrder,
} from './edits';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { ahpGroupRequest, ahpUncounted, describeProvenance, weightsProposal } from './provenance';
import { SCHEMA_VERSION, WorkshopDocSchema, type WorkshopDoc } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';
const LATER = '2026-03-01T10:00:00.000Z';
const sample = () => createSampleWorkshop('en', NOW, 'w1');
const weights = (doc: WorkshopDoc) => doc.criteria.map((c) => c.weight);
const weight = (doc: WorkshopDoc, id: string) => doc.criteria.find((c) => c.id === id)!.weight;
/** "Equally important" for the first criterion against each other one: the participant's pairs link all criteria, so they count. */
const linked = (doc: WorkshopDoc, pid: string) => doc.criteria.slice(1).reduce((d, c) => setJudgment(d, pid, d.criteria[0].id, c.id, 1), doc);
/** Shares standing in for the engine's answer (the model only writes them). */
const shares = (doc: WorkshopDoc, lead: number) => doc.criteria.map((_, i) => (i === lead ? 3 : 1));

describe('adopted weights are the team’s', () => {
  it('AHP weights adopted after a rule was accepted: a change of the needs neither rewrites them nor proposes anything (the reproduction)', () => {
    let doc = decideProposal(sample(), 'growth-stage', 'accepted', NOW);
    doc = setJudgment(linked(doc, 'p-lin'), 'p-lin', 'mismatch-control', 'throughput-efficiency', 3);
    doc = adoptWeights(doc, shares(doc, 0), { source: 'ahp' }, NOW);
    const team = weights(doc);
    expect(doc.weighting.provenance).toMatchObject({ source: 'ahp', adoptedAt: NOW, judges: [{ participantId: 'p-lin', influence: 1 }] });
    doc = setAnswer(doc, 'growthStage', 'stable');
    expect(weights(doc)).toEqual(team);
    expect(weightsProposal(doc)).toBeNull();
    // A rule decision does not touch AHP weights either.
    expect(weights(decideProposal(doc, 'code-tasks', 'accepted', NOW))).toEqual(team);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('AHP judgments changed since adoption → a proposal naming whose; accepting writes the engine’s new weights, keeping records the decline', () => {
    let doc = setJudgment(linked(sample(), 'p-lin'), 'p-lin', 'mismatch-control', 'throughput-efficiency', 3);
    doc = adoptWeights(doc, shares(doc, 0), { source: 'ahp' }, NOW);
    const team = weights(doc);
    doc = setJudgment(doc, 'p-lin', 'mismatch-control', 'throughput-efficiency', 5);
    doc = setJudgment(linked(doc, 'p-chen'), 'p-chen', 'scalability', 'cost-structure', 2);
    expect(weights(doc)).toEqual(team);
    const p = weightsProposal(doc)!;
    expect(p.source).toBe('ahp');
    expect(p.proposed).toBeNull();
    expect(p.changes).toEqual([
      { kind: 'judgments', participantId: 'p-lin' },
      { kind: 'judge-added', participantId: 'p-chen' },
    ]);
    // Influence counts too.
    expect(weightsProposal(setInfluence(adoptWeights(doc, shares(doc, 0), { source: 'ahp' }, NOW), 'p-chen', 3))!.changes).toEqual([
      { kind: 'judgments', participantId: 'p-chen' },
    ]);
    const accepted = acceptWeightsProposal(doc, LATER, shares(doc, 1));
    expect(accepted.criteria[1].weight).toBeGreaterThan(accepted.criteria[0].weight);
    expect(accepted.weighting.provenance.judges.map((j) => j.participantId)).toEqual(['p-lin', 'p-chen']);
    expect(weightsProposal(accepted)).toBeNull();
    // Without the engine's weights there is nothing to accept.
    expect(acceptWeightsProposal(doc, LATER)).toBe(doc);
    const kept = keepTeamWeights(doc, LATER);
    expect(weights(kept)).toEqual(team);
    expect(weightsProposal(kept)).toBeNull();
    expect(kept.weighting.provenance.kept).toEqual([{ at: LATER, changes: ['judgments:p-lin', 'judge-added:p-chen'] }]);
  });

  it('only participants whose answered pairs link all criteria are in the group request and credited with adopted AHP weights', () => {
    let doc = linked(sample(), 'p-lin');
    doc = setJudgment(doc, 'p-chen', 'mismatch-control', 'throughput-efficiency', 3);
    expect(ahpGroupRequest(doc, 'en')?.participantIds).toEqual(['p-lin']);
    expect(ahpUncounted(doc)).toEqual(['p-chen']);
    doc = adoptWeights(doc, shares(doc, 0), { source: 'ahp' }, NOW);
    expect(describeProvenance(doc, 'en').judges).toEqual([doc.participants.find((p) => p.id === 'p-lin')!.name]);
    // Once Chen's pairs link all criteria they count: a judge joins the group.
    doc = linked(doc, 'p-chen');
    expect(ahpUncounted(doc)).toEqual([]);
    expect(weightsProposal(doc)!.changes).toEqual([{ kind: 'judge-added', participantId: 'p-chen' }]);
  });

  it('a switch between AIJ and AIP after AHP weights were adopted is a proposal; accepting or keeping records the aggregation now in force', () => {
    let doc = setJudgment(linked(sample(), 'p-lin'), 'p-lin', 'mismatch-control', 'throughput-efficiency', 3);
    doc = setJudgment(linked(doc, 'p-chen'), 'p-chen', 'mismatch-control', 'throughput-efficiency', 1 / 2);
    doc = adoptWeights(doc, shares(doc, 0), { source: 'ahp' }, NOW);
    expect(doc.weighting.provenance.aggregation).toBe('aij');
    const team = weights(doc);
    const switched = setAhpAggregation(doc, 'aip');
    expect(weights(switched)).toEqual(team);
    expect(weightsProposal(switched)).toEqual({ source: 'ahp', changes: [{ kind: 'aggregation', from: 'aij', to: 'aip' }], proposed: null });
    // Switching back: nothing to propose.
    expect(weightsProposal(setAhpAggregation(switched, 'aij'))).toBeNull();
    const accepted = acceptWeightsProposal(switched, LATER, shares(doc, 1));
    expect(accepted.weighting.provenance.aggregation).toBe('aip');
    expect(weightsProposal(accepted)).toBeNull();
    const kept = keepTeamWeights(switched, LATER);
    expect(weights(kept)).toEqual(team);
    expect(weightsProposal(kept)).toBeNull();
    expect(kept.weighting.provenance.kept).toEqual([{ at: LATER, changes: ['aggregation:aip'] }]);
    // Weights adopted before the aggregation was recorded: no switch can be told.
    const unrecorded = structuredClone(switched);
    unrecorded.weighting.provenance.aggregation = '';
    expect(weightsProposal(unrecorded)).toBeNull();
    expect(WorkshopDocSchema.safeParse(accepted).success).toBe(true);
  });

  it('ROC weights: the needs do not touch them; a new rank order is a proposal', () => {
    let doc = decideProposal(sample(), 'growth-stage', 'accepted', NOW);
    const order = rankOrderIds(doc);
    doc = adoptWeights(doc, shares(doc, 0), { source: 'rank', order }, NOW);
    const team = weights(doc);
    doc = setAnswer(doc, 'growthStage', 'stable');
    expect(weights(doc)).toEqual(team);
    expect(weightsProposal(doc)).toBeNull();
    doc = withRankOrder(doc, moveInRankOrder(order, order[1], -1));
    expect(weightsProposal(doc)).toEqual({ source: 'rank', changes: [{ kind: 'order' }], proposed: null });
    const accepted = acceptWeightsProposal(doc, LATER, shares(doc, 1));
    expect(accepted.weighting.provenance.order).toEqual(rankOrderIds(doc));
    expect(weightsProposal(accepted)).toBeNull();
  });

  it('starting weights with rules: hand edits are recorded and survive accepting a proposal; accepting is one edit', () => {
    let doc = decideProposal(sample(), 'growth-stage', 'accepted', NOW);
    doc = handWeights(doc, setWeightPoints(doc, 'cost-structure', 20));
    expect(doc.weighting.provenance.handEdited).toEqual(['cost-structure']);
    expect(doc.weighting.method).toBe('points');
    doc = setAnswer(doc, 'growthStage', 'stable');
    expect(weight(doc, 'throughput-efficiency')).toBe(17);
    const p = weightsProposal(doc)!;
    expect(p.changes).toEqual([{ kind: 'rule-dropped', ruleId: 'growth-stage' }]);
    const accepted = acceptWeightsProposal(doc, LATER);
    expect(weight(accepted, 'throughput-efficiency')).toBe(12);
    expect(weight(accepted, 'scalability')).toBe(11);
    expect(weight(accepted, 'cost-structure')).toBe(20);
    expect(weightsProposal(accepted)).toBeNull();
    expect(describeProvenance(accepted, 'en')).toMatchObject({ source: 'adapted', rules: [], handEdited: ['Cost structure'] });
    expect(describeProvenance(doc, 'en').rules).toEqual([{ id: 'growth-stage', effects: 'Throughput efficiency +5 · Scalability +5' }]);
  });

  it('a rule accepted while another change is pending applies at once and leaves the pending proposal as it was', () => {
    let doc = decideProposal(sample(), 'growth-stage', 'accepted', NOW);
    doc = setAnswer(doc, 'growthStage', 'stable');
    doc = decideProposal(doc, 'code-tasks', 'accepted', NOW);
    expect(weight(doc, 'context-management')).toBe(16);
    expect(weight(doc, 'throughput-efficiency')).toBe(17);
    expect(weightsProposal(doc)!.changes).toEqual([{ kind: 'rule-dropped', ruleId: 'growth-stage' }]);
    expect(weight(acceptWeightsProposal(doc, LATER), 'throughput-efficiency')).toBe(12);
    expect(weight(acceptWeightsProposal(doc, LATER), 'context-management')).toBe(16);
  });
});

describe('migration to weights with provenance', () => {
  /** A schema-1 document as the previous release wrote it: no provenance, a result beside its scenario. */
  function version1(method: 'points' | 'ahp' | 'rank'): Record<string, unknown> {
    const doc = JSON.parse(JSON.stringify(decideProposal(sample(), 'growth-stage', 'accepted', NOW))) as Record<string, unknown>;
    const { provenance: _, ...weighting } = doc.weighting as Record<string, unknown>;
    doc.weighting = { ...weighting, method, rankOrder: ['cost-structure'] };
    doc.simulations = [
      { id: 's1', candidateId: 'self-built', name: 'Run', scenario: { seed: 1 }, result: { any: 'thing' }, ranAt: NOW },
      { id: 's2', candidateId: 'managed', name: 'Not run', scenario: { seed: 2 }, result: null, ranAt: '' },
    ];
    doc.schemaVersion = 1;
    return doc;
  }

  it('is the chain’s step from version 1 and yields a valid document, nothing lost', () => {
    expect(MIGRATIONS.length).toBe(SCHEMA_VERSION - 1);
    const old = version1('points');
    const res = migrate(old);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.from).toBe(1);
    expect(res.doc.weighting.provenance).toMatchObject({ source: 'adapted', rules: ['growth-stage'], basis: {} });
    // A result the simulator's schema no longer reads is kept as text in `legacy` (simulation-typed), not dropped.
    expect(res.doc.simulations[0].result).toBeNull();
    expect(res.doc.simulations[0].legacy).toContain('"any":"thing"');
    // Names change shape in an earlier step of the chain (single-names); the weights are this step's concern.
    const idWeight = (list: { id: string; weight: number }[]) => list.map((c) => [c.id, c.weight]);
    expect(idWeight(res.doc.criteria)).toEqual(idWeight((old as { criteria: { id: string; weight: number }[] }).criteria));
    expect(res.doc.adaptation).toEqual((old as { adaptation: unknown }).adaptation);
    // With nothing recorded, the next upstream change records the basis and proposes instead of rewriting.
    const after = setAnswer(res.doc, 'growthStage', 'stable');
    expect(weights(after)).toEqual(weights(res.doc));
    expect(weightsProposal(after)!.changes).toEqual([{ kind: 'rule-dropped', ruleId: 'growth-stage' }]);
  });

  it('keeps the method as the source (AHP, rank order with its order)', () => {
    const ahp = migrate(version1('ahp'));
    const rank = migrate(version1('rank'));
    expect(ahp.ok && ahp.doc.weighting.provenance.source).toBe('ahp');
    expect(rank.ok && rank.doc.weighting.provenance).toMatchObject({ source: 'rank', order: ['cost-structure'] });
  });
});
