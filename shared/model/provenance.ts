import type { Lang } from '../framework';
import { adaptedWeights, proposals } from './adaptation';
import { connectingPair, hasJudgments, judgmentMatrix } from './edits/ahp-edit';
import { displayName } from './names';
import type { WeightProvenance, WorkshopDoc } from './schema';

/**
 * The weights in force (`criteria[].weight`) are the team's. `weighting.provenance` records
 * where they came from: the starting weights with the accepted adaptation rules, the group
 * AHP of some participants, rank-order (ROC) weights of an order, or a saved scenario — and
 * which criteria were set by hand since.
 *
 * A change upstream of that source (needs answers and rule definitions → adaptation rules;
 * AHP judgments and influence; the rank order) never rewrites them. When the source would now
 * give other weights, `weightsProposal` says so, with what changed; the team accepts the new
 * weights or keeps its own (edits in edits/weights-edit.ts), either one undo step.
 */

/** What changed upstream since the weights were adopted (or last reconciled). */
export type WeightChange =
  | { kind: 'rule-dropped'; ruleId: string }
  | { kind: 'rule-added'; ruleId: string }
  | { kind: 'rules-edited' }
  | { kind: 'judgments'; participantId: string }
  | { kind: 'judge-added'; participantId: string }
  | { kind: 'judge-removed'; participantId: string }
  /** The group AHP now aggregates the other way (judgments AIJ ↔ priorities AIP) than when adopted. */
  | { kind: 'aggregation'; from: 'aij' | 'aip'; to: 'aij' | 'aip' }
  | { kind: 'order' };

export interface WeightsProposal {
  source: WeightProvenance['source'];
  changes: WeightChange[];
  /**
   * The new weights (points, criterion order) when the model can give them (starting weights
   * + rules); null for AHP and ROC, whose weights the engine computes from `ahpJudges` or
   * `rankOrderIds` (the room asks it and passes the shares to `acceptWeightsProposal`).
   */
  proposed: number[] | null;
}

/** A change as a short code, for the document's record of declined proposals ("rule-dropped:growth-stage"). */
export function changeCode(c: WeightChange): string {
  if (c.kind === 'aggregation') return `${c.kind}:${c.to}`;
  return 'ruleId' in c ? `${c.kind}:${c.ruleId}` : 'participantId' in c ? `${c.kind}:${c.participantId}` : c.kind;
}

/** The accepted rules that hold for the current answers (they count in the adapted weights), sorted. */
export function countedRules(doc: WorkshopDoc): string[] {
  return proposals(doc)
    .filter((p) => p.status === 'accepted')
    .map((p) => p.rule.id)
    .sort();
}

/** What the adapted weights were when the weights in force were based on them; the current ones when not recorded yet. */
export function adaptedBasis(doc: WorkshopDoc): Record<string, number> {
  const basis = doc.weighting.provenance.basis;
  return Object.keys(basis).length > 0 ? basis : adaptedWeights(doc);
}

/** FNV-1a (32-bit) of a string, as 8 hex digits: a fingerprint to notice a change, not a secret. */
/**
 * JSON with every object's keys sorted: the same value gives the same text whatever order its
 * keys were set in (an edit sets them in one order, the schema reading a saved file in another),
 * so a fingerprint of it changes only when a value does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The participants whose judgments make the group AHP weights: influence > 0 and answered
 * pairs that link all criteria, so they give priorities of their own (as in AHP-OS, where a
 * participant's judgments count once complete). Partial judgments that do not yet link the
 * criteria are not part of the group, its consensus or the record of who decided.
 */
export function ahpJudges(doc: WorkshopDoc): WeightProvenance['judges'] {
  return doc.participants.flatMap((p) => {
    if (p.influence <= 0 || !hasJudgments(doc, p.id)) return [];
    const matrix = judgmentMatrix(doc, p.id);
    if (connectingPair(matrix) !== null) return [];
    return [{ participantId: p.id, influence: p.influence, judgments: fingerprint(JSON.stringify([doc.criteria.map((c) => c.id), matrix])) }];
  });
}

/** Participants (influence > 0) who made judgments that do not count yet: their pairs do not link all criteria. */
export function ahpUncounted(doc: WorkshopDoc): string[] {
  return doc.participants.flatMap((p) => (p.influence > 0 && hasJudgments(doc, p.id) && connectingPair(judgmentMatrix(doc, p.id)) !== null ? [p.id] : []));
}

/**
 * The group `engine.ahp` request for the workshop's judges (`ahpJudges`, in that order): their
 * matrices (`null` for pairs not answered), influences, the team's aggregation (AIJ/AIP) and
 * the criterion names for error messages; null without a judge or outside 2–15 criteria.
 */
