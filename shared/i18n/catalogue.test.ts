import { describe, expect, it } from 'vitest';
import { COST_ITEMS, seedScenario, STEP_PARTS } from '../model/simulation';
import { SIM_FIELD_GROUPS, SIM_FIELDS } from '../cost/form';
import { CATALOGUE } from './index';

/**
 * The catalogue's own checks. That a screen asks only for keys that exist, and that zh-CN has
 * exactly the keys of en, is the compiler's job (typed `t`, `Widen<typeof en>`); these check
 * what types cannot: the values.
 */
type Tree = { readonly [k: string]: unknown };

/** Every leaf of a tree as [path, value]; a plural counts by its base key (zh has no `_one`). */
function leaves(t: unknown, prefix = ''): [string, unknown][] {
  if (typeof t !== 'object' || t === null) return [[prefix, t]];
  return Object.entries(t).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const base = (k: string) => k.replace(/_(one|other)$/, '');
const at = (t: unknown, p: string): unknown => p.split('.').reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Tree)[k] : undefined), t);
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}|\{(\w+)\}/g)].map((m) => m[1] ?? m[2]).sort();
const CJK = /[\u3400-\u9fff]/;

/** Texts whose caller passes more than each language uses: English quotes the JSON parser's (English) reason, Chinese the position. */
const OWN_PLACEHOLDERS = new Set(['export.export.transfer.notJson']);

/** Deliberately empty: the `''` key (no bucket) and the unit "none" read as nothing. */
const MAY_BE_EMPTY = (k: string) => k.endsWith('.') || k.endsWith('unit.none');

const en = CATALOGUE.en;
const zh = CATALOGUE['zh-CN'];

describe('the text catalogue', () => {
  it('has the same keys in both languages (plurals by base key), each with the same placeholders', () => {
    const enLeaves = leaves(en);
    const zhLeaves = new Map(leaves(zh).map(([k, v]) => [base(k), v]));
    expect([...zhLeaves.keys()].sort()).toEqual([...new Set(enLeaves.map(([k]) => base(k)))].sort());
    for (const [k, v] of enLeaves)
      if (typeof v === 'string' && !k.endsWith('_one') && !OWN_PLACEHOLDERS.has(k))
        expect(placeholders(zhLeaves.get(base(k)) as string), k).toEqual(placeholders(v));
  });

  it('has no empty text, and no zh-CN text that is an English sentence', () => {
    for (const [k, v] of [...leaves(en), ...leaves(zh)]) if (typeof v === 'string' && !MAY_BE_EMPTY(k)) expect(v.trim(), k).not.toBe('');
    // A value with three Latin words in a row and no Chinese character is an untranslated sentence
    // (product names, units and formats such as "GPU", "{{name}} — {{memory}} GB" are fine).
    const english = leaves(zh).filter(
      ([, v]) => typeof v === 'string' && !CJK.test(v) && /[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(v.replace(/\{\{?\w+\}?\}/g, '')),
    );
    expect(english).toEqual([]);
  });

  it('points nobody to a README: each text says what it means in place', () => {
    expect(JSON.stringify(CATALOGUE)).not.toMatch(/README/);
  });

  it('labels every simulator field, unit, option, group, step part, cost item and seed note in both languages', () => {
    for (const lang of [en, zh]) {
      const sim = lang.simulator.simulator;
      for (const f of SIM_FIELDS) {
        expect(typeof at(sim.field, f.path), f.path).toBe('string');
        if (f.kind === 'number') expect(typeof at(sim.unit, f.unit), f.unit).toBe('string');
        if (f.kind === 'choice' && f.path !== 'cluster.gpu') for (const o of f.options) expect(at(sim.option, `${f.path}.${o}`), `${f.path}=${o}`).toBeTruthy();
      }
      for (const g of SIM_FIELD_GROUPS) expect(at(sim.group, g)).toBeTruthy();
      for (const p of STEP_PARTS) expect(at(sim.part, p)).toBeTruthy();
      for (const c of COST_ITEMS) expect(at(sim.costItem, c)).toBeTruthy();
      // Every seeded value can say where it came from (the screen looks these up by the note's path).
      for (const n of seedScenario({ kind: 'self-built' }, { rolloutSteps: 200 }).notes) expect(at(sim.seed, n.path.replaceAll('.', '_')), n.path).toBeTruthy();
    }
  });
});
