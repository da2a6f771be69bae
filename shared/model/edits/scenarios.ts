import { scoreKey } from '../analysis';
import type { WhatIfScenario, WorkshopDoc } from '../schema';
import { apportion, WEIGHT_UNITS, unitsToPercent } from './weights-edit';
import { hierarchyNode, scoredAtLeaves } from '../hierarchy';

/**
 * Named what-if scenarios: a set of weights (criterion id → percent) and score overrides
 * ("participant|candidate|criterion" → value). Saving, applying and comparing them.
 */

export const MAX_SCENARIOS = 200;

/** Saves a scenario (weights as shares of 100 %, criterion order); the name is trimmed and must not be empty. */
export function addScenario(
  doc: WorkshopDoc,
  input: { id: string; name: string; createdAt: string; weights: readonly number[]; scoreOverrides: Readonly<Record<string, number>> },
): WorkshopDoc {
  const name = input.name.trim().slice(0, 1000);
  if (!name || doc.scenarios.length >= MAX_SCENARIOS || input.weights.length !== doc.criteria.length) return doc;
  const percent = unitsToPercent(apportion(input.weights, WEIGHT_UNITS));
  const scenario: WhatIfScenario = {
    id: input.id,
    name,
    createdAt: input.createdAt,
    weights: Object.fromEntries(doc.criteria.map((c, i) => [c.id, percent[i]])),
    scoreOverrides: validOverrides(doc, input.scoreOverrides),
  };
  return { ...doc, scenarios: [...doc.scenarios, scenario] };
}

export function removeScenario(doc: WorkshopDoc, id: string): WorkshopDoc {
  const scenarios = doc.scenarios.filter((s) => s.id !== id);
  return scenarios.length === doc.scenarios.length ? doc : { ...doc, scenarios };
}

export function renameScenario(doc: WorkshopDoc, id: string, name: string): WorkshopDoc {
  const trimmed = name.trim().slice(0, 1000);
  if (!trimmed) return doc;
  let changed = false;
  const scenarios = doc.scenarios.map((s) => {
    if (s.id !== id || s.name === trimmed) return s;
    changed = true;
    return { ...s, name: trimmed };
  });
  return changed ? { ...doc, scenarios } : doc;
}

/** Overrides that name a known cell and lie on the scale (others are dropped). */
export function validOverrides(doc: WorkshopDoc, overrides: Readonly<Record<string, number>>): Record<string, number> {
  const p = new Set(doc.participants.map((x) => x.id));
  const c = new Set(doc.candidates.map((x) => x.id));
  const k = new Set(doc.criteria.map((x) => x.id));
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(overrides)) {
    const [pid, cid, kid] = key.split('|');
    if (!p.has(pid) || !c.has(cid) || !k.has(kid)) continue;
    if (!Number.isFinite(value) || value < doc.scale.min || value > doc.scale.max) continue;
    out[key] = value;
  }
  return out;
}

/** A scenario's weights in criterion order; a criterion added after the scenario was saved weighs 0 in it. */
export function scenarioWeights(doc: WorkshopDoc, scenario: WhatIfScenario): number[] {
  return doc.criteria.map((c) => scenario.weights[c.id] ?? 0);
}

/** The overrides that set one candidate × criterion cell to `value` for every participant (a group what-if). */
export function groupOverride(doc: WorkshopDoc, candidateId: string, criterionId: string, value: number): Record<string, number> {
  return Object.fromEntries(doc.participants.filter((p) => p.influence > 0).map((p) => [scoreKey(p.id, candidateId, criterionId), value]));
}

/** `overrides` without any override of the cell candidate × criterion. */
export function withoutCell(overrides: Readonly<Record<string, number>>, candidateId: string, criterionId: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, v] of Object.entries(overrides)) {
    const [, cid, kid] = key.split('|');
    if (cid !== candidateId || kid !== criterionId) out[key] = v;
  }
  return out;
}

/**
 * A what-if document: the workshop with the given weights (criterion id → any non-negative
 * number) and score overrides applied, so every analysis of it is the analysis of the
 * scenario. Unknown criteria and cells are ignored; nothing else changes.
 */
