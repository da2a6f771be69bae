/**
 * Names of the cost-simulation scenario's fields and of their options, in both languages: the
 * simulator screen's labels and the reports' scenario tables (which must not show raw keys
 * such as `cost.archetype`) read them from here (the words: en/simLabels.ts, zh-CN/simLabels.ts).
 */
import { simLabels as en } from './en/simLabels';
import { simLabels as zh } from './zh-CN/simLabels';

export const SIM_LABELS = { en, 'zh-CN': zh } as const;

type Tree = { readonly [k: string]: string | Tree };

function at(tree: Tree, path: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

/** The label of a scenario field by its dotted path (`rollout.turns.median`), or `undefined` if it has none. */
export function simFieldLabel(path: string, lang: 'en' | 'zh-CN'): string | undefined {
  const label = at(SIM_LABELS[lang].field, path);
  return typeof label === 'string' ? label : undefined;
}

/** The label of an option value of a scenario field (`cost.archetype` = `managed`), or `undefined`. */
export function simOptionLabel(path: string, value: string, lang: 'en' | 'zh-CN'): string | undefined {
  const options = at(SIM_LABELS[lang].option, path);
  const label = typeof options === 'object' ? options[value] : undefined;
  return typeof label === 'string' ? label : undefined;
}

/** Units not written after a value: the field's name says what it is (a share 0–1, a probability). */
const UNITLESS = new Set(['none', 'fraction', 'probability']);

/**
 * A scenario value with its unit, for reading: "8 turns", "30 s", "16 GPUs", "2.5 USD per
 * GPU-hour" ("8 轮", "30 秒", "16 卡"). `unit` is the field's unit (shared/cost/form
 * `fieldSpec(path).unit`); a value without one is returned as it is.
 */
export function simValueText(value: string, unit: string | undefined, lang: 'en' | 'zh-CN'): string {
  if (!unit || UNITLESS.has(unit)) return value;
  const name = SIM_LABELS[lang].unit[unit as keyof typeof en.unit];
  if (!name) return value;
  return unit === 'percent' ? `${value}${name}` : `${value} ${name}`;
}
