import type { RatingJudgment, WorkshopDoc } from '../schema';
import { alignMatrix } from './ahp-edit';
import { setScore } from './score-grid';

/**
 * AHP ratings: a participant compares the candidates pairwise on one dimension
 * instead of typing 0–10 scores. The judgments are stored per participant × dimension
 * (`doc.ratings`); the engine (`engine.ahpRatings`, Saaty's ideal mode) turns them into the
 * dimension's scores, which `applyRatingScores` writes into the grid and records in
 * `written`. A cell is "from pairwise" while its score still equals what was written, so a
 * score changed by any other way (typing, paste, a ballot) is no longer marked.
 */

/** The largest number of candidates the pairwise engine takes. */
export const RATINGS_MAX_CANDIDATES = 15;

/** Scores written from ratings are rounded to this many decimals (the grid shows them as typed). */
const WRITTEN_DECIMALS = 2;

function entryIndex(doc: WorkshopDoc, participantId: string, criterionId: string): number {
  return doc.ratings.findIndex((r) => r.participantId === participantId && r.criterionId === criterionId);
}

/** The participant's comparisons of the candidates on a dimension, in the document's candidate order (`null` = not answered). */
export function ratingMatrix(doc: WorkshopDoc, participantId: string, criterionId: string): (number | null)[][] {
  const entry = doc.ratings[entryIndex(doc, participantId, criterionId)];
  return alignMatrix(
    doc.candidates.map((c) => c.id),
    entry?.candidates ?? [],
    entry?.matrix ?? [],
  );
}

function writeEntry(doc: WorkshopDoc, entry: RatingJudgment): WorkshopDoc {
  const at = entryIndex(doc, entry.participantId, entry.criterionId);
  const ratings = at < 0 ? [...doc.ratings, entry] : doc.ratings.map((r, k) => (k === at ? entry : r));
  return { ...doc, ratings };
}

/**
 * Sets "on dimension `criterionId`, candidate `rowId` is `value` times as good as `colId`" for
 * one participant (its reciprocal follows); `null` marks the pair not answered. The scores
 * are not touched until `applyRatingScores`.
 */
export function setRatingJudgment(
  doc: WorkshopDoc,
  participantId: string,
  criterionId: string,
  rowId: string,
  colId: string,
  value: number | null,
): WorkshopDoc {
  const ids = doc.candidates.map((c) => c.id);
  const i = ids.indexOf(rowId);
  const j = ids.indexOf(colId);
  if (!doc.participants.some((p) => p.id === participantId) || !doc.criteria.some((c) => c.id === criterionId)) return doc;
  if (i < 0 || j < 0 || i === j || (value !== null && (!(value > 0) || !Number.isFinite(value))) || ids.length > RATINGS_MAX_CANDIDATES) return doc;
  const matrix = ratingMatrix(doc, participantId, criterionId);
  const was = matrix[i][j];
  if (value === null ? was === null : was !== null && Math.abs(was - value) < 1e-12) return doc;
  matrix[i][j] = value;
  matrix[j][i] = value === null ? null : 1 / value;
  const old = doc.ratings[entryIndex(doc, participantId, criterionId)];
  return writeEntry(doc, { participantId, criterionId, candidates: ids, matrix, written: old?.written ?? {} });
}

/**
 * Writes the scores the comparisons gave (`scores[k]` for the document's k-th candidate, on
 * the scale, from `engine.ahpRatings`) into the participant's grid for the dimension,
 * rounded to two decimals, and records them as written from pairwise judgments.
 */
export function applyRatingScores(doc: WorkshopDoc, participantId: string, criterionId: string, scores: readonly number[]): WorkshopDoc {
  const at = entryIndex(doc, participantId, criterionId);
  if (at < 0 || scores.length !== doc.candidates.length) return doc;
  const f = 10 ** WRITTEN_DECIMALS;
  const written: Record<string, number> = {};
  let out = doc;
  doc.candidates.forEach((c, k) => {
    const v = Math.min(doc.scale.max, Math.max(doc.scale.min, Math.round(scores[k] * f) / f));
    if (!Number.isFinite(v)) return;
    written[c.id] = v;
    out = setScore(out, participantId, c.id, criterionId, v);
  });
  return { ...out, ratings: out.ratings.map((r, k) => (k === at ? { ...r, written } : r)) };
}

/** The cells of a participant whose score came from pairwise judgments: keys "candidateId|criterionId". */
export function ratedCells(doc: WorkshopDoc, participantId: string): Set<string> {
  const out = new Set<string>();
  const mine = doc.ratings.filter((r) => r.participantId === participantId && Object.keys(r.written).length > 0);
  if (mine.length === 0) return out;
  const score = new Map<string, number | null>();
  for (const s of doc.scores) if (s.participantId === participantId) score.set(`${s.candidateId}|${s.criterionId}`, s.value);
  for (const r of mine) {
    for (const [candidateId, v] of Object.entries(r.written)) {
      const key = `${candidateId}|${r.criterionId}`;
      const now = score.get(key);
      if (now !== undefined && now !== null && Math.abs(now - v) < 1e-9) out.add(key);
    }
  }
  return out;
}

/**
 * Sets a score typed directly into a cell that came from pairwise judgments: the cell is
 * detached from them (its comparisons stay, the other candidates' scores stay marked).
 */
export function setScoreDetached(doc: WorkshopDoc, participantId: string, candidateId: string, criterionId: string, value: number | null): WorkshopDoc {
  const next = setScore(doc, participantId, candidateId, criterionId, value);
  const at = entryIndex(next, participantId, criterionId);
  if (at < 0 || !(candidateId in next.ratings[at].written)) return next;
  const written = { ...next.ratings[at].written };
  delete written[candidateId];
  return { ...next, ratings: next.ratings.map((r, k) => (k === at ? { ...r, written } : r)) };
}

/** Removes a participant's comparisons on a dimension (their scores stay, no longer marked). */
export function clearRatings(doc: WorkshopDoc, participantId: string, criterionId: string): WorkshopDoc {
  const at = entryIndex(doc, participantId, criterionId);
  return at < 0 ? doc : { ...doc, ratings: doc.ratings.filter((_, k) => k !== at) };
}

/**
 * The ratings once a participant, dimension or candidate is removed (called by those
 * removal edits): entries of the participant or dimension go; a candidate leaves every matrix.
 */
export function ratingsWithout(
  ratings: readonly RatingJudgment[],
  gone: { participantId?: string; criterionId?: string; candidateId?: string },
): RatingJudgment[] {
  return ratings
    .filter((r) => r.participantId !== gone.participantId && r.criterionId !== gone.criterionId)
    .map((r) => {
      const k = gone.candidateId === undefined ? -1 : r.candidates.indexOf(gone.candidateId);
      if (k < 0) return r;
      const written = { ...r.written };
      delete written[gone.candidateId!];
      return {
        ...r,
        candidates: r.candidates.filter((_, i) => i !== k),
        matrix: r.matrix.filter((_, i) => i !== k).map((row) => row.filter((_, i) => i !== k)),
        written,
      };
    });
}
