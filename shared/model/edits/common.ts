import type { Lang, LocalizedText } from '../../framework';
import { adaptedWeights } from '../adaptation';
import { adaptedBasis, countedRules } from '../provenance';
import type { Name, WorkshopDoc } from '../schema';

/** A list with the item of `id` replaced by `patch(item)`; the same list when nothing changed. */
export function updateById<T extends { id: string }>(list: T[], id: string, patch: (item: T) => T): T[] {
  const i = list.findIndex((x) => x.id === id);
  if (i < 0) return list;
  const next = patch(list[i]);
  if (next === list[i]) return list;
  const out = list.slice();
  out[i] = next;
  return out;
}

/** `text` with its `lang` side set to `value` (the other language is kept). */
export function withLang<T extends LocalizedText>(text: T, lang: Lang, value: string): T {
  return text[lang] === value ? text : { ...text, [lang]: value };
}

/** `obj` with the shallow fields of `patch` applied, or `obj` itself when every field is unchanged. */
export function patched<T extends object>(obj: T, patch: Partial<NoInfer<T>>): T {
  const keys = (Object.keys(patch) as (keyof T)[]).filter((k) => patch[k] !== undefined && !Object.is(obj[k], patch[k]));
  if (keys.length === 0) return obj;
  const out = { ...obj };
  for (const k of keys) out[k] = patch[k] as T[keyof T];
  return out;
}

/**
 * A decision of the team on the adapted weights themselves (accepting, rejecting or withdrawing
 * a rule's proposal; a starting weight): when the weights in force are the starting weights
 * with the accepted rules, each weight moves by exactly the change of its adapted weight (a
 * weight set by hand keeps that adjustment) and the recorded basis moves with it, so a
 * proposal pending from an upstream change stays as it was. Weights from AHP, ROC or a
 * scenario do not come from the rules: they stay.
 */
export function followAdaptedWeights(before: WorkshopDoc, after: WorkshopDoc): WorkshopDoc {
  if (after === before) return after;
  const prov = before.weighting.provenance;
  if (prov.source !== 'adapted') return after;
  const was = adaptedWeights(before);
  const now = adaptedWeights(after);
  const basisBefore = adaptedBasis(before);
  const basis: Record<string, number> = {};
  let changed = false;
  const criteria = after.criteria.map((c) => {
    const delta = (now[c.id] ?? c.weight) - (was[c.id] ?? now[c.id] ?? c.weight);
    basis[c.id] = round((basisBefore[c.id] ?? was[c.id] ?? now[c.id] ?? c.weight) + delta);
    if (delta === 0) return c;
    changed = true;
    return { ...c, weight: Math.min(10_000, Math.max(0, round(c.weight + delta))) };
  });
  const countedBefore = countedRules(before);
  const countedAfter = countedRules(after);
  const rules = [
    ...prov.rules.filter((id) => countedAfter.includes(id) || !countedBefore.includes(id)),
    ...countedAfter.filter((id) => !countedBefore.includes(id)),
  ]
    .filter((id, i, all) => all.indexOf(id) === i)
    .sort();
  const provenance = { ...prov, basis, rules };
  return { ...after, criteria: changed ? criteria : after.criteria, weighting: { ...after.weighting, provenance } };
}

/**
 * A change upstream of the weights (a needs answer, a rule's definition): the weights in force
 * stay the team's. What the adapted weights were is recorded first if it was not yet, so
 * `weightsProposal` can show the difference.
 */
export function holdWeights(before: WorkshopDoc, after: WorkshopDoc): WorkshopDoc {
  if (after === before) return after;
  const prov = before.weighting.provenance;
  if (prov.source !== 'adapted' || Object.keys(prov.basis).length > 0) return after;
  const provenance = { ...prov, basis: adaptedWeights(before), rules: countedRules(before) };
  return { ...after, weighting: { ...after.weighting, provenance } };
}

/** Weight points are shown with at most two decimals; keep float noise out of the document. */
export const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** `entity` with the typed name `text` (trimmed); unchanged when `text` is blank or already its typed name. */
export function renamed<T extends { name: Name }>(entity: T, text: string): T {
  const name = text.trim();
  if (!name || (name === entity.name.text && entity.name.default === null)) return entity;
  return { ...entity, name: { text: name, default: null, translation: entity.name.text ? entity.name.translation : '' } };
}

/** `entity` with `translation` kept beside its typed name (a default name has no translation). */
export function translated<T extends { name: Name }>(entity: T, translation: string): T {
  const value = translation.trim();
  if (!entity.name.text || entity.name.translation === value) return entity;
  return { ...entity, name: { ...entity.name, translation: value } };
}