export function ahpGroupRequest(
  doc: WorkshopDoc,
  lang: Lang,
): {
  participantIds: string[];
  request: { matrices: (number | null)[][][]; participantWeights: number[]; aggregation: 'aij' | 'aip'; labels: string[] };
} | null {
  const n = doc.criteria.length;
  const judges = ahpJudges(doc);
  if (judges.length === 0 || n < 2 || n > 15) return null;
  return {
    participantIds: judges.map((j) => j.participantId),
    request: {
      matrices: judges.map((j) => judgmentMatrix(doc, j.participantId)),
      participantWeights: judges.map((j) => j.influence),
      aggregation: doc.weighting.ahpAggregation,
      labels: doc.criteria.map((c, i) => displayName(c, lang, 'criterion', i).slice(0, 200)),
    },
  };
}

/** The rank order as criterion ids: the stored order, unknown ids dropped, missing ones appended. */
export function rankOrderIds(doc: WorkshopDoc): string[] {
  const known = new Set(doc.criteria.map((c) => c.id));
  const seen = new Set<string>();
  const out: string[] = [];
  // No order chosen yet: start from the weights in force, heaviest first (ties: criterion order),
  // so a ROC adopted without reordering keeps the criteria's ranking.
  const rest =
    doc.weighting.rankOrder.length > 0
      ? doc.criteria.map((c) => c.id)
      : doc.criteria
          .map((c, i) => ({ id: c.id, w: c.weight, i }))
          .sort((a, b) => b.w - a.w || a.i - b.i)
          .map((c) => c.id);
  for (const id of [...doc.weighting.rankOrder, ...rest]) {
    if (!known.has(id) || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

const EPS = 1e-9;
export const roundPoints = (x: number) => Math.round(x * 1e6) / 1e6;

/** Whether an upstream change would give other weights than those in force, and what changed; null when nothing would. */
export function weightsProposal(doc: WorkshopDoc): WeightsProposal | null {
  const prov = doc.weighting.provenance;
  switch (prov.source) {
    case 'adapted': {
      const was = adaptedBasis(doc);
      const now = adaptedWeights(doc);
      const moved = doc.criteria.some((c) => Math.abs((now[c.id] ?? 0) - (was[c.id] ?? now[c.id] ?? 0)) > EPS);
      if (!moved) return null;
      const counted = countedRules(doc);
      const before = new Set(prov.rules);
      const changes: WeightChange[] = [
        ...prov.rules.filter((id) => !counted.includes(id)).map((ruleId) => ({ kind: 'rule-dropped' as const, ruleId })),
        ...counted.filter((id) => !before.has(id)).map((ruleId) => ({ kind: 'rule-added' as const, ruleId })),
      ];
      if (changes.length === 0) changes.push({ kind: 'rules-edited' });
      const proposed = doc.criteria.map((c) => {
        const delta = (now[c.id] ?? 0) - (was[c.id] ?? now[c.id] ?? 0);
        return Math.min(10_000, Math.max(0, roundPoints(c.weight + delta)));
      });
      return { source: 'adapted', changes, proposed };
    }
    case 'ahp': {
      if (prov.judges.length === 0) return null; // adopted before judges were recorded: nothing to compare with
      const now = ahpJudges(doc);
      const then = new Map(prov.judges.map((j) => [j.participantId, j]));
      const changes: WeightChange[] = [];
      for (const j of now) {
        const old = then.get(j.participantId);
        if (!old) changes.push({ kind: 'judge-added', participantId: j.participantId });
        else if (old.judgments !== j.judgments || old.influence !== j.influence) changes.push({ kind: 'judgments', participantId: j.participantId });
      }
      const current = new Set(now.map((j) => j.participantId));
      for (const j of prov.judges) if (!current.has(j.participantId)) changes.push({ kind: 'judge-removed', participantId: j.participantId });
      // AIJ ↔ AIP gives other group weights from the same judgments ('' = not recorded when adopted).
      const aggregation = doc.weighting.ahpAggregation;
      if (prov.aggregation !== '' && prov.aggregation !== aggregation) changes.push({ kind: 'aggregation', from: prov.aggregation, to: aggregation });
      // No judge left: there are no group weights to propose.
      return changes.length === 0 || now.length === 0 ? null : { source: 'ahp', changes, proposed: null };
    }
    case 'rank': {
      if (prov.order.length === 0) return null;
      const now = rankOrderIds(doc);
      const then = prov.order.filter((id) => now.includes(id));
      const same = now.length === then.length && now.every((id, i) => then[i] === id);
      return same ? null : { source: 'rank', changes: [{ kind: 'order' }], proposed: null };
    }
    case 'scenario':
      return null; // a saved scenario is a snapshot: nothing upstream of it changes
  }
}

/** The provenance of the weights in force, with names in one language (the room and the report state it). */
export interface ProvenanceSummary {
  source: WeightProvenance['source'];
  adoptedAt: string;
  /** adapted: the accepted rules counted, each as its weight changes ("Throughput efficiency +5"). */
  rules: { id: string; effects: string }[];
  /** ahp: whose judgments. */
  judges: string[];
  /** rank: criterion names, most important first. */
  order: string[];
  /** scenario: its name ('' if it was deleted since). */
  scenario: string;
  /** Criteria set by hand since. */
  handEdited: string[];
  /** Upstream changes the team declined, keeping its weights. */
  kept: number;
}

export function describeProvenance(doc: WorkshopDoc, lang: Lang): ProvenanceSummary {
  const prov = doc.weighting.provenance;
  const criterion = new Map(doc.criteria.map((c, i) => [c.id, displayName(c, lang, 'criterion', i)]));
  const person = new Map(doc.participants.map((p) => [p.id, p.name]));
  const rules = prov.source === 'adapted' ? (Object.keys(prov.basis).length > 0 ? prov.rules : countedRules(doc)) : [];
  return {
    source: prov.source,
    adoptedAt: prov.adoptedAt,
    rules: rules.map((id) => ({ id, effects: ruleEffects(doc, id, lang) })),
    judges: prov.judges.map((j) => person.get(j.participantId) ?? j.participantId),
    order: prov.order.filter((id) => criterion.has(id)).map((id) => criterion.get(id)!),
    scenario: doc.scenarios.find((s) => s.id === prov.scenarioId)?.name ?? '',
    handEdited: prov.handEdited.filter((id) => criterion.has(id)).map((id) => criterion.get(id)!),
    kept: prov.kept.length,
  };
}

/** A rule's weight changes in words: "Throughput efficiency +5 · Scalability +5" (its id if it no longer exists). */
export function ruleEffects(doc: WorkshopDoc, ruleId: string, lang: Lang): string {
  const rule = doc.adaptation.rules.find((r) => r.id === ruleId);
  if (!rule) return ruleId;
  const criterion = new Map(doc.criteria.map((c, i) => [c.id, displayName(c, lang, 'criterion', i)]));
  return rule.effects.map((e) => `${criterion.get(e.criterionId) ?? e.criterionId} ${e.delta >= 0 ? '+' : '−'}${Math.abs(e.delta)}`).join(' · ');
}

// ---------------------------------------------------------------------------------------
// The recorded decision and the analysis it rested on

/**
 * A fingerprint of what the ranking is computed from: candidates, criteria with their weights,
 * every score that counts, the scale, the aggregation and the participants' influence. Names and
 * notes do not count (they do not change the analysis), nor do the dimension scores of a dimension
 * scored at its focus points (kept, unused: its focus points' scores count, `leafBasis`).
 */
export function analysisBasis(doc: WorkshopDoc): string {
  return basisOf(doc, true);
}

/** `analysisBasis`; `inForce` false: with the unused dimension scores, as the app fingerprinted decisions recorded before they were left out. */
function basisOf(doc: WorkshopDoc, inForce: boolean): string {
  const atLeaves = new Set(inForce ? doc.hierarchy.filter((n) => n.scoreAt === 'leaves').map((n) => n.criterionId) : []);
  return fingerprint(
    JSON.stringify([
      doc.candidates.map((c) => c.id),
      doc.criteria.map((c) => [c.id, c.weight]),
      doc.scores.filter((s) => !atLeaves.has(s.criterionId)).map((s) => [s.participantId, s.candidateId, s.criterionId, s.value]),
      doc.scale,
      doc.aggregation,
      doc.participants.map((p) => [p.id, p.influence]),
      // Dimensions scored at their focus points (hierarchy.ts): their local weights and focus point
      // scores. Absent otherwise, so the fingerprint of every other workshop stays as it was.
      ...leafBasis(doc),
    ]),
  );
}

function leafBasis(doc: WorkshopDoc): unknown[] {
  const nodes = doc.hierarchy.filter((n) => n.scoreAt === 'leaves');
  if (nodes.length === 0) return [];
  const ids = new Set(nodes.map((n) => n.criterionId));
  return [
    nodes.map((n) => [n.criterionId, n.method ?? 'points', n.leaves.map((l) => [l.id, l.weight]), n.matrix ?? null]),
    doc.leafScores.filter((s) => ids.has(s.criterionId)).map((s) => [s.participantId, s.candidateId, s.criterionId, s.leafId, s.value]),
  ];
}

/**
 * Whether the recorded decision still rests on the current analysis: stale when the scores,
 * weights (or anything else the ranking is computed from) changed since it was recorded or
 * last confirmed. Null without a decision; never stale when no basis was recorded (older files).
 */
export function decisionStatus(doc: WorkshopDoc): { stale: boolean } | null {
  if (doc.decision.candidateId === null) return null;
  const { basis } = doc.decision;
  // A decision recorded before the unused scores were left out matches the fingerprint with them.
  return { stale: basis !== '' && basis !== analysisBasis(doc) && basis !== basisOf(doc, false) };
}

/**
 * Why the decision record offers "Confirm the decision on the current analysis": `stale` (the
 * analysis changed since), `no-snapshot` (recorded before its basis was kept, as in a file from
 * before snapshots: confirming freezes one, so the canary can be held against it); null: nothing.
 */
export function decisionToConfirm(doc: WorkshopDoc): 'stale' | 'no-snapshot' | null {
  const status = decisionStatus(doc);
  if (status === null) return null;
  if (status.stale) return 'stale';
  return doc.decision.snapshot === null ? 'no-snapshot' : null;
}