export function applyWhatIf(doc: WorkshopDoc, weights?: Readonly<Record<string, number>>, overrides?: Readonly<Record<string, number>>): WorkshopDoc {
  let next = doc;
  if (weights && Object.keys(weights).length > 0) {
    next = {
      ...next,
      criteria: next.criteria.map((c) => (c.id in weights && Number.isFinite(weights[c.id]) ? { ...c, weight: Math.max(0, weights[c.id]) } : c)),
    };
  }
  if (overrides) {
    const valid = validOverrides(next, overrides);
    const keys = Object.keys(valid);
    if (keys.length > 0) {
      const pending = new Map(keys.map((k) => [k, valid[k]]));
      const scores = next.scores.map((s) => {
        const key = scoreKey(s.participantId, s.candidateId, s.criterionId);
        return pending.has(key) ? { ...s, value: pending.get(key)! } : s;
      });
      const present = new Set(next.scores.map((s) => scoreKey(s.participantId, s.candidateId, s.criterionId)));
      for (const [key, value] of pending) {
        if (present.has(key)) continue;
        const [participantId, candidateId, criterionId] = key.split('|');
        scores.push({ participantId, candidateId, criterionId, value, rationale: '' });
      }
      next = { ...next, scores, leafScores: leafOverrides(next, pending) };
    }
  }
  return next;
}

/**
 * A what-if score of a dimension scored at its focus points (hierarchy.ts) sets each of its focus
 * points to that score for that participant and candidate, so the derived value is the score.
 */
function leafOverrides(doc: WorkshopDoc, pending: ReadonlyMap<string, number>): WorkshopDoc['leafScores'] {
  const cells = [...pending].map(([key, value]) => {
    const [participantId, candidateId, criterionId] = key.split('|');
    return { participantId, candidateId, criterionId, value, node: hierarchyNode(doc, criterionId) };
  });
  const hit = cells.filter((c) => scoredAtLeaves(c.node));
  if (hit.length === 0) return doc.leafScores;
  const keys = new Set(hit.map((c) => scoreKey(c.participantId, c.candidateId, c.criterionId)));
  const rationale = new Map(doc.leafScores.map((s) => [`${scoreKey(s.participantId, s.candidateId, s.criterionId)}|${s.leafId}`, s.rationale]));
  return [
    ...doc.leafScores.filter((s) => !keys.has(scoreKey(s.participantId, s.candidateId, s.criterionId))),
    ...hit.flatMap(({ node, value, participantId, candidateId, criterionId }) =>
      node!.leaves.map((l) => ({
        participantId,
        candidateId,
        criterionId,
        leafId: l.id,
        value,
        rationale: rationale.get(`${scoreKey(participantId, candidateId, criterionId)}|${l.id}`) ?? '',
      })),
    ),
  ];
}

/** What one evaluation says about the top: winner, runner-up and the margin between them (0…1 of the value scale). */
export interface Outcome {
  winner: number | null;
  runnerUp: number | null;
  margin: number;
}

export function outcomeOf(totals: readonly number[], ranking: readonly number[]): Outcome {
  if (ranking.length === 0) return { winner: null, runnerUp: null, margin: 0 };
  const winner = ranking[0];
  const runnerUp = ranking.length > 1 ? ranking[1] : null;
  return { winner, runnerUp, margin: runnerUp === null ? 0 : totals[winner] - totals[runnerUp] };
}

export interface ScenarioColumn {
  id: string;
  name: string;
  outcome: Outcome;
  totals: readonly number[];
  ranking: readonly number[];
  /** The winner differs from the first column's (the baseline). */
  winnerChanged: boolean;
  /** Rank (1 = first) of the baseline's winner in this scenario. */
  baselineWinnerRank: number | null;
}

/**
 * Side-by-side comparison: the first entry is the baseline (usually the current weights);
 * every other column says whether its winner differs and where the baseline's winner ends up.
 */
export function compareScenarios(
  entries: ReadonlyArray<{ id: string; name: string; totals: readonly number[]; ranking: readonly number[] }>,
): ScenarioColumn[] {
  const base = entries[0] ? outcomeOf(entries[0].totals, entries[0].ranking) : null;
  return entries.map((e) => {
    const outcome = outcomeOf(e.totals, e.ranking);
    const rank = base?.winner == null ? -1 : e.ranking.indexOf(base.winner);
    return {
      ...e,
      outcome,
      winnerChanged: base !== null && outcome.winner !== base.winner,
      baselineWinnerRank: rank < 0 ? null : rank + 1,
    };
  });
}
