import { adaptedWeights } from '../adaptation';
import { ahpJudges, changeCode, countedRules, rankOrderIds, weightsProposal } from '../provenance';
import type { WeightProvenance, WorkshopDoc } from '../schema';

export { rankOrderIds };

/**
 * Weight editing in the evaluation room. Weights are shown as shares of 100 %; inside,
 * a share is an integer number of *units* (hundredths of a percentage point) and the
 * units always add up to exactly WEIGHT_UNITS. Integer arithmetic is what keeps the total
 * at 100 % without drift, however many slider moves follow one another.
 */

/** 100 % in units of 0.01 percentage points. */
export const WEIGHT_UNITS = 10_000;
/** Units per percentage point. */
export const UNITS_PER_PERCENT = WEIGHT_UNITS / 100;

/**
 * Largest-remainder (Hamilton) apportionment: non-negative reals → integers that add up
 * to exactly `total`, each within 1 of its exact share `total · v / Σv`. Ties in the
 * remainder go to the lower index, so the result is deterministic. All-zero input is
 * split as evenly as possible.
 */
export function apportion(values: readonly number[], total: number): number[] {
  const n = values.length;
  if (n === 0) return [];
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const sum = clean.reduce((a, b) => a + b, 0);
  const exact = sum > 0 ? clean.map((v) => (v / sum) * total) : clean.map(() => total / n);
  const out = exact.map((x) => Math.floor(x));
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % n, left--) out[order[k].i]++;
  return out;
}

/** Any non-negative weights (points) → units summing to WEIGHT_UNITS. */
export function toUnits(points: readonly number[]): number[] {
  return apportion(points, WEIGHT_UNITS);
}

/** Units → percent (two decimals at most, exact in binary up to float printing). */
export function unitsToPercent(units: readonly number[]): number[] {
  return units.map((u) => u / UNITS_PER_PERCENT);
}

/** A percentage (clamped to 0…100) → whole units. */
export function percentToUnits(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.max(0, Math.min(WEIGHT_UNITS, Math.round(percent * UNITS_PER_PERCENT)));
}

/**
 * Slider semantics (the same as the engine's stability intervals): criterion `k` is set to
 * `percent` and every other weight is rescaled in proportion to `anchor`, so the total stays
 * 100 %. Pass the weights from the start of a drag as `anchor`: every step of the drag is then
 * computed from the same proportions, and dragging back to the start restores them exactly.
 * When all other weights are zero there is no proportion to keep: the rest is split evenly.
 * @param anchor units summing to WEIGHT_UNITS
 * @returns units summing to WEIGHT_UNITS, with `k` exactly at `percent` (in whole units)
 */
export function setSliderWeight(anchor: readonly number[], k: number, percent: number): number[] {
  const n = anchor.length;
  if (k < 0 || k >= n) return anchor.slice();
  if (n === 1) return [WEIGHT_UNITS];
  const x = percentToUnits(percent);
  const others = anchor.map((u, j) => (j === k ? 0 : Math.max(0, u)));
  const rest = apportion(others.some((u) => u > 0) ? others : others.map((_, j) => (j === k ? 0 : 1)), WEIGHT_UNITS - x);
  rest[k] = x;
  return rest;
}

/** The document's weights as units (normalising whatever point scale it uses). */
export function docWeightUnits(doc: WorkshopDoc): number[] {
  return toUnits(doc.criteria.map((c) => c.weight));
}

/** Writes weights (units, criterion order) into the document as percentages; the same document when nothing changes. */
export function withWeightUnits(doc: WorkshopDoc, units: readonly number[]): WorkshopDoc {
  if (units.length !== doc.criteria.length) return doc;
  const percent = unitsToPercent(units);
  let changed = false;
  const criteria = doc.criteria.map((c, i) => {
    if (c.weight === percent[i]) return c;
    changed = true;
    return { ...c, weight: percent[i] };
  });
  return changed ? { ...doc, criteria } : doc;
}

