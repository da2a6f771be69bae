import type { AdaptationRule, RuleCondition } from '../framework/rules';
import type { Answer, WorkshopDoc } from './schema';

/**
 * Seed §五 adaptation rules, evaluated on the needs answers. A rule whose conditions
 * all hold proposes its weight changes; the team accepts or rejects each proposal.
 * Weights = base weights + the deltas of accepted proposals (clamped at 0), so
 * rejecting a proposal restores exactly the weight it would have changed, and several
 * accepted proposals on one criterion add up (order does not matter).
 */
export type ProposalStatus = 'pending' | 'accepted' | 'rejected';

export interface Proposal {
  rule: AdaptationRule;
  status: ProposalStatus;
}

export function conditionHolds(cond: RuleCondition, answer: Answer | undefined): boolean {
  if (answer === undefined || answer === null) return false;
  switch (cond.op) {
    case 'truthy':
      return (
        answer === true ||
        (typeof answer === 'number' && answer !== 0) ||
        (typeof answer === 'string' && answer !== '' && answer !== 'false') ||
        (Array.isArray(answer) && answer.length > 0)
      );
    case 'eq':
      return Array.isArray(answer) ? answer.includes(String(cond.value)) : answer === cond.value;
    case 'in':
      return (
        Array.isArray(cond.value) && (Array.isArray(answer) ? answer.some((a) => (cond.value as string[]).includes(a)) : cond.value.includes(String(answer)))
      );
    case 'gte':
      return typeof answer === 'number' && typeof cond.value === 'number' && answer >= cond.value;
    case 'lte':
      return typeof answer === 'number' && typeof cond.value === 'number' && answer <= cond.value;
  }
}

export function ruleApplies(rule: AdaptationRule, answers: Record<string, Answer>): boolean {
  return rule.when.every((c) => conditionHolds(c, answers[c.question]));
}

/** The rules that apply to the current answers, with the team's decision on each. */
export function proposals(doc: WorkshopDoc): Proposal[] {
  const decisions = new Map(doc.adaptation.decisions.map((d) => [d.ruleId, d.status]));
  return doc.adaptation.rules.filter((r) => ruleApplies(r, doc.needs.answers)).map((rule) => ({ rule, status: decisions.get(rule.id) ?? 'pending' }));
}

/** Weights implied by base weights and accepted proposals (criterion id → points). */
export function adaptedWeights(doc: WorkshopDoc): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of doc.criteria) out[c.id] = doc.adaptation.baseWeights[c.id] ?? c.weight;
  for (const p of proposals(doc)) {
    if (p.status !== 'accepted') continue;
    for (const e of p.rule.effects) if (e.criterionId in out) out[e.criterionId] += e.delta;
  }
  for (const id of Object.keys(out)) out[id] = Math.max(0, out[id]);
  return out;
}
