import type { WorkshopDoc } from '../schema';

/**
 * AHP pairwise judgments per participant, edited on Saaty's 1–9 scale. The document keeps
 * each participant's matrix with the criterion ids it was made for; here it is always read
 * and written in the document's current criterion order; a pair not answered is `null`.
 */

export { SAATY_STEPS, judgmentOfStep, stepOfJudgment, formatJudgment } from '../../scoring/saaty';

/** The stored judgments of a participant, if any. */
function entryOf(doc: WorkshopDoc, participantId: string) {
  return doc.weighting.ahp.find((a) => a.participantId === participantId);
}

/**
 * A participant's matrix in the document's criterion order (n × n, reciprocal, unit
 * diagonal); `null` for a pair not answered (including every pair with a criterion added
 * since). This is what the engine's incomplete AHP takes.
 */
export function judgmentMatrix(doc: WorkshopDoc, participantId: string): (number | null)[][] {
  const entry = entryOf(doc, participantId);
  return alignMatrix(
    doc.criteria.map((c) => c.id),
    entry?.criteria ?? [],
    entry?.matrix ?? [],
  );
}

/**
 * A stored pairwise matrix (made for the items `storedIds`) in the order of `ids`:
 * reciprocal, unit diagonal, `null` for a pair not answered (including every pair with an
 * item added since). Used for criteria (weights) and candidates (ratings, ratings-edit.ts).
 */
export function alignMatrix(ids: readonly string[], storedIds: readonly string[], stored: readonly (readonly (number | null)[])[]): (number | null)[][] {
  const n = ids.length;
  const out: (number | null)[][] = ids.map((_, i) => ids.map((__, j) => (i === j ? 1 : null)));
  if (storedIds.length === 0) return out;
  const at = new Map(storedIds.map((id, i) => [id, i]));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = at.get(ids[i]);
      const b = at.get(ids[j]);
      const v = a !== undefined && b !== undefined ? stored[a]?.[b] : undefined;
      if (typeof v === 'number' && v > 0 && Number.isFinite(v)) {
        out[i][j] = v;
        out[j][i] = 1 / v;
      }
    }
  }
  return out;
}

/**
 * Whether the participant's judgments record which pairs were answered. false for judgments
 * recorded before that was tracked (migration answered-pairs): there every stored pair counts
 * as answered, and a 1 may be a pair nobody asked.
 */
export function pairsTracked(doc: WorkshopDoc, participantId: string): boolean {
  return entryOf(doc, participantId)?.pairsTracked ?? true;
}

/** Answered pairs (i < j) of a matrix from `judgmentMatrix`. */
export function answeredPairCount(matrix: readonly (readonly (number | null)[])[]): number {
  let k = 0;
  for (let i = 0; i < matrix.length; i++) for (let j = i + 1; j < matrix.length; j++) if (matrix[i][j] !== null) k++;
  return k;
}

/**
 * Whether a participant has judged anything: any answered pair; for judgments recorded before
 * answered pairs were tracked, any judgment other than "equal" (as then).
 */
export function hasJudgments(doc: WorkshopDoc, participantId: string): boolean {
  const m = judgmentMatrix(doc, participantId);
  const tracked = pairsTracked(doc, participantId);
  return m.some((row, i) => row.some((v, j) => i !== j && v !== null && (tracked || Math.abs(v - 1) > 1e-12)));
}

/**
 * A pair that links a criterion not yet connected (by any chain of answered pairs) to the first
 * criterion, as [i, j] with i < j; null when the answered pairs connect all criteria. While
 * they do not, the engine gives no weights and Harker's next-pair rule does not apply.
 */
export function connectingPair(matrix: readonly (readonly (number | null)[])[]): [number, number] | null {
  const n = matrix.length;
  const seen = new Array<boolean>(n).fill(false);
  const stack = [0];
  seen[0] = n > 0;
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (let j = 0; j < n; j++) {
      if (!seen[j] && matrix[i][j] !== null) {
        seen[j] = true;
        stack.push(j);
      }
    }
  }
  const lost = seen.indexOf(false);
  return lost < 0 ? null : [0, lost];
}

/**
 * `connectingPair` of the judges taken together: a pair answered by anyone counts. While it is not
 * null the group has no weights (the engine refuses a disconnected group).
 */
export function groupConnectingPair(matrices: readonly (readonly (readonly (number | null)[])[])[]): [number, number] | null {
  if (matrices.length === 0) return null;
  return connectingPair(matrices[0].map((row, i) => row.map((_, j) => (matrices.some((m) => m[i][j] !== null) ? 1 : null))));
}

function writeEntry(doc: WorkshopDoc, participantId: string, matrix: (number | null)[][], tracked: boolean): WorkshopDoc {
  const entry = { participantId, criteria: doc.criteria.map((c) => c.id), matrix, pairsTracked: tracked };
  const at = doc.weighting.ahp.findIndex((a) => a.participantId === participantId);
  const ahp = at < 0 ? [...doc.weighting.ahp, entry] : doc.weighting.ahp.map((a, k) => (k === at ? entry : a));
  return { ...doc, weighting: { ...doc.weighting, ahp } };
}

/**
 * Sets judgment "criterion `rowId` is `value` times as important as `colId`" for one
 * participant (its reciprocal follows); `null` marks the pair not answered. The stored matrix
 * is rewritten in the current criterion order, so it always matches the criteria.
 */
export function setJudgment(doc: WorkshopDoc, participantId: string, rowId: string, colId: string, value: number | null): WorkshopDoc {
  const ids = doc.criteria.map((c) => c.id);
  const i = ids.indexOf(rowId);
  const j = ids.indexOf(colId);
  if (i < 0 || j < 0 || i === j || (value !== null && (!(value > 0) || !Number.isFinite(value))) || ids.length > 15) return doc;
  const matrix = judgmentMatrix(doc, participantId);
  const was = matrix[i][j];
  if (value === null ? was === null : was !== null && Math.abs(was - value) < 1e-12) return doc;
  matrix[i][j] = value;
  matrix[j][i] = value === null ? null : 1 / value;
  return writeEntry(doc, participantId, matrix, pairsTracked(doc, participantId));
}

/**
 * For judgments recorded before answered pairs were tracked: every "equal" (1) becomes a pair
 * not answered, and the pairs are tracked from then on. Other judgments are kept.
 */
export function equalAsUnanswered(doc: WorkshopDoc, participantId: string): WorkshopDoc {
  if (!entryOf(doc, participantId) || pairsTracked(doc, participantId)) return doc;
  const matrix = judgmentMatrix(doc, participantId).map((row, i) => row.map((v, j) => (i !== j && v !== null && Math.abs(v - 1) < 1e-12 ? null : v)));
  return writeEntry(doc, participantId, matrix, true);
}

/** How the group AHP weights are formed: aggregating individual judgments (AIJ) or priorities (AIP). */
export function setAhpAggregation(doc: WorkshopDoc, aggregation: 'aij' | 'aip'): WorkshopDoc {
  return doc.weighting.ahpAggregation === aggregation ? doc : { ...doc, weighting: { ...doc.weighting, ahpAggregation: aggregation } };
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