/** Sets one criterion's raw points (direct entry, 0…10 000); the others keep theirs. */
export function setWeightPoints(doc: WorkshopDoc, criterionId: string, points: number): WorkshopDoc {
  if (!Number.isFinite(points)) return doc;
  const value = Math.max(0, Math.min(10_000, Math.round(points * 100) / 100));
  let changed = false;
  const criteria = doc.criteria.map((c) => {
    if (c.id !== criterionId || c.weight === value) return c;
    changed = true;
    return { ...c, weight: value };
  });
  return changed ? { ...doc, criteria } : doc;
}

/** How far (as a share, 0.025 percentage points) a slider release may land from where it was let go, to give round points. */
export const SNAP_SHARE = 0.00025;
const SNAP_GRAINS = [1, 0.5, 0.1, 0.01];

/**
 * A slider release kept in the team's points: criterion `k` gets the points that make it
 * `share` (0…1) of the total, and every other criterion keeps its points exactly — so their
 * proportions are kept (the slider's semantics) and integer points stay integers (17 stays 17,
 * not 5.96). The dragged criterion's points are the roundest value (whole, half, tenth,
 * hundredth) whose share lies within SNAP_SHARE of the release, so a fine setting (0.1 % of a
 * winner change) is kept while a coarse drag lands on whole points. Null when points cannot
 * express it (the others are all zero, or the share is 100 %, or it needs more than 10 000
 * points): the caller then writes shares.
 */
export function setShareInPoints(doc: WorkshopDoc, k: number, share: number): WorkshopDoc | null {
  if (k < 0 || k >= doc.criteria.length || !Number.isFinite(share) || share < 0 || share >= 1) return null;
  const rest = doc.criteria.reduce((a, c, i) => (i === k ? a : a + Math.max(0, c.weight)), 0);
  if (rest <= 0) return null;
  const exact = (share * rest) / (1 - share);
  if (exact > 10_000) return null;
  let points = Math.round(exact * 100) / 100;
  for (const g of SNAP_GRAINS) {
    const q = Math.round(Math.round(exact / g) * g * 100) / 100;
    if (Math.abs(q / (q + rest) - share) <= SNAP_SHARE) {
      points = q;
      break;
    }
  }
  return setWeightPoints(doc, doc.criteria[k].id, points);
}

/** Records how the weights were set (`points`: sliders or direct entry; `ahp`; `rank`); unchanged documents stay the same object. */
export function withWeightingMethod(doc: WorkshopDoc, method: WorkshopDoc['weighting']['method']): WorkshopDoc {
  return doc.weighting.method === method ? doc : { ...doc, weighting: { ...doc.weighting, method } };
}

/** Participant influence (0 = observer … 100). */
export function setInfluence(doc: WorkshopDoc, participantId: string, influence: number): WorkshopDoc {
  if (!Number.isFinite(influence)) return doc;
  const value = Math.max(0, Math.min(100, influence));
  let changed = false;
  const participants = doc.participants.map((p) => {
    if (p.id !== participantId || p.influence === value) return p;
    changed = true;
    return { ...p, influence: value };
  });
  return changed ? { ...doc, participants } : doc;
}

