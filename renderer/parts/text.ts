import type { Lang } from '../../shared/framework';
import {
  candidateName as nameOfCandidate,
  changeLines,
  changesSinceDecision,
  criterionName as nameOfCriterion,
  type HierarchyJudged,
  type WorkshopDoc,
} from '../../shared/model';

/** A criterion's name (shared/model/names.ts), or undefined if it is gone. */
export function criterionName(doc: WorkshopDoc, id: string, lang: Lang): string | undefined {
  return doc.criteria.some((x) => x.id === id) ? nameOfCriterion(doc, id, lang) : undefined;
}

/** A candidate's name (shared/model/names.ts), or `fallback` if it is gone. */
export function candidateName(doc: WorkshopDoc, id: string, lang: Lang, fallback = id): string {
  return doc.candidates.some((x) => x.id === id) ? nameOfCandidate(doc, id, lang) : fallback;
}

/**
 * What changed since the decision (its snapshot against the document now) as lines in `lang`:
 * the same on the assumptions board and beside the decision record. Null without a snapshot;
 * empty when nothing the decision rested on changed (a candidate no longer there is named by its id).
 * `judged`: the engine's answers for pairwise dimensions scored at their focus points (api/hierarchy-judged).
 */
export function decisionChangeLines(doc: WorkshopDoc, lang: Lang, judged: HierarchyJudged = {}): string[] | null {
  const s = doc.decision.snapshot;
  if (s === null) return null;
  const names = { candidate: (id: string) => candidateName(doc, id, lang, id), criterion: (id: string) => criterionName(doc, id, lang) ?? id };
  return changeLines(changesSinceDecision(doc, s, judged), lang, names, doc.currency.code);
}

/** "+5" / "−3" (a real minus sign). */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${Math.abs(delta)}` : '±0';
}

/** "a, b and c" / "a、b、c". */
export function listJoin(items: string[], lang: Lang): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);
}

export function formatNumber(x: number, lang: Lang, digits = 1): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(x);
}

/** Today as `YYYY-MM-DD` in local time. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** '' → null; a plain decimal (comma or point, thousands separators allowed) → number; else 'invalid'. */
export function parseDraft(text: string): number | null | 'invalid' {
  const s = text.trim().replace(/[\s_]/g, '');
  if (s === '') return null;
  const normal = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s) ? s.replace(/,/g, '') : s.replace(/^([+-]?\d*),(\d+)$/, '$1.$2');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normal)) return 'invalid';
  const n = Number(normal);
  return Number.isFinite(n) ? n : 'invalid';
}
