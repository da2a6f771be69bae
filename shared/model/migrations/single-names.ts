import type { Migration } from './types';

/*
 * One name per candidate, dimension and simulation. Before: `name` held a name per language
 * (`{ 'zh-CN', en }`) for candidates and dimensions, and a simulation's `name` was a string
 * the app filled with its title in the workshop's language. After: `name` is
 * `{ text, default, translation }` — `text` the name the team typed (the name in every
 * language), `default` a bilingual template/app name used while `text` is empty, `translation`
 * an optional translation of the typed name. Candidates also get a `colour` slot (their order).
 *
 * Nothing typed is lost: a side that differs from the default counts as typed. When both sides
 * are typed and differ, the workshop language's side becomes the name, the other its translation.
 * The defaults below are a frozen copy of the template and app names at the time of this step.
 */

type Pair = { 'zh-CN': string; en: string };
const pair = (zh: string, en: string): Pair => ({ 'zh-CN': zh, en });

const TEMPLATE_NAMES: Record<string, Pair> = {
  // candidates
  'self-built': pair('自建分布式训练集群', 'Self-built distributed training cluster'),
  managed: pair('托管云训练平台', 'Managed cloud training platform'),
  hybrid: pair('混合架构', 'Hybrid architecture'),
  // dimensions
  'mismatch-control': pair('失配控制', 'Mismatch control'),
  'throughput-efficiency': pair('吞吐效率', 'Throughput efficiency'),
  'context-management': pair('上下文管理', 'Context management'),
  'credit-assignment': pair('信用分配', 'Credit assignment'),
  'stability-fault-tolerance': pair('稳定性与容错', 'Stability and fault tolerance'),
  scalability: pair('扩展性', 'Scalability'),
  'security-compliance': pair('安全与合规', 'Security and compliance'),
  'operations-complexity': pair('运维复杂度', 'Operational complexity'),
  'cost-structure': pair('成本结构', 'Cost structure'),
};
const NEW_CANDIDATE = pair('新候选方案', 'New candidate');
const NEW_CRITERION = pair('新评估维度', 'New criterion');
const SIMULATION_TITLE = pair('成本与吞吐场景', 'Cost and throughput scenario');

type Name = { text: string; default: Pair | null; translation: string };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Old per-language name → one name, given the defaults it may still be equal to. */
export function singleName(old: unknown, defaults: Pair[], primary: 'zh-CN' | 'en'): Name {
  const zh = isObject(old) ? str(old['zh-CN']).trim() : '';
  const en = isObject(old) ? str(old.en).trim() : '';
  const isDefault = (s: string) => defaults.some((d) => s === d['zh-CN'].trim() || s === d.en.trim());
  const zhTyped = zh !== '' && !isDefault(zh);
  const enTyped = en !== '' && !isDefault(en);
  if (zhTyped && enTyped) {
    const [text, other] = primary === 'en' ? [en, zh] : [zh, en];
    return { text, default: null, translation: other === text ? '' : other };
  }
  if (zhTyped || enTyped) return { text: zhTyped ? zh : en, default: null, translation: '' };
  // A default in both languages (or nothing at all): keep the default the sides came from.
  const found = defaults.find((d) => [zh, en].some((s) => s !== '' && (s === d['zh-CN'].trim() || s === d.en.trim())));
  return { text: '', default: found ? { ...found } : null, translation: '' };
}

function up(doc: Record<string, unknown>): Record<string, unknown> {
  const meta = isObject(doc.meta) ? doc.meta : {};
  const primary = meta.lang === 'en' ? 'en' : 'zh-CN';
  const rename = (list: unknown, generated: Pair, colour: boolean) =>
    Array.isArray(list)
      ? list.map((item, i) => {
          if (!isObject(item)) return item;
          const id = str(item.id);
          const defaults = [TEMPLATE_NAMES[id], generated].filter((d): d is Pair => d !== undefined);
          return { ...item, name: singleName(item.name, defaults, primary), ...(colour ? { colour: i } : {}) };
        })
      : list;
  return {
    ...doc,
    candidates: rename(doc.candidates, NEW_CANDIDATE, true),
    criteria: rename(doc.criteria, NEW_CRITERION, false),
    simulations: Array.isArray(doc.simulations)
      ? doc.simulations.map((s) => {
          if (!isObject(s)) return s;
          const name = str(s.name).trim();
          const isDefault = name === '' || name === SIMULATION_TITLE['zh-CN'] || name === SIMULATION_TITLE.en;
          return { ...s, name: isDefault ? { text: '', default: { ...SIMULATION_TITLE }, translation: '' } : { text: name, default: null, translation: '' } };
        })
      : doc.simulations,
  };
}

export const singleNames: Migration = {
  summary: 'One name per candidate, dimension and simulation (typed, or a default shown in the UI language); a colour slot per candidate',
  up,
};
