import type { Lang } from '../../framework';
import { defaultName, NEW_CRITERION_NAME, typedName } from '../names';
import type { Criterion, WorkshopDoc } from '../schema';
import { followAdaptedWeights, patched, renamed, round, translated, updateById, withLang } from './common';
import { hierarchyWithout, leafScoresWithout } from './hierarchy-edit';
import { ratingsWithout } from './ratings-edit';

export interface NewCriterion {
  id: string;
  /** The name the team typed; empty → the app's default name, shown in the UI's language. */
  name: string;
  /** Starting weight in points. */
  weight: number;
}

/** Adds a custom criterion; its weight is also its base (pre-adaptation) weight. */
export function addCriterion(doc: WorkshopDoc, { id, name, weight }: NewCriterion): WorkshopDoc {
  if (doc.criteria.some((c) => c.id === id)) return doc;
  const w = clampWeight(weight);
  const criterion: Criterion = {
    id,
    name: name.trim() ? typedName(name) : defaultName(NEW_CRITERION_NAME),
    group: 'custom',
    description: { 'zh-CN': '', en: '' },
    focusPoints: [],
    highPriority: [],
    weight: w,
  };
  return { ...doc, criteria: [...doc.criteria, criterion], adaptation: { ...doc.adaptation, baseWeights: { ...doc.adaptation.baseWeights, [id]: w } } };
}

function updateCriterion(doc: WorkshopDoc, id: string, patch: (c: Criterion) => Criterion): WorkshopDoc {
  const criteria = updateById(doc.criteria, id, patch);
  return criteria === doc.criteria ? doc : { ...doc, criteria };
}

/** Gives a dimension the name the team typed (its name in every language); an empty name is refused. */
export function renameCriterion(doc: WorkshopDoc, id: string, name: string): WorkshopDoc {
  return updateCriterion(doc, id, (c) => renamed(c, name));
}

/** Keeps an optional translation of the dimension's typed name. */
export function translateCriterionName(doc: WorkshopDoc, id: string, translation: string): WorkshopDoc {
  return updateCriterion(doc, id, (c) => translated(c, translation));
}

export function describeCriterion(doc: WorkshopDoc, id: string, lang: Lang, text: string): WorkshopDoc {
  return updateCriterion(doc, id, (c) => patched(c, { description: withLang(c.description, lang, text) }));
}

export type CriterionList = 'focusPoints' | 'highPriority';

/** Sets one focus point (or high-priority scenario) in one language. */
export function setCriterionListItem(doc: WorkshopDoc, id: string, list: CriterionList, index: number, lang: Lang, text: string): WorkshopDoc {
  return updateCriterion(doc, id, (c) => {
    const item = c[list][index];
    if (!item || item[lang] === text) return c;
    return { ...c, [list]: c[list].map((x, k) => (k === index ? withLang(x, lang, text) : x)) };
  });
}

export function addCriterionListItem(doc: WorkshopDoc, id: string, list: CriterionList, lang: Lang, text = ''): WorkshopDoc {
  return updateCriterion(doc, id, (c) => (c[list].length >= 50 ? c : { ...c, [list]: [...c[list], withLang({ 'zh-CN': '', en: '' }, lang, text)] }));
}

export function removeCriterionListItem(doc: WorkshopDoc, id: string, list: CriterionList, index: number): WorkshopDoc {
  return updateCriterion(doc, id, (c) => (index < 0 || index >= c[list].length ? c : { ...c, [list]: c[list].filter((_, k) => k !== index) }));
}

/**
 * Sets a criterion's starting weight (before adaptation proposals). When the weights in force
 * are the starting weights with the accepted rules, the weight moves by the same amount, so
 * accepted proposals and hand adjustments stay on top (followAdaptedWeights).
 */
export function setStartingWeight(doc: WorkshopDoc, id: string, weight: number): WorkshopDoc {
  const c = doc.criteria.find((x) => x.id === id);
  if (!c || !Number.isFinite(weight)) return doc;
  const base = doc.adaptation.baseWeights[id] ?? c.weight;
  const w = clampWeight(weight);
  if (w === base) return doc;
  return followAdaptedWeights(doc, { ...doc, adaptation: { ...doc.adaptation, baseWeights: { ...doc.adaptation.baseWeights, [id]: w } } });
}

/**
 * Removes a criterion with its scores, its focus points' local weights (hierarchy), base weight, rule effects, rank order entry,
 * AHP row and column and what-if weights. Rules left without effects are removed too
 * (a rule must propose something), with their decisions.
 */
export function removeCriterion(doc: WorkshopDoc, id: string): WorkshopDoc {
  if (!doc.criteria.some((c) => c.id === id)) return doc;
  const baseWeights = { ...doc.adaptation.baseWeights };
  delete baseWeights[id];
  const rules = doc.adaptation.rules
    .map((r) => (r.effects.some((e) => e.criterionId === id) ? { ...r, effects: r.effects.filter((e) => e.criterionId !== id) } : r))
    .filter((r) => r.effects.length > 0);
  const kept = new Set(rules.map((r) => r.id));
  return {
    ...doc,
    criteria: doc.criteria.filter((c) => c.id !== id),
    scores: doc.scores.filter((s) => s.criterionId !== id),
    hierarchy: hierarchyWithout(doc.hierarchy, id),
    leafScores: leafScoresWithout(doc.leafScores, { criterionId: id }),
    ratings: ratingsWithout(doc.ratings, { criterionId: id }),
    adaptation: { rules, decisions: doc.adaptation.decisions.filter((d) => kept.has(d.ruleId)), baseWeights },
    weighting: {
      ...doc.weighting,
      rankOrder: doc.weighting.rankOrder.filter((c) => c !== id),
      ahp: doc.weighting.ahp.map((j) => {
        const k = j.criteria.indexOf(id);
        if (k < 0) return j;
        return { ...j, criteria: j.criteria.filter((_, i) => i !== k), matrix: j.matrix.filter((_, i) => i !== k).map((row) => row.filter((_, i) => i !== k)) };
      }),
    },
    scenarios: doc.scenarios.map((s) => {
      if (!(id in s.weights) && !Object.keys(s.scoreOverrides).some((k) => k.split('|')[2] === id)) return s;
      const weights = { ...s.weights };
      delete weights[id];
      return { ...s, weights, scoreOverrides: Object.fromEntries(Object.entries(s.scoreOverrides).filter(([k]) => k.split('|')[2] !== id)) };
    }),
  };
}

const clampWeight = (w: number) => round(Math.min(10_000, Math.max(0, w)));
