import type { Lang } from '../../shared/framework';
import { ASSUMPTION_LABELS, fillText, lastReevaluation, whatItTakes, type WorkshopDoc } from '../../shared/model';
import { formatNumber } from '../../shared/format';
import type { ReportStrings } from '../../shared/i18n/report';
import { hierarchyJudged } from '../analysis/analysis';
import { sensitivity } from '../engine/sensitivity';
import { weightMoves } from './weight-moves';

/** The last re-evaluation the team kept, in the report's words (names inside unescaped); the "decision health" section prints it. */
export interface ReevaluationView {
  title: string;
  /** Label–value lines: the what-if (name, date), the standing with the evidence, what it would take, what the team did. */
  rows: Array<[string, string[]]>;
}

/**
 * The re-evaluation kept last (shared/model `lastReevaluation`): whether the decided candidate
 * still ranks first in its what-if and by how much, what it would take (the engine's smallest
 * weight change, on that what-if), and the team's outcome. Null when none was kept.
 */
export function reevaluationView(
  doc: WorkshopDoc,
  lang: Lang,
  s: ReportStrings,
  candidateName: (id: string) => string,
  criterionName: (id: string) => string,
): ReevaluationView | null {
  const kept = lastReevaluation(doc, hierarchyJudged(doc));
  if (!kept) return null;
  const R = s.reevaluation;
  const L = ASSUMPTION_LABELS[lang];
  const decided = candidateName(kept.candidateId);
  const pp = (d: number) => formatNumber(d * 100, lang, 1);
  const result =
    kept.stillWins === null || kept.margin === null
      ? R.unavailable
      : fillText(kept.stillWins ? L.stillWins : L.noLongerWins, { candidate: decided, margin: pp(Math.abs(kept.margin)) });
  return {
    title: R.reevaluated,
    rows: [
      [R.whatIf, [R.whatIfText(kept.scenario.name, kept.scenario.createdAt.slice(0, 10))]],
      [R.result, [result]],
      [R.whatItTakes, takes(kept, doc, lang, s, candidateName, criterionName)],
      [R.outcome, [outcome(kept.outcome, s, candidateName)]],
    ],
  };
}

type Kept = NonNullable<ReturnType<typeof lastReevaluation>>;

/** What it would take, from `engine.sensitivity` on the what-if: to win again (when it lost), and the smallest change that changes the winner. */
function takes(
  kept: Kept,
  doc: WorkshopDoc,
  lang: Lang,
  s: ReportStrings,
  candidateName: (id: string) => string,
  criterionName: (id: string) => string,
): string[] {
  const R = s.reevaluation;
  if (!kept.sensitivity || kept.decided < 0) return [R.unavailable];
  const answer = sensitivity(kept.sensitivity.values, kept.sensitivity.weights);
  const pp = (d: number) => formatNumber(d * 100, lang, 1);
  const name = (i: number) => candidateName(doc.candidates[i].id);
  const out: string[] = [];
  const w = kept.stillWins === false ? whatItTakes(answer, kept.decided) : null;
  if (w) {
    const values = { name: name(kept.decided), leader: name(w.above), rank: w.behind + 1, distance: w.distance === null ? '' : pp(w.distance) };
    if (w.distance === null || !w.weights) out.push(fillText(R.regainNone, values));
    else
      out.push(
        R.withMoves(fillText(w.behind > 1 ? R.regainFar : R.regain, values), weightMoves(kept.sensitivity.weights, w.weights, lang, s, doc, criterionName)),
      );
  }
  out.push(
    answer.smallestChange
      ? fillText(R.smallestChange, { distance: pp(answer.smallestChange.distance), name: name(answer.smallestChange.winner) })
      : R.neverChanges,
  );
  return out;
}

function outcome(o: Kept['outcome'], s: ReportStrings, candidateName: (id: string) => string): string {
  const R = s.reevaluation;
  if (o.kind === 'confirmed') return R.confirmed(o.date, o.observation);
  if (o.kind === 'new-decision') return (o.same ? R.decidedAgain : R.newDecision)(candidateName(o.candidateId), o.at.slice(0, 10));
  return R.open;
}
