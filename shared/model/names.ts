import { t, type Lang, type LocalizedText } from '../framework';
import type { Candidate, Criterion, Name, Simulation, WorkshopDoc } from './schema';

/*
 * Names: one home for how a candidate, dimension or simulation is called. The name the team
 * typed is the name in every UI language and export; a default (the template's bilingual name,
 * or one the app generated) is shown in the UI's language until the team types one. A name
 * that is empty (only older files can hold one) reads as a numbered placeholder, never as a
 * raw id or a blank.
 */

/** The placeholders for an unnamed entity ("{n}" is its 1-based position). */
export const PLACEHOLDER_NAMES = {
  candidate: t('候选方案 {n}', 'Candidate {n}'),
  criterion: t('评估维度 {n}', 'Criterion {n}'),
  simulation: t('模拟 {n}', 'Simulation {n}'),
} as const satisfies Record<string, LocalizedText>;

/** Defaults the app gives a new entity when the team gives no name. */
export const NEW_CANDIDATE_NAME = t('新候选方案', 'New candidate');
export const NEW_CRITERION_NAME = t('新评估维度', 'New criterion');

/** A name the team typed (trimmed; an empty text is not a name). */
export function typedName(text: string, translation = ''): Name {
  return { text: text.trim(), default: null, translation: translation.trim() };
}

/** A default name, shown in the UI's language until the team types one. */
export function defaultName(text: LocalizedText): Name {
  return { text: '', default: { 'zh-CN': text['zh-CN'], en: text.en }, translation: '' };
}

/** Whether the name is still a default (template or app generated). */
export function isDefaultName(name: Name): boolean {
  return !name.text.trim() && name.default !== null;
}

/** The name in `lang`: the typed name, else the default in `lang` (else in the other language); '' when there is none. */
export function nameText(name: Name, lang: Lang): string {
  if (name.text.trim()) return name.text;
  const d = name.default;
  if (!d) return '';
  const own = d[lang];
  if (own && own.trim()) return own;
  return d[lang === 'en' ? 'zh-CN' : 'en'] ?? '';
}

/** A numbered placeholder ("Candidate 3") for an entity without a name. */
export function placeholderName(kind: keyof typeof PLACEHOLDER_NAMES, position: number, lang: Lang): string {
  return PLACEHOLDER_NAMES[kind][lang].replace('{n}', String(position + 1));
}

/**
 * What to call `entity` (the `position`-th of its list) in `lang`: its typed name, its default
 * in `lang`, or the numbered placeholder — never empty.
 */
export function displayName(entity: { name: Name }, lang: Lang, kind: keyof typeof PLACEHOLDER_NAMES, position: number): string {
  return nameText(entity.name, lang) || placeholderName(kind, position, lang);
}

/** The optional translation of a typed name ('' when none, or when the name is a default). */
export function nameTranslation(name: Name): string {
  return name.text.trim() ? name.translation.trim() : '';
}

type Lists = Pick<WorkshopDoc, 'candidates' | 'criteria'>;

function named<T extends { id: string; name: Name }>(list: T[], id: string, lang: Lang, kind: keyof typeof PLACEHOLDER_NAMES): string {
  const i = list.findIndex((x) => x.id === id);
  return i < 0 ? id : displayName(list[i], lang, kind, i);
}

/** A candidate's name by id (its id only when no such candidate exists). */
export function candidateName(doc: Pick<Lists, 'candidates'>, id: string, lang: Lang): string {
  return named<Candidate>(doc.candidates, id, lang, 'candidate');
}

/** A dimension's name by id (its id only when no such dimension exists). */
export function criterionName(doc: Pick<Lists, 'criteria'>, id: string, lang: Lang): string {
  return named<Criterion>(doc.criteria, id, lang, 'criterion');
}

/** A simulation's name (its default title in `lang` until the team names it). */
export function simulationName(doc: Pick<WorkshopDoc, 'simulations'>, sim: Simulation, lang: Lang): string {
  return displayName(sim, lang, 'simulation', Math.max(0, doc.simulations.indexOf(sim)));
}

/** Every name an entity answers to (typed, translation, both defaults), e.g. to match imported files. */
export function nameAliases(name: Name): string[] {
  return [name.text, name.translation, name.default?.['zh-CN'] ?? '', name.default?.en ?? ''].map((s) => s.trim()).filter(Boolean);
}
