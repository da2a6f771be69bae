import type { Assumption, AssumptionId, AssumptionMetric, AssumptionSource, AssumptionStatus } from './assumptions';
import type { SnapshotChanges } from './decision-snapshot';
import { assumptions as enAssumptions } from '../i18n/en/assumptions';
import { assumptions as zhAssumptions } from '../i18n/zh-CN/assumptions';

type Lang = 'zh-CN' | 'en';

/** The board's words in one language: every assumption, source and status named (a compile error otherwise). */
type BoardWords = typeof enAssumptions & {
  ids: Record<AssumptionId, string>;
  sources: Record<AssumptionSource, string>;
  statuses: Record<AssumptionStatus, string>;
  units: Partial<Record<AssumptionMetric, string>>;
};

/** The assumptions board's words (shared/i18n `assumptions`), the same on screen (steps 6 and 7) and in the reports' "decision health". */
export const ASSUMPTION_LABELS: Readonly<Record<Lang, BoardWords>> = { en: enAssumptions, 'zh-CN': zhAssumptions };

/** Fills `{{name}}` placeholders. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

const fmt = (x: number, lang: Lang, digits = 1) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(x);

/** A value of a measure with its unit ("36 s", "62 %", "31,000 USD"). */
export function formatMeasure(metric: AssumptionMetric, x: number, lang: Lang, currency: string): string {
  const L = ASSUMPTION_LABELS[lang];
  if (metric === 'success-rate') return `${fmt(x * 100, lang)} %`;
  if (metric === 'monthly-cost') return `${fmt(x, lang, 0)} ${currency}`;
  const unit = L.units[metric];
  return unit ? `${fmt(x, lang)} ${unit}` : fmt(x, lang);
}

/** The expected band in words: "30 s – 40 s", "≥ 100 /h", "≤ 50,000 USD". */
export function formatExpected(a: Pick<Assumption, 'metric' | 'expected'>, lang: Lang, currency: string): string {
  const { min, max } = a.expected;
  const f = (x: number) => formatMeasure(a.metric, x, lang, currency);
  if (min !== null && max !== null) return min === max ? f(min) : `${f(min)} – ${f(max)}`;
  if (min !== null) return `≥ ${f(min)}`;
  if (max !== null) return `≤ ${f(max)}`;
  return ASSUMPTION_LABELS[lang].none;
}

/** The names a diff line needs, in the reader's language. */
export interface ChangeNames {
  candidate: (id: string) => string;
  criterion: (id: string) => string;
}

/** "What changed since the decision" as lines of text (empty: nothing changed). */
export function changeLines(c: SnapshotChanges, lang: Lang, names: ChangeNames, currency: string): string[] {
  const L = ASSUMPTION_LABELS[lang];
  const n = (x: number | string | null, digits = 2) => (x === null ? L.none : typeof x === 'string' ? x : fmt(x, lang, digits));
  const lines: string[] = [];
  for (const w of c.weights) lines.push(fillText(L.weight, { criterion: names.criterion(w.id), before: n(w.before), after: n(w.after) }));
  for (const s of c.scores)
    lines.push(
      fillText(L.score, { candidate: names.candidate(s.candidateId), criterion: names.criterion(s.criterionId), before: n(s.before), after: n(s.after) }),
    );
  for (const id of c.candidates.added) lines.push(fillText(L.added, { candidate: names.candidate(id) }));
  for (const id of c.candidates.removed) lines.push(fillText(L.removed, { candidate: names.candidate(id) }));
  for (const e of c.evidence) {
    const unit = e.figure === 'cost' ? ` ${currency}` : e.figure === 'stepSeconds' ? ` ${L.units['step-seconds']}` : '';
    lines.push(
      fillText(L.evidence, {
        figure: L.figures[e.figure],
        candidate: names.candidate(e.candidateId),
        before: e.before === null ? L.none : n(e.before, 1) + unit,
        after: e.after === null ? L.none : n(e.after, 1) + unit,
      }),
    );
  }
  for (const d of c.needs) {
    const v = (x: number | string | null) => (d.target === 'successTarget' && typeof x === 'number' ? `${fmt(x * 100, lang)} %` : n(x));
    lines.push(fillText(L.need, { target: L.targets[d.target], before: v(d.before), after: v(d.after) }));
  }
  return lines;
}
