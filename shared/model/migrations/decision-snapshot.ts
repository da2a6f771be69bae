import type { Migration } from './types';

/**
 * The decision's frozen basis and the canary's evidence: `decision.snapshot`, what the recorded
 * decision rested on (winner, weights, scores, cost evidence, the needs' targets, the pilot's
 * measured figures), and `review`, the canary / production metrics held against it with the
 * team's tolerance. An older document has no snapshot (it cannot be rebuilt from the document as
 * it was when the decision was taken: scores and weights may have changed since): its decision
 * gets `snapshot: null` (the decision record says how to freeze one) and an empty review. Step
 * 7's next review, which older versions left empty even when the decision had a review date,
 * takes that date (it now follows the decision's review date until the team sets its own).
 * Pure on plain JSON (no schema imports); anything of an unexpected shape is left for the schema
 * to report.
 */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export const decisionSnapshot: Migration = {
  summary: 'The recorded decision keeps a snapshot of its basis, and canary metrics are held against it; older decisions have no snapshot.',
  up(doc) {
    const decision = isObject(doc.decision) && !('snapshot' in doc.decision) ? { ...doc.decision, snapshot: null } : doc.decision;
    const review = 'review' in doc ? doc.review : { canary: [], imports: [], tolerance: 0.1 };
    const reviewDate = isObject(doc.decision) ? doc.decision.reviewDate : undefined;
    const iteration =
      isObject(doc.iteration) && doc.iteration.nextReview === '' && typeof reviewDate === 'string' && reviewDate
        ? { ...doc.iteration, nextReview: reviewDate }
        : doc.iteration;
    return { ...doc, ...(doc.decision === undefined ? {} : { decision }), ...(doc.iteration === undefined ? {} : { iteration }), review };
  },
};
