import type { Lang } from '../../framework';
import type { WorkshopDoc } from '../schema';
import { followAdaptedWeights, updateById, withLang } from './common';

type Rule = WorkshopDoc['adaptation']['rules'][number];

/**
 * The team's decision on a proposal: accepted deltas apply to the starting weights,
 * rejected or pending ones do not. `pending` withdraws an earlier decision.
 */
export function decideProposal(doc: WorkshopDoc, ruleId: string, status: 'accepted' | 'rejected' | 'pending', decidedAt: string): WorkshopDoc {
  const current = doc.adaptation.decisions.find((d) => d.ruleId === ruleId);
  if ((current?.status ?? 'pending') === status) return doc;
  const others = doc.adaptation.decisions.filter((d) => d.ruleId !== ruleId);
  const decisions = status === 'pending' ? others : [...others, { ruleId, status, decidedAt }];
  return followAdaptedWeights(doc, { ...doc, adaptation: { ...doc.adaptation, decisions } });
}

function updateRule(doc: WorkshopDoc, ruleId: string, patch: (r: Rule) => Rule): WorkshopDoc {
  const rules = updateById(doc.adaptation.rules, ruleId, patch);
  return rules === doc.adaptation.rules ? doc : followAdaptedWeights(doc, { ...doc, adaptation: { ...doc.adaptation, rules } });
}

/** Rewords a rule's reason in one language. */
export function setRuleReason(doc: WorkshopDoc, ruleId: string, lang: Lang, text: string): WorkshopDoc {
  return updateRule(doc, ruleId, (r) => {
    const reason = withLang(r.reason, lang, text);
    return reason === r.reason ? r : { ...r, reason };
  });
}

/** Sets the weight change a rule proposes for a criterion (points, −100..100). If the rule is accepted, weights follow. */
export function setRuleEffect(doc: WorkshopDoc, ruleId: string, criterionId: string, delta: number): WorkshopDoc {
  if (!Number.isFinite(delta) || !doc.criteria.some((c) => c.id === criterionId)) return doc;
  const d = Math.max(-100, Math.min(100, delta));
  return updateRule(doc, ruleId, (r) => {
    const i = r.effects.findIndex((e) => e.criterionId === criterionId);
    if (i >= 0 && r.effects[i].delta === d) return r;
    if (i < 0 && r.effects.length >= 50) return r;
    const effects = i < 0 ? [...r.effects, { criterionId, delta: d }] : r.effects.map((e, k) => (k === i ? { ...e, delta: d } : e));
    return { ...r, effects };
  });
}

/** Drops a rule's change for a criterion; a rule keeps at least one change. */
export function removeRuleEffect(doc: WorkshopDoc, ruleId: string, criterionId: string): WorkshopDoc {
  return updateRule(doc, ruleId, (r) => (r.effects.length <= 1 || !r.effects.some((e) => e.criterionId === criterionId) ? r : { ...r, effects: r.effects.filter((e) => e.criterionId !== criterionId) }));
}
