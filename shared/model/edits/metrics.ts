import { valueFunctionProblem, type ValueFunction } from '../../scoring/value-function';
import { hierarchyNode, scoredAtLeaves } from '../hierarchy';
import type { Measure } from '../metrics-suggest';
import type { MetricSeries, Participant, Score, WorkshopDoc } from '../schema';

const key = (s: Pick<MetricSeries, 'candidateId' | 'metric' | 'bucket'>) => `${s.candidateId}|${s.metric}|${s.bucket}`;

/**
 * Adds imported series; a series for the same candidate, metric and horizon replaces
 * the old one (re-importing a corrected file does not duplicate). The import is logged.
 */
export function importMetrics(doc: WorkshopDoc, series: MetricSeries[], record: { file: string; importedAt: string; rows: number }): WorkshopDoc {
  const known = new Set(doc.candidates.map((c) => c.id));
  // Only the stored fields: importers may carry more (row counts, notes).
  const incoming = series
    .filter((s) => known.has(s.candidateId) && s.points.length > 0)
    .map(({ candidateId, metric, bucket, points }) => ({ candidateId, metric, bucket, points }));
  if (incoming.length === 0) return doc;
  const replaced = new Set(incoming.map(key));
  const imports = [...doc.metrics.imports, { ...record, file: record.file.slice(0, 1000) }].slice(-500);
  return { ...doc, metrics: { ...doc.metrics, series: [...doc.metrics.series.filter((s) => !replaced.has(key(s))), ...incoming], imports } };
}

/**
 * The team's value function for a measure (null: back to scoring in proportion to the best
 * candidate). A function that is not well formed is refused (the document is returned as is).
 */
export function setValueFunction(doc: WorkshopDoc, measure: Measure, fn: ValueFunction | null): WorkshopDoc {
  if (fn && valueFunctionProblem(fn)) return doc;
  const valueFunctions = { ...doc.metrics.valueFunctions };
  if (fn) valueFunctions[measure] = fn;
  else if (measure in valueFunctions) delete valueFunctions[measure];
  else return doc;
  return { ...doc, metrics: { ...doc.metrics, valueFunctions } };
}

/** Removes a candidate's pilot metrics (all of them, or one metric). */
export function clearMetrics(doc: WorkshopDoc, candidateId: string, metric?: MetricSeries['metric']): WorkshopDoc {
  const series = doc.metrics.series.filter((s) => !(s.candidateId === candidateId && (!metric || s.metric === metric)));
  return series.length === doc.metrics.series.length ? doc : { ...doc, metrics: { ...doc.metrics, series } };
}

export function addParticipant(doc: WorkshopDoc, p: Pick<Participant, 'id' | 'name'> & Partial<Participant>): WorkshopDoc {
  if (doc.participants.some((x) => x.id === p.id)) return doc;
  return { ...doc, participants: [...doc.participants, { role: 'other', influence: 1, ...p }] };
}

export interface ScoreToWrite {
  candidateId: string;
  criterionId: string;
  value: number;
  rationale: string;
}

/**
 * Writes scores for one participant (e.g. measured suggestions taken into the evaluation).
 * Existing scores are kept unless `replace`; values are clamped to the workshop's scale.
 */
export function writeScores(doc: WorkshopDoc, participantId: string, scores: ScoreToWrite[], { replace = false } = {}): WorkshopDoc {
  if (!doc.participants.some((p) => p.id === participantId)) return doc;
  const candidates = new Set(doc.candidates.map((c) => c.id));
  const criteria = new Set(doc.criteria.map((c) => c.id));
  const index = new Map<string, number>();
  doc.scores.forEach((s, i) => s.participantId === participantId && index.set(`${s.candidateId}|${s.criterionId}`, i));
  const next: Score[] = doc.scores.slice();
  let changed = false;
  for (const s of scores) {
    if (!candidates.has(s.candidateId) || !criteria.has(s.criterionId) || !Number.isFinite(s.value)) continue;
    const value = Math.min(doc.scale.max, Math.max(doc.scale.min, s.value));
    const score: Score = { participantId, candidateId: s.candidateId, criterionId: s.criterionId, value, rationale: s.rationale.slice(0, 10_000) };
    const i = index.get(`${s.candidateId}|${s.criterionId}`);
    if (i === undefined) {
      index.set(`${s.candidateId}|${s.criterionId}`, next.length);
      next.push(score);
      changed = true;
    } else if (replace || next[i].value === null) {
      if (next[i].value === value && next[i].rationale === score.rationale) continue;
      next[i] = score;
      changed = true;
    }
  }
  return changed ? { ...doc, scores: next } : doc;
}

