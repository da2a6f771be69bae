import { isAnswered } from './edits/needs';
import type { WorkshopDoc } from './schema';

/**
 * The needs questions the adaptation rules read that have no answer yet, each once, in rule
 * order. While one is open a rule may still come to apply; when none is and no rule applies,
 * there is nothing more to propose (step 2 says so rather than asking for answers).
 */
export function openRuleQuestions(doc: WorkshopDoc): string[] {
  const open = new Set<string>();
  for (const rule of doc.adaptation.rules) for (const c of rule.when) if (!isAnswered(doc.needs.answers[c.question])) open.add(c.question);
  return [...open];
}
