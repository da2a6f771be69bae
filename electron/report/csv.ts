import type { CsvKind } from '../../shared/contract/report';
import { enteredScores, type ReportContent } from './content';
import { csvRow } from './escape';

/**
 * CSV exports: UTF-8 with a byte-order mark (so Excel opens Chinese text correctly),
 * RFC 4180 quoting, CRLF line ends, formula-looking text neutralised (see `csvCell`).
 *
 * `kind` picks one table; `all` (the default) puts every table in one file, each
 * section introduced by a `# name` line and separated by an empty line:
 * - `scores`: long form, one row per score in force as entered —
 *   participant,candidate,criterion,score,rationale,focus_point. A dimension scored at its focus
 *   points (hierarchy.ts) has one row per focus point score instead of its own dimension scores
 *   (those are kept in the document but not used): `criterion` the dimension, `focus_point` the
 *   focus point's name, `rationale` the focus point score's own. `focus_point` is empty
 *   on every other row; it was added last, so the first five columns read as before it.
 * - `weights`: criterion,group,base_weight,adaptation_delta,final_weight,share,accepted_rules
 * - `aggregate`: candidate,criterion,group_score,disagreement (group score per cell, std dev across participants)
 * - `results`: rank,candidate,total,coverage,first_rank_acceptability,chosen,first_rank_standard_error
 *   (total and shares in 0…1; the last is the acceptability's Monte Carlo standard error)
 */
export const BOM = '\uFEFF';

export function renderCsv(r: ReportContent, kind: CsvKind = 'all'): string {
  const tables: Record<Exclude<CsvKind, 'all'>, () => string> = {
    scores: () => scoresCsv(r),
    weights: () => weightsCsv(r),
    aggregate: () => aggregateCsv(r),
    results: () => resultsCsv(r),
  };
  if (kind !== 'all') return BOM + tables[kind]();
  return BOM + (Object.keys(tables) as Array<keyof typeof tables>).map((k) => csvRow([`# ${k}`]) + tables[k]()).join('\r\n');
}

function scoresCsv(r: ReportContent): string {
  const names = new Map(r.doc.participants.map((p) => [p.id, p.name]));
  return (
    csvRow(['participant', 'candidate', 'criterion', 'score', 'rationale', 'focus_point']) +
    enteredScores(r.doc, r.lang)
      .map(({ score: s, focusPoint }) =>
        csvRow([
          names.get(s.participantId) ?? s.participantId,
          r.candidateName(s.candidateId),
          r.criterionName(s.criterionId),
          s.value,
          s.rationale,
          focusPoint ?? '',
        ]),
      )
      .join('')
  );
}

function weightsCsv(r: ReportContent): string {
  return (
    csvRow(['criterion', 'group', 'base_weight', 'adaptation_delta', 'final_weight', 'share', 'accepted_rules']) +
    r.weights.map((w) => csvRow([w.name, w.group, w.base, w.delta, w.final, round(w.share), w.reasons.map((x) => x.ruleId).join(' ')])).join('')
  );
}

function aggregateCsv(r: ReportContent): string {
  const { doc } = r;
  return (
    csvRow(['candidate', 'criterion', 'group_score', 'disagreement']) +
    r.scoreTable
      .flatMap((row) =>
        row.cells.map((cell, k) =>
          csvRow([
            row.candidate,
            r.criterionName(doc.criteria[k].id),
            cell.value === null ? null : round(cell.value),
            cell.spread === null ? null : round(cell.spread),
          ]),
        ),
      )
      .join('')
  );
}

function resultsCsv(r: ReportContent): string {
  return (
    csvRow(['rank', 'candidate', 'total', 'coverage', 'first_rank_acceptability', 'chosen', 'first_rank_standard_error']) +
    r.ranking
      .map((row) =>
        csvRow([
          row.rank,
          row.name,
          round(row.total),
          round(row.coverage),
          row.firstRank === null ? null : round(row.firstRank),
          row.chosen,
          row.firstRankError === null ? null : round(row.firstRankError),
        ]),
      )
      .join('')
  );
}

/** Six decimals: plenty for shares and group scores, and no 0.30000000000000004 in a spreadsheet. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;
