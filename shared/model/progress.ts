import { ALL_QUESTIONS } from '../framework/needs';
import { proposals } from './adaptation';
import { scoresInForce } from './analysis';
import { isAnswered } from './edits/needs';
import type { StepId, WorkshopDoc } from './schema';

/** A task counts fully when done and half while in progress (blocked and to-do count nothing). */
const taskCredit = (status: 'todo' | 'in-progress' | 'done' | 'blocked') => (status === 'done' ? 1 : status === 'in-progress' ? 0.5 : 0);

/** How many of the needs questionnaire's questions have an answer, and how many it asks. */
export function answeredQuestions(doc: WorkshopDoc): { answered: number; total: number } {
  return { answered: ALL_QUESTIONS.filter((q) => isAnswered(doc.needs.answers[q.id])).length, total: ALL_QUESTIONS.length };
}

/**
 * How complete each decision-path step is, 0..1, derived from the document (never stored).
 * Each figure counts what that step asks the team to produce.
 */
export function stepProgress(doc: WorkshopDoc): Record<StepId, number> {
  const ratio = (done: number, total: number) => (total > 0 ? Math.min(1, done / total) : 0);
  const { answered, total: questions } = answeredQuestions(doc);
  const open = proposals(doc);
  const decided = open.filter((p) => p.status !== 'pending').length;
  // Rules can only be judged once needs are answered; with none proposed, answering is enough.
  const screeningParts = [
    doc.candidates.length >= 2 ? 1 : 0,
    doc.criteria.length >= 1 ? 1 : 0,
    open.length ? ratio(decided, open.length) : answered > 0 ? 1 : 0,
  ];
  const cells = doc.participants.length * doc.candidates.length * doc.criteria.length;
  // The scores that count: a dimension scored at its focus points by its derived values (analysis.ts).
  const scored = scoresInForce(doc).filter((s) => s.value !== null).length;
  const withMetrics = new Set(doc.metrics.series.map((s) => s.candidateId)).size;
  return {
    needs: ratio(answered, questions),
    screening: screeningParts.reduce((a, b) => a + b, 0) / screeningParts.length,
    validation: ratio(
      doc.validation.reduce((a, v) => a + taskCredit(v.status), 0),
      doc.validation.length,
    ),
    metrics: ratio(withMetrics, doc.candidates.length),
    evaluation: ratio(scored, cells),
    // The checklist, and the canary's scope and go/no-go bar agreed.
    canary:
      (ratio(
        doc.rollout.items.reduce((a, i) => a + taskCredit(i.status), 0),
        doc.rollout.items.length,
      ) *
        2 +
        (doc.rollout.scope.trim() ? 1 : 0) +
        (doc.rollout.goNoGo.trim() ? 1 : 0)) /
      4,
    iteration:
      ((doc.decision.candidateId ? 1 : 0) +
        (doc.decision.rationale.trim() ? 1 : 0) +
        (doc.iteration.log.length > 0 ? 1 : 0) +
        (doc.iteration.nextReview ? 1 : 0)) /
      4,
  };
}
