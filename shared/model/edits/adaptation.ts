import { ALL_QUESTIONS, type Lang, type QuestionKind } from '../../framework';
import type { WorkshopDoc } from '../schema';
import { followAdaptedWeights, holdWeights, updateById, withLang } from './common';

type Rule = WorkshopDoc['adaptation']['rules'][number];

/**
 * The team's decision on a proposal: accepted deltas apply to the starting weights,
 * rejected or pending ones do not. `pending` withdraws an earlier decision. A decision on the
 * weights themselves, so weights based on the starting weights follow (followAdaptedWeights).
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
  return rules === doc.adaptation.rules ? doc : holdWeights(doc, { ...doc, adaptation: { ...doc.adaptation, rules } });
}

/** Rewords a rule's reason in one language. */
export function setRuleReason(doc: WorkshopDoc, ruleId: string, lang: Lang, text: string): WorkshopDoc {
  return updateRule(doc, ruleId, (r) => {
    const reason = withLang(r.reason, lang, text);
    return reason === r.reason ? r : { ...r, reason };
  });
}

/** Sets the weight change a rule proposes for a criterion (points, −100..100). If the rule is accepted, the new weights are a proposal. */
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
  return updateRule(doc, ruleId, (r) =>
    r.effects.length <= 1 || !r.effects.some((e) => e.criterionId === criterionId)
      ? r
      : { ...r, effects: r.effects.filter((e) => e.criterionId !== criterionId) },
  );
}

type Condition = Rule['when'][number];

/** The comparisons a question's kind allows, in the order the editor offers them. */
export const CONDITION_OPS: Record<QuestionKind, readonly Condition['op'][]> = {
  boolean: ['truthy', 'eq'], // "is yes", "is no" (eq false)
  choice: ['eq', 'in'],
  multi: ['eq', 'in'],
  number: ['gte', 'lte'],
  text: ['truthy'], // "is filled in"
};

/** A sensible first condition on a question: yes, its first option, at least its minimum, filled in. */
export function defaultCondition(questionId: string, op?: Condition['op']): Condition | null {
  const q = ALL_QUESTIONS.find((x) => x.id === questionId);
  if (!q) return null;
  const allowed = CONDITION_OPS[q.kind];
  const o = op && allowed.includes(op) ? op : allowed[0];
  const first = q.options?.[0]?.value ?? '';
  switch (o) {
    case 'truthy':
      return { question: q.id, op: o };
    case 'eq':
      return q.kind === 'boolean' ? { question: q.id, op: o, value: false } : { question: q.id, op: o, value: first };
    case 'in':
      return { question: q.id, op: o, value: first ? [first] : [] };
    case 'gte':
    case 'lte':
      return { question: q.id, op: o, value: q.min ?? 0 };
  }
}

/** Whether a condition fits its question: an allowed comparison with a value of the right type. */
export function conditionFits(c: Condition): boolean {
  const q = ALL_QUESTIONS.find((x) => x.id === c.question);
  if (!q || !CONDITION_OPS[q.kind].includes(c.op)) return false;
  const options = new Set((q.options ?? []).map((o) => o.value));
  switch (c.op) {
    case 'truthy':
      return c.value === undefined;
    case 'eq':
      return q.kind === 'boolean' ? c.value === false : typeof c.value === 'string' && options.has(c.value);
    case 'in':
      return Array.isArray(c.value) && c.value.length > 0 && c.value.length <= 50 && c.value.every((v) => options.has(v));
    case 'gte':
    case 'lte':
      return typeof c.value === 'number' && Number.isFinite(c.value);
  }
}

/** Replaces a rule's `index`-th condition (ignored unless it fits its question). If the rule is accepted, the new weights are a proposal. */
export function setRuleCondition(doc: WorkshopDoc, ruleId: string, index: number, condition: Condition): WorkshopDoc {
  if (!conditionFits(condition)) return doc;
  return updateRule(doc, ruleId, (r) => (index < 0 || index >= r.when.length ? r : { ...r, when: r.when.map((c, k) => (k === index ? condition : c)) }));
}

/** Adds a condition (all of a rule's conditions must hold), on the first question the rule does not ask about yet. */
export function addRuleCondition(doc: WorkshopDoc, ruleId: string): WorkshopDoc {
  return updateRule(doc, ruleId, (r) => {
    if (r.when.length >= 20) return r;
    const q = ALL_QUESTIONS.find((x) => !r.when.some((c) => c.question === x.id)) ?? ALL_QUESTIONS[0];
    const c = defaultCondition(q.id);
    return c ? { ...r, when: [...r.when, c] } : r;
  });
}

/** Drops a rule's `index`-th condition; a rule keeps at least one. */
export function removeRuleCondition(doc: WorkshopDoc, ruleId: string, index: number): WorkshopDoc {
  return updateRule(doc, ruleId, (r) => (r.when.length <= 1 || index < 0 || index >= r.when.length ? r : { ...r, when: r.when.filter((_, k) => k !== index) }));
}

/**
 * Adds a rule of the team's own: when the first question is answered yes, raise the first
 * criterion by 1 point — to be edited. Returns the document and the new rule's id.
 */
export function addRule(doc: WorkshopDoc, id: string): WorkshopDoc {
  if (doc.adaptation.rules.length >= 200 || doc.criteria.length === 0 || doc.adaptation.rules.some((r) => r.id === id)) return doc;
  const first = ALL_QUESTIONS.find((q) => q.kind === 'boolean') ?? ALL_QUESTIONS[0];
  const when = defaultCondition(first.id);
  if (!when) return doc;
  const rule: Rule = { id, when: [when], effects: [{ criterionId: doc.criteria[0].id, delta: 1 }], reason: { 'zh-CN': '', en: '' } };
  return holdWeights(doc, { ...doc, adaptation: { ...doc.adaptation, rules: [...doc.adaptation.rules, rule] } });
}

/** Removes a rule and the team's decision on it; if it was accepted, taking its weight changes out is a proposal (the weights stay). */
export function removeRule(doc: WorkshopDoc, ruleId: string): WorkshopDoc {
  if (!doc.adaptation.rules.some((r) => r.id === ruleId)) return doc;
  const rules = doc.adaptation.rules.filter((r) => r.id !== ruleId);
  const decisions = doc.adaptation.decisions.filter((d) => d.ruleId !== ruleId);
  return holdWeights(doc, { ...doc, adaptation: { ...doc.adaptation, rules, decisions } });
}
