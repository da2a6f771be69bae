import { describe, expect, it } from 'vitest';
import { COST_ITEMS, seedScenario, STEP_PARTS } from '../../../shared/model/simulation';
import { SIM_FIELD_GROUPS, SIM_FIELDS } from '../../../shared/model/simulation-form';
import { simulatorLocale } from './locales';

type Tree = { [k: string]: string | Tree };
const en = simulatorLocale.en.simulator as Tree;
const zh = simulatorLocale['zh-CN'].simulator as Tree;

function keys(t: Tree, prefix = ''): string[] {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
function at(t: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Tree)[k] : undefined), t);
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('simulator strings', () => {
  it('has the same keys in both languages, each with the same placeholders', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const k of keys(en)) expect(placeholders(at(zh, k) as string), k).toEqual(placeholders(at(en, k) as string));
  });

  it('labels every field, unit, option, group, step part and cost item in both languages', () => {
    for (const lang of [en, zh]) {
      for (const f of SIM_FIELDS) {
        expect(typeof at(lang, `field.${f.path}`), f.path).toBe('string');
        if (f.kind === 'number') expect(typeof at(lang, `unit.${f.unit}`), f.unit).toBe('string');
        if (f.kind === 'choice' && f.path !== 'cluster.gpu')
          for (const o of f.options) expect(at(lang, `option.${f.path}.${o}`), `${f.path}=${o}`).toBeTruthy();
      }
      for (const g of SIM_FIELD_GROUPS) expect(at(lang, `group.${g}`)).toBeTruthy();
      for (const p of STEP_PARTS) expect(at(lang, `part.${p}`)).toBeTruthy();
      for (const c of COST_ITEMS) expect(at(lang, `costItem.${c}`)).toBeTruthy();
      // Every seeded value can say where it came from.
      for (const n of seedScenario({ kind: 'self-built' }, { rolloutSteps: 200 }).notes)
        expect(at(lang, `seed.${n.path.replaceAll('.', '_')}`), n.path).toBeTruthy();
    }
  });
});