/** Moves a criterion one place up (−1) or down (+1) in the rank order (most important first). */
export function moveInRankOrder(order: readonly string[], id: string, by: -1 | 1): string[] {
  const i = order.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return order.slice();
  const out = order.slice();
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

export function withRankOrder(doc: WorkshopDoc, order: readonly string[]): WorkshopDoc {
  const same = order.length === doc.weighting.rankOrder.length && order.every((id, i) => doc.weighting.rankOrder[i] === id);
  return same ? doc : { ...doc, weighting: { ...doc.weighting, rankOrder: order.slice() } };
}

// ---------------------------------------------------------------------------------------
// The weights in force and their provenance (see ../provenance.ts)

/** How the team adopted derived weights: the group AHP of the current judges, ROC of an order, or a saved scenario. */
export type Adoption = { source: 'ahp' } | { source: 'rank'; order: readonly string[] } | { source: 'scenario'; scenarioId: string };

/**
 * The team adopts derived weights (fractions or units in criterion order, e.g. AHP or ROC
 * priorities, a scenario's weights): they are written as percentages and their provenance is
 * recorded (whose judgments, which order, which scenario, when); earlier hand edits are over.
 */
export function adoptWeights(doc: WorkshopDoc, shares: readonly number[], how: Adoption, at: string): WorkshopDoc {
  if (shares.length !== doc.criteria.length) return doc;
  const withOrder = how.source === 'rank' ? withRankOrder(doc, how.order) : doc;
  const written = withWeightUnits(withOrder, apportion(shares, WEIGHT_UNITS));
  const provenance: WeightProvenance = {
    source: how.source,
    adoptedAt: at,
    rules: [],
    judges: how.source === 'ahp' ? ahpJudges(doc) : [],
    aggregation: how.source === 'ahp' ? doc.weighting.ahpAggregation : '',
    order: how.source === 'rank' ? rankOrderIds(withOrder) : [],
    scenarioId: how.source === 'scenario' ? how.scenarioId : '',
    basis: Object.fromEntries(written.criteria.map((c) => [c.id, c.weight])),
    handEdited: [],
    kept: [],
  };
  const method = how.source === 'scenario' ? 'points' : how.source;
  return { ...written, weighting: { ...written.weighting, method, provenance } };
}

/**
 * Weights set by hand (a slider drag, points typed): the method becomes "points" and the
 * criteria that changed are recorded as edited by hand; the source stays what it was.
 * `after` is `before` with its weights edited (or `before` itself: no edit).
 */
export function handWeights(before: WorkshopDoc, after: WorkshopDoc): WorkshopDoc {
  if (after === before) return before;
  const prov = after.weighting.provenance;
  const old = new Map(before.criteria.map((c) => [c.id, c.weight]));
  const touched = after.criteria.filter((c) => old.get(c.id) !== c.weight).map((c) => c.id);
  const handEdited = [...prov.handEdited, ...touched.filter((id) => !prov.handEdited.includes(id))];
  return { ...after, weighting: { ...after.weighting, method: 'points', provenance: { ...prov, handEdited } } };
}

/**
 * The team accepts the weights an upstream change proposes (one undo step). Starting weights
 * with rules: the model's proposal. AHP and ROC: `shares` are the engine's weights for the
 * current judges or order (ignored for the starting-weights case). Unchanged without a proposal.
 */
export function acceptWeightsProposal(doc: WorkshopDoc, at: string, shares?: readonly number[]): WorkshopDoc {
  const p = weightsProposal(doc);
  if (!p) return doc;
  if (p.source === 'adapted' && p.proposed) {
    const criteria = doc.criteria.map((c, i) => (c.weight === p.proposed![i] ? c : { ...c, weight: p.proposed![i] }));
    const provenance = { ...doc.weighting.provenance, basis: adaptedWeights(doc), rules: countedRules(doc), adoptedAt: at };
    return { ...doc, criteria, weighting: { ...doc.weighting, provenance } };
  }
  if (!shares || shares.length !== doc.criteria.length) return doc;
  return p.source === 'ahp' ? adoptWeights(doc, shares, { source: 'ahp' }, at) : adoptWeights(doc, shares, { source: 'rank', order: rankOrderIds(doc) }, at);
}

/**
 * The team keeps its weights against an upstream change (one undo step): the weights stay,
 * the provenance now refers to the current upstream inputs, and the declined change is
 * recorded (the report lists it). Unchanged without a proposal.
 */
export function keepTeamWeights(doc: WorkshopDoc, at: string): WorkshopDoc {
  const p = weightsProposal(doc);
  if (!p) return doc;
  const prov = doc.weighting.provenance;
  const kept = [...prov.kept, { at, changes: p.changes.map(changeCode) }].slice(-100);
  const next: WeightProvenance =
    p.source === 'adapted'
      ? { ...prov, basis: adaptedWeights(doc), rules: countedRules(doc), kept }
      : p.source === 'ahp'
        ? { ...prov, judges: ahpJudges(doc), aggregation: doc.weighting.ahpAggregation, kept }
        : { ...prov, order: rankOrderIds(doc), kept };
  return { ...doc, weighting: { ...doc.weighting, provenance: next } };
}
