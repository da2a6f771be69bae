import type { ReportStrings } from './report-types';

type ReviewWords = Pick<ReportStrings['reevaluation'], 'reevaluated' | 'whatItTakes' | 'regain' | 'regainFar' | 'regainNone' | 'smallestChange'>;

/** The re-evaluation's sentences as step 6's board words them, for the report (one wording on screen and on paper). */
export function pickReview(review: ReviewWords): ReviewWords {
  const { reevaluated, whatItTakes, regain, regainFar, regainNone, smallestChange } = review;
  return { reevaluated, whatItTakes, regain, regainFar, regainNone, smallestChange };
}
