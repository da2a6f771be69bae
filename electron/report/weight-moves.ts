import type { Lang } from '../../shared/framework';
import { formatPercent } from '../../shared/format';
import type { ReportStrings } from '../../shared/i18n/report';
import type { WorkshopDoc } from '../../shared/model';

/** Weight moves listed: at most this many, each at least this big (as the room lists them). */
const MOVES = { max: 3, min: 0.0005 } as const;

/**
 * The biggest weight moves from `from` (any non-negative scale, normalised here) to `to`
 * (normalised, criterion order) in words: "Cost 30.0% → 22.5%; …" ('' when none is big enough).
 */
export function weightMoves(
  from: readonly number[],
  to: readonly number[],
  lang: Lang,
  s: ReportStrings,
  doc: WorkshopDoc,
  criterionName: (id: string) => string,
): string {
  const sum = from.reduce((a, b) => a + b, 0);
  const pct = (v: number) => formatPercent(v, lang, 1);
  return to
    .map((t, k) => ({ k, from: sum > 0 ? from[k] / sum : 0, to: t }))
    .filter((m) => Math.abs(m.to - m.from) >= MOVES.min)
    .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from))
    .slice(0, MOVES.max)
    .map((m) => s.weightMove(criterionName(doc.criteria[m.k].id), pct(m.from), pct(m.to)))
    .join(lang === 'zh-CN' ? '；' : '; ');
}
