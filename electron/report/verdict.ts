import { FRAGILITY } from '../analysis/analysis';
import type { ReportContent } from './content';
import { acceptabilityText, formatPercent } from './content';

/** A fraction in hundredths (percentage points, points out of 100), without trailing zeros: 0.05 → "5", 0.025 → "2.5". */
const hundredths = (v: number) => String(Math.round(v * 10_000) / 100);

/**
 * The fragile-winner verdict in words, one line per finding, in the report's language.
 * Plain text (not escaped): candidate and criterion names inside are user text, so each
 * format escapes these lines as a whole.
 */
export function verdictLines(r: ReportContent): string[] {
  const { analysis, doc, s, lang } = r;
  const v = analysis.verdict;
  const ev = analysis.evaluation;
  if (!v || !ev) return [];
  const zh = lang === 'zh-CN';
  const name = (i: number) => r.candidateName(doc.candidates[i].id);
  const winner = ev.ranking[0];
  const lines: string[] = [];
  // The thresholds in words come from the verdict's own thresholds (the room states the same ones).
  const minAcceptability = formatPercent(FRAGILITY.minAcceptability);
  const minWeightChange = hundredths(FRAGILITY.minWeightChange);
  const minMargin = hundredths(FRAGILITY.minMargin);
  if (ev.totals.length > 1) {
    const margin = ev.totals[winner] - ev.totals[ev.ranking[1]];
    lines.push(`${s.margin}${s.colon}${(margin * 100).toFixed(1)} / 100${zh ? `（${name(ev.ranking[1])}）` : ` (${name(ev.ranking[1])})`}`);
  }
  if (analysis.smaa)
    lines.push(
      `${s.firstRank}${zh ? `（${name(winner)}）` : ` (${name(winner)})`}${s.colon}${acceptabilityText(analysis.smaa.rankAcceptability[winner][0], analysis.smaa.standardError[winner][0], lang)}`,
    );
  const crit = analysis.sensitivity?.mostCritical;
  if (crit) {
    const change = `${crit.change > 0 ? '+' : '−'}${(Math.abs(crit.change) * 100).toFixed(1)} ${s.pp}`;
    lines.push(s.mostCritical(r.criterionName(doc.criteria[crit.criterion].id), change, name(crit.winner)));
  }
  for (const reason of v.reasons) {
    switch (reason.kind) {
      case 'low-acceptability':
        lines.push(
          zh
            ? `在不足 ${minAcceptability} 的模拟中排名第一（${formatPercent(reason.acceptability, 1)}）。`
            : `Ranks first in fewer than ${minAcceptability} of the simulations (${formatPercent(reason.acceptability, 1)}).`,
        );
        break;
      case 'small-weight-change':
        lines.push(
          zh
            ? `单个维度权重变化不到 ${minWeightChange} 个百分点即会改变第一名。`
            : `A change of less than ${minWeightChange} percentage points in one weight changes the winner.`,
        );
        break;
      case 'narrow-margin':
        lines.push(zh ? `领先第二名不到 ${minMargin} 分（满分 100）。` : `Leads the runner-up by less than ${minMargin} points out of 100.`);
        break;
      case 'incomplete-scores':
        lines.push(
          zh
            ? `第一名的总分只覆盖 ${formatPercent(reason.coverage)} 的权重（存在未评分项）。`
            : `The winner's total covers only ${formatPercent(reason.coverage)} of the weight (unscored cells).`,
        );
        break;
    }
  }
  if (analysis.topsis) {
    const other = name(analysis.topsis.ranking[0]);
    if (analysis.topsis.agrees) lines.push(zh ? `换用 TOPSIS 方法，第一名仍是 ${other}。` : `TOPSIS, a different method, also ranks ${other} first.`);
    else
      lines.push(
        zh
          ? `换用 TOPSIS 方法，第一名变为 ${other}：结论取决于评估方法。`
          : `TOPSIS, a different method, ranks ${other} first: the result depends on the method.`,
      );
  }
  if (!v.fragile) lines.push(zh ? '各项稳健性检查均通过。' : 'Every robustness check passes.');
  return lines;
}