/**
 * Takes the suggested scores into the evaluation as `participantId`'s scores (`writeScores`)
 * and records each one written (`metrics.written`: value and suggestion), so that a later
 * change of the metrics is a proposal (`metricScoreProposals`), not a rewrite. One edit. A
 * dimension scored at its focus points (hierarchy.ts) is left out: its dimension scores do not count.
 */
export function takeSuggestedScores(doc: WorkshopDoc, participantId: string, all: ScoreToWrite[], at: string, { replace = false } = {}): WorkshopDoc {
  // A dimension scored at its focus points would keep a dimension score that does not count: not written.
  const scores = all.filter((s) => !scoredAtLeaves(hierarchyNode(doc, s.criterionId)));
  const next = writeScores(doc, participantId, scores, { replace });
  if (next === doc) return doc;
  const key = (s: { participantId: string; candidateId: string; criterionId: string }) => `${s.participantId}|${s.candidateId}|${s.criterionId}`;
  const written = new Map(next.scores.filter((s) => s.participantId === participantId).map((s) => [key(s), s.value]));
  const records = scores.flatMap((s) => {
    const value = written.get(key({ participantId, ...s }));
    return value === s.value || (value !== undefined && value !== null && Math.abs(value - s.value) < 1e-9)
      ? [{ participantId, candidateId: s.candidateId, criterionId: s.criterionId, value: value!, basis: s.value, at }]
      : [];
  });
  const taken = new Set(records.map(key));
  return { ...next, metrics: { ...next.metrics, written: [...next.metrics.written.filter((w) => !taken.has(key(w))), ...records] } };
}

/**
 * The team's answer to the metrics' proposals (`metricScoreProposals`), one undo step:
 * `accept` writes the new suggestions into those scores; `keep` keeps the team's scores and
 * notes the new suggestions as reconciled (the proposal goes until the metrics change again).
 */
export function answerMetricScoreProposals(
  doc: WorkshopDoc,
  proposals: ReadonlyArray<{ participantId: string; candidateId: string; criterionId: string; proposed: number }>,
  answer: 'accept' | 'keep',
): WorkshopDoc {
  if (proposals.length === 0) return doc;
  const key = (s: { participantId: string; candidateId: string; criterionId: string }) => `${s.participantId}|${s.candidateId}|${s.criterionId}`;
  const by = new Map(proposals.map((p) => [key(p), p.proposed]));
  const written = doc.metrics.written.map((w) => {
    const p = by.get(key(w));
    return p === undefined ? w : { ...w, basis: p, value: answer === 'accept' ? p : w.value };
  });
  const scores =
    answer === 'accept'
      ? doc.scores.map((s) => {
          const p = by.get(key(s));
          return p === undefined ? s : { ...s, value: Math.min(doc.scale.max, Math.max(doc.scale.min, p)) };
        })
      : doc.scores;
  return { ...doc, scores, metrics: { ...doc.metrics, written } };
}

/**
 * Participants that stand for measured data, not for a person: every score they hold was taken
 * from the metrics (recorded in `metrics.written`), and they have at least one. The room does
 * not count them as voters by default (a room-vote round's invitations, the AHP panel's judge).
 */
export function dataParticipants(doc: WorkshopDoc): Set<string> {
  const written = new Set(doc.metrics.written.map((w) => `${w.participantId}|${w.candidateId}|${w.criterionId}`));
  // One pass over the scores: true while every score so far was taken from the metrics.
  const fromData = new Map<string, boolean>();
  for (const s of doc.scores) {
    if (s.value === null) continue;
    fromData.set(s.participantId, (fromData.get(s.participantId) ?? true) && written.has(`${s.participantId}|${s.candidateId}|${s.criterionId}`));
  }
  return new Set(doc.participants.filter((p) => fromData.get(p.id) === true).map((p) => p.id));
}
