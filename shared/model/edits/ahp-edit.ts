import type { WorkshopDoc } from '../schema';

/**
 * AHP pairwise judgments per participant, edited on Saaty's 1–9 scale. The document keeps
 * each participant's matrix with the criterion ids it was made for; here it is always read
 * and written in the document's current criterion order (unknown pairs count as "equal").
 */

/** Judgments a_ij of the scale: 1/9 … 1/2, 1, 2 … 9. */
export const SAATY_STEPS = 8;

/** Slider position −8…8 → judgment: 0 = equal, k > 0 = row k+1 times as important, k < 0 = column. */
export function judgmentOfStep(step: number): number {
  const k = Math.max(-SAATY_STEPS, Math.min(SAATY_STEPS, Math.round(step)));
  return k >= 0 ? k + 1 : 1 / (1 - k);
}

/** The nearest slider position of any positive judgment (nearest on a log scale of the Saaty values). */
export function stepOfJudgment(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 0;
  let best = 0;
  let bestDist = Infinity;
  for (let k = -SAATY_STEPS; k <= SAATY_STEPS; k++) {
    const d = Math.abs(Math.log(judgmentOfStep(k)) - Math.log(value));
    if (d < bestDist - 1e-12) {
      bestDist = d;
      best = k;
    }
  }
  return best;
}

/** "3", "1/3", or a decimal for a value off the scale ("2.4"). */
export function formatJudgment(value: number): string {
  const step = stepOfJudgment(value);
  if (Math.abs(judgmentOfStep(step) - value) < 1e-9) return step >= 0 ? String(step + 1) : `1/${1 - step}`;
  return value >= 1 ? value.toFixed(1) : `1/${(1 / value).toFixed(1)}`;
}

/** A participant's matrix in the document's criterion order (n × n, reciprocal, unit diagonal). */
export function judgmentMatrix(doc: WorkshopDoc, participantId: string): number[][] {
  const ids = doc.criteria.map((c) => c.id);
  const n = ids.length;
  const out = ids.map(() => ids.map(() => 1));
  const entry = doc.weighting.ahp.find((a) => a.participantId === participantId);
  if (!entry) return out;
  const at = new Map(entry.criteria.map((id, i) => [id, i]));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = at.get(ids[i]);
      const b = at.get(ids[j]);
      const v = a !== undefined && b !== undefined ? entry.matrix[a]?.[b] : undefined;
      if (v !== undefined && v > 0 && Number.isFinite(v)) {
        out[i][j] = v;
        out[j][i] = 1 / v;
      }
    }
  }
  return out;
}

/** Whether a participant has made any judgment other than "equal". */
export function hasJudgments(doc: WorkshopDoc, participantId: string): boolean {
  return judgmentMatrix(doc, participantId).some((row, i) => row.some((v, j) => i !== j && Math.abs(v - 1) > 1e-12));
}

/**
 * Sets judgment "criterion `rowId` is `value` times as important as `colId`" for one
 * participant (its reciprocal follows). The stored matrix is rewritten in the current
 * criterion order, so it always matches the criteria.
 */
export function setJudgment(doc: WorkshopDoc, participantId: string, rowId: string, colId: string, value: number): WorkshopDoc {
  const ids = doc.criteria.map((c) => c.id);
  const i = ids.indexOf(rowId);
  const j = ids.indexOf(colId);
  if (i < 0 || j < 0 || i === j || !(value > 0) || !Number.isFinite(value) || ids.length > 15) return doc;
  const matrix = judgmentMatrix(doc, participantId);
  if (Math.abs(matrix[i][j] - value) < 1e-12 && doc.weighting.ahp.some((a) => a.participantId === participantId)) return doc;
  matrix[i][j] = value;
  matrix[j][i] = 1 / value;
  const entry = { participantId, criteria: ids, matrix };
  const others = doc.weighting.ahp.filter((a) => a.participantId !== participantId);
  const at = doc.weighting.ahp.findIndex((a) => a.participantId === participantId);
  const ahp = at < 0 ? [...others, entry] : doc.weighting.ahp.map((a, k) => (k === at ? entry : a));
  return { ...doc, weighting: { ...doc.weighting, ahp } };
}

/** Removes a participant's judgments. */
export function clearJudgments(doc: WorkshopDoc, participantId: string): WorkshopDoc {
  const ahp = doc.weighting.ahp.filter((a) => a.participantId !== participantId);
  return ahp.length === doc.weighting.ahp.length ? doc : { ...doc, weighting: { ...doc.weighting, ahp } };
}

/** Pairs (i < j) of the upper triangle, in reading order. */
export function judgmentPairs(n: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out.push([i, j]);
  return out;
}
