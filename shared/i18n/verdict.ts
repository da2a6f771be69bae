import type { FragilityReasonResult } from '../contract/analysis';
import type { Lang } from '../framework';
import { formatPercent } from '../format';
import { verdict as en } from './en/verdict';
import { verdict as zh } from './zh-CN/verdict';

/** What the verdict is worded from: the analysis (room: the contract's answer; reports: the Node side's own). */
export interface VerdictInput {
  evaluation: { ranking: readonly number[]; totals: readonly number[] } | null;
  verdict: { fragile: boolean; reasons: readonly FragilityReasonResult[] } | null;
  sensitivity?: { mostCritical?: { criterion: number; change: number; percent: number | null; winner: number } | null } | null;
  topsis?: { agrees: boolean; ranking: readonly number[] } | null;
  smaa?: { rankAcceptability: readonly (readonly number[])[] } | null;
}

/** The verdict's thresholds (shared/contract analysis `thresholds`), to state them next to it. */
export interface VerdictThresholds {
  minAcceptability: number;
  minWeightChange: number;
  minMargin: number;
}

/** The fragile-winner verdict in words: the room's box and the reports' verdict both show these sentences. */
export interface VerdictText {
  fragile: boolean;
  /** "Fragile winner" / "Robust". */
  tag: string;
  headline: string;
  /** Why it is fragile, one sentence per finding (empty when robust). */
  reasons: string[];
  /** The weight change that would change the winner, or that none can; null with one candidate. */
  critical: string | null;
  /** Whether TOPSIS agrees, when it was run. */
  method: string | null;
  /** The winner's first-rank acceptability, when SMAA was run. */
  first: string | null;
}

/** Percentage points, one decimal, without sign: 0.0312 → "3.1". */
const pp = (x: number) => (Math.abs(x) * 100).toFixed(1);

/**
 * The verdict of `a` in `lang`, or null before there is one. `candidate(i)` and `criterion(i)`
 * name the i-th candidate and criterion in the reader's language (user text, unescaped).
 */
export function verdictText(
  a: VerdictInput,
  thresholds: VerdictThresholds,
  names: { candidate: (i: number) => string; criterion: (i: number) => string },
  lang: Lang,
): VerdictText | null {
  const w = lang === 'zh-CN' ? zh : en;
  const ev = a.evaluation;
  if (!ev || !a.verdict) return null;
  const { candidate: name, criterion: crit } = names;
  const pct = (x: number) => formatPercent(x, lang);
  const winner = ev.ranking[0];
  const reasons = a.verdict.reasons.map((r) => {
    switch (r.kind) {
      case 'low-acceptability':
        return w.lowAcceptability(pct(r.acceptability), pct(thresholds.minAcceptability));
      case 'small-weight-change':
        return w.smallChange(crit(r.criterion), pp(r.change), name(r.winner), pp(thresholds.minWeightChange));
      case 'narrow-margin':
        return w.narrowMargin(pp(r.margin), pp(thresholds.minMargin));
      case 'incomplete-scores':
        return w.incomplete(pct(r.coverage));
    }
  });
  const mc = a.sensitivity?.mostCritical;
  const critical = mc
    ? (mc.change > 0 ? w.criticalUp : w.criticalDown)(crit(mc.criterion), pp(mc.change), mc.percent === null ? '–' : pct(mc.percent / 100), name(mc.winner))
    : ev.totals.length > 1
      ? w.noCritical
      : null;
  const method = a.topsis ? (a.topsis.agrees ? w.topsisAgrees(name(winner)) : w.topsisDiffers(name(a.topsis.ranking[0]))) : null;
  const first = a.smaa ? w.firstRank(name(winner), pct(a.smaa.rankAcceptability[winner][0])) : null;
  const fragile = a.verdict.fragile;
  return { fragile, tag: fragile ? w.fragileTag : w.robustTag, headline: (fragile ? w.fragile : w.robust)(name(winner)), reasons, critical, method, first };
}
