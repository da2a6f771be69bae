import { FRAGILITY } from '../analysis/analysis';
import type { ReportContent } from './content';
import { verdictText } from '../../shared/i18n/verdict';
import { acceptabilityText } from './content';

/**
 * The fragile-winner verdict in words, one line per finding, in the report's language: the
 * margin and the first-rank acceptability (with its standard error) as figures, then the
 * verdict's sentences as the room words them (shared/i18n `verdictText`, thresholds from
 * FRAGILITY). Plain text (not escaped): candidate and criterion names inside are user text, so
 * each format escapes these lines as a whole.
 */
export function verdictLines(r: ReportContent): string[] {
  const { analysis, doc, s, lang } = r;
  const ev = analysis.evaluation;
  const name = (i: number) => r.candidateName(doc.candidates[i].id);
  const v = verdictText(analysis, FRAGILITY, { candidate: name, criterion: (i) => r.criterionName(doc.criteria[i].id) }, lang);
  if (!v || !ev) return [];
  const zh = lang === 'zh-CN';
  const winner = ev.ranking[0];
  const lines: string[] = [v.headline];
  if (ev.totals.length > 1) {
    const margin = ev.totals[winner] - ev.totals[ev.ranking[1]];
    lines.push(`${s.margin}${s.colon}${(margin * 100).toFixed(1)} / 100${zh ? `（${name(ev.ranking[1])}）` : ` (${name(ev.ranking[1])})`}`);
  }
  if (analysis.smaa)
    lines.push(
      `${s.firstRank}${zh ? `（${name(winner)}）` : ` (${name(winner)})`}${s.colon}${acceptabilityText(analysis.smaa.rankAcceptability[winner][0], analysis.smaa.standardError[winner][0], lang)}`,
    );
  if (v.critical) lines.push(v.critical);
  lines.push(...v.reasons);
  if (v.method) lines.push(v.method);
  return lines;
}
