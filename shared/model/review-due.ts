import type { WorkshopDoc } from './schema';

/**
 * When the decision is next reviewed: step 7's next review, else the review date the decision
 * record set (a workshop whose next review was never set follows the decision's).
 */
export function nextReviewDate(doc: Pick<WorkshopDoc, 'iteration' | 'decision'>): string {
  return doc.iteration.nextReview || doc.decision.reviewDate;
}

/** Days before a review date from which the review is "due" (before: not yet). */
export const REVIEW_DUE_DAYS = 7;

/** overdue: the date has passed; due: it is today or within `REVIEW_DUE_DAYS`; null: later, or no date. Dates are `YYYY-MM-DD`. */
export function reviewDue(date: string, today: string): 'overdue' | 'due' | null {
  if (!date || !today) return null;
  if (date < today) return 'overdue';
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days <= REVIEW_DUE_DAYS ? 'due' : null;
}
