import type { WorkshopDoc } from './schema';

/**
 * What removing a candidate, a criterion (dimension) or a participant takes with it — the
 * same things `removeCandidate`, `removeCriterion` and `removeParticipant` (edits/) delete,
 * counted beforehand so the confirmation can name them ("36 scores, 2 simulations"). A
 * removal that takes nothing the team entered needs no confirmation (`isEmptyImpact`).
 */
export type RemovalTarget = { kind: 'candidate' | 'criterion' | 'participant'; id: string };

export interface RemovalImpact {
  /** Score entries and focus point scores with a value or a rationale. */
  scores: number;
  /** AHP pairwise judgments (pairs set to anything but "equal"), with a participant's judgments of focus points. */
  judgments: number;
  /** Pairwise comparisons of candidates (AHP ratings) answered: the participant's, the dimension's, or those involving the candidate. */
  ratings: number;
  /** Cost simulations (candidate). */
  simulations: number;
  /** Of those, the ones with a full result attached (or kept from an older version). */
  results: number;
  /** Validation plan items the team filled in (title, owner, due date, status or result; candidate). */
  validation: number;
  /** Imported pilot metric series (candidate). */
  metrics: number;
  /** What-if score overrides in saved scenarios. */
  overrides: number;
  /** Adaptation rules left without effect, hence removed (criterion). */
  rules: number;
  /** The recorded decision is for this candidate. */
  decision: boolean;
}

/** Answered pairs of a judgment: not null; in a judgment recorded before pairs were tracked, "equal" cannot be told from unanswered, so only a judgment other than 1 counts. */
const judgedPairs = (j: { matrix: (number | null)[][]; pairsTracked: boolean }, only?: number) => {
  let n = 0;
  const { matrix } = j;
  for (let a = 0; a < matrix.length; a++)
    for (let b = a + 1; b < matrix.length; b++) {
      const v = matrix[a][b];
      if ((only === undefined || a === only || b === only) && v !== null && (j.pairsTracked || Math.abs(v - 1) > 1e-12)) n++;
    }
  return n;
};

/** Pairs a participant judged under the hierarchy's nodes (their own focus-point matrices). */
const nodeJudgedPairs = (doc: WorkshopDoc, participantId: string) =>
  doc.hierarchy.reduce(
    (n, node) =>
      n + (node.judgments ?? []).reduce((m, j) => m + (j.participantId === participantId ? judgedPairs({ matrix: j.matrix, pairsTracked: true }) : 0), 0),
    0,
  );

export function removalImpact(doc: WorkshopDoc, target: RemovalTarget): RemovalImpact {
  const { kind, id } = target;
  const key = kind === 'participant' ? 0 : kind === 'candidate' ? 1 : 2;
  const hits = (s: { participantId: string; candidateId: string; criterionId: string }) =>
    (kind === 'participant' ? s.participantId : kind === 'candidate' ? s.candidateId : s.criterionId) === id;
  const sims = kind === 'candidate' ? doc.simulations.filter((s) => s.candidateId === id) : [];
  return {
    scores:
      doc.scores.filter((s) => hits(s) && (s.value !== null || s.rationale.trim() !== '')).length +
      doc.leafScores.filter((s) => hits(s) && (s.value !== null || s.rationale.trim() !== '')).length,
    judgments:
      (kind === 'participant' ? nodeJudgedPairs(doc, id) : 0) +
      doc.weighting.ahp.reduce((n, j) => {
        if (kind === 'participant') return n + (j.participantId === id ? judgedPairs(j) : 0);
        if (kind === 'criterion') {
          const k = j.criteria.indexOf(id);
          return n + (k < 0 ? 0 : judgedPairs(j, k));
        }
        return n;
      }, 0),
    ratings: doc.ratings.reduce((n, r) => {
      const tracked = { matrix: r.matrix, pairsTracked: true };
      if (kind === 'participant') return n + (r.participantId === id ? judgedPairs(tracked) : 0);
      if (kind === 'criterion') return n + (r.criterionId === id ? judgedPairs(tracked) : 0);
      const k = r.candidates.indexOf(id);
      return n + (k < 0 ? 0 : judgedPairs(tracked, k));
    }, 0),
    simulations: sims.length,
    results: sims.filter((s) => s.result !== null || /"result"/.test(s.legacy)).length,
    validation:
      kind === 'candidate'
        ? doc.validation.filter((v) => v.candidateId === id && (v.title !== '' || v.owner !== '' || v.due !== '' || v.result !== '' || v.status !== 'todo'))
            .length
        : 0,
    metrics: kind === 'candidate' ? doc.metrics.series.filter((s) => s.candidateId === id).length : 0,
    overrides: doc.scenarios.reduce((n, s) => n + Object.keys(s.scoreOverrides).filter((k) => k.split('|')[key] === id).length, 0),
    rules: kind === 'criterion' ? doc.adaptation.rules.filter((r) => r.effects.length > 0 && r.effects.every((e) => e.criterionId === id)).length : 0,
    decision: kind === 'candidate' && doc.decision.candidateId === id,
  };
}

/** The parts of an impact to name, in the order a confirmation lists them (zero counts left out). */
export const IMPACT_PARTS = ['scores', 'judgments', 'ratings', 'simulations', 'results', 'validation', 'metrics', 'overrides', 'rules'] as const;
export type ImpactPart = (typeof IMPACT_PARTS)[number];

export function impactParts(impact: RemovalImpact): Array<{ part: ImpactPart; count: number }> {
  return IMPACT_PARTS.filter((p) => impact[p] > 0).map((part) => ({ part, count: impact[part] }));
}

/** Nothing the team entered goes with it: remove without asking (one undo step still brings it back). */
export function isEmptyImpact(impact: RemovalImpact): boolean {
  return impactParts(impact).length === 0 && !impact.decision;
}
