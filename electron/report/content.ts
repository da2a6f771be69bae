import { SimResultSchema, SimScenarioSchema, type SimResult } from '../../shared/cost/schema';
import { estimateScenario } from '../costsim/analytic';
import { NEEDS_GROUPS, VALIDATION_METHODS, pick, type Lang, type NeedsQuestion } from '../../shared/framework';
import {
  ASSUMPTION_LABELS,
  changeLines,
  fillText,
  formatExpected,
  formatMeasure,
  reviewDecision,
  type AssumptionStatus,
  adaptedWeights,
  budgetCurrencyCode,
  costEvidence,
  decisionStatus,
  evidenceEstimateRequest,
  outsideRegionText,
  describeProvenance,
  displayName,
  type EvidenceBand,
  type EvidenceEstimate,
  proposals,
  simulationName,
  weightsProposal,
  type Answer,
  type CurrencyCode,
  type WorkshopDoc,
  type LeafScore,
  type Score,
  hierarchyNode,
  leafName,
  scoredAtLeaves,
} from '../../shared/model';
import { keptResult, resultStatus } from '../../shared/model/simulation';
import { hierarchyJudged, scenarioOutcomes, type ScenarioOutcome, type WorkshopAnalysis } from '../analysis/analysis';
import { reevaluationView, type ReevaluationView } from './reevaluation';
import { weightMoves } from './weight-moves';
import { reportStrings, type ReportStrings } from '../../shared/i18n/report';
import { simFieldLabel, simOptionLabel, simValueText } from '../../shared/i18n/simLabels';
import { fieldSpec } from '../../shared/cost/form';
import { formatDuration, formatMoney, formatNumber as formatNumberIntl, formatPercent as formatPercentIntl } from '../../shared/format';

/**
 * The report as plain data: every section resolved to strings and numbers in the report's
 * language, nothing escaped yet. The HTML, Markdown and CSV writers each escape for their
 * own format at the last moment, so no writer can forget a field another one handles.
 */
export interface ReportContent {
  lang: Lang;
  s: ReportStrings;
  doc: WorkshopDoc;
  analysis: WorkshopAnalysis;
  title: string;
  candidateName: (id: string) => string;
  criterionName: (id: string) => string;
  needs: { groups: Array<{ title: string; rows: AnswerRow[] }>; other: AnswerRow[]; notes: string };
  weights: WeightRow[];
  weightsEdited: boolean;
  /** Where the final weights came from, in sentences (unescaped). */
  provenance: string[];
  rules: RuleRow[];
  ranking: RankRow[];
  /** candidate × criterion group scores, document order. */
  scoreTable: Array<{ candidate: string; cells: Array<{ value: number | null; spread: number | null }> }>;
  /**
   * The scores in force that came with a rationale, in document order. A dimension scored at its
   * focus points has its focus point scores' rows (criterion "dimension › focus point"): its own
   * dimension scores (and their rationales) are kept but not used.
   */
  rationales: Array<{ participant: string; candidate: string; criterion: string; score: number | null; text: string }>;
  /** Dimensions scored at their focus points whose unused dimension scores carry rationales (names, criterion order): not listed, said so. */
  rationalesNotListed: string[];
  /** Each candidate's cost evidence (`costEvidence()`, as step 5 shows it), resolved to text. */
  costEvidence: CostEvidenceRow[];
  simulations: SimulationView[];
  /** Winner under each saved what-if scenario. */
  scenarios: ScenarioOutcome[];
  winner: { id: string; name: string } | null;
  decided: { id: string; name: string } | null;
  /** The recorded decision rests on scores or weights that have changed since (provenance.ts `decisionStatus`). */
  decisionStale: boolean;
  /** Decision health: the assumptions board and what changed since the decision (null without a decision). */
  health: DecisionHealth | null;
  /**
   * "What it takes" for the runner-up to tie the winner (the sensitivity's first reversal), in a
   * sentence with the biggest weight moves; null without a runner-up. Names inside are unescaped.
   */
  runnerUp: string | null;
  /** The group AHP's consensus (or n/a) and how many judges counted; empty when the weights are not from AHP. */
  ahp: string[];
}

/** The "decision health" section, every cell as printed (user names inside `changes` and `snapshot` are unescaped). */
export interface DecisionHealth {
  title: string;
  intro: string;
  /** "Decision on X, frozen 2026-03-02"; or, without a snapshot, how to make one. */
  snapshot: string;
  hasSnapshot: boolean;
  head: { assumption: string; source: string; expected: string; observed: string; status: string };
  rows: Array<{
    assumption: string;
    source: string;
    expected: string;
    observed: string;
    status: AssumptionStatus;
    statusText: string;
    interplay: string | null;
  }>;
  /** The team's tolerance, e.g. "Tolerance: 10 %". */
  tolerance: string;
  /** Whether the decided candidate still ranks first, in a sentence (null: no analysis). */
  standing: string | null;
  changesTitle: string;
  /** What changed since the decision, one line each; `noChanges` when nothing did. */
  changes: string[];
  noChanges: string;
  /** The last re-evaluation kept with the observed evidence, and what the team did (null: none was kept). */
  reevaluation: ReevaluationView | null;
}

export interface AnswerRow {
  question: string;
  answer: string;
}

export interface WeightRow {
  id: string;
  name: string;
  group: string;
  base: number;
  /** Sum of the accepted rules' deltas on this criterion. */
  delta: number;
  final: number;
  share: number;
  reasons: Array<{ ruleId: string; delta: number; reason: string }>;
}

export interface RuleRow {
  id: string;
  reason: string;
  status: 'accepted' | 'rejected' | 'pending';
  effects: Array<{ criterion: string; delta: number }>;
}

export interface RankRow {
  rank: number;
  index: number;
  id: string;
  name: string;
  total: number;
  coverage: number;
  firstRank: number | null;
  /** Its Monte Carlo standard error (null without SMAA). */
  firstRankError: number | null;
  /** "67.0% ± 0.5%", or `s.none` without SMAA. */
  firstRankText: string;
  chosen: boolean;
}

/** One candidate's row of the cost evidence table: each cell as it is printed. */
export interface CostEvidenceRow {
  candidate: string;
  /** calibrated / estimate / none (no figures). */
  kind: 'calibrated' | 'estimate' | 'none';
  source: string;
  stale: boolean;
  run: string;
  step: string;
  wall: string;
  cost: string;
  budgetForRun: string;
  share: string;
  /** The cost is above the budget for the run. */
  over: boolean;
  /** The budget for the run in the workshop's currency (null without a budget in the needs). */
  budgetValue: number | null;
  /** The note when the estimate lies outside the region it was validated on (null when inside, or not an estimate). */
  outside: string | null;
}

export type SimulationView =
  | { kind: 'none'; name: string; candidate: string; ranAt: string; scenario: Array<[string, string]> }
  | {
      kind: 'result';
      name: string;
      candidate: string;
      ranAt: string;
      scenario: Array<[string, string]>;
      result: SimResult;
      /** Scenario settings changed since the result was simulated (0: current). */
      changed: number;
    }
  | {
      kind: 'other';
      name: string;
      candidate: string;
      ranAt: string;
      scenario: Array<[string, string]>;
      entries: Array<[string, string]>;
      /** Kept from an older simulator version (`keptResult`): shown as outdated. */
      outdated: boolean;
    };

export function buildContent(doc: WorkshopDoc, analysis: WorkshopAnalysis, lang: Lang): ReportContent {
  const s = reportStrings(lang);
  const candidateNames = new Map(doc.candidates.map((c, i) => [c.id, displayName(c, lang, 'candidate', i)]));
  const criterionNames = new Map(doc.criteria.map((c, i) => [c.id, displayName(c, lang, 'criterion', i)]));
  const candidateName = (id: string) => candidateNames.get(id) ?? id;
  const criterionName = (id: string) => criterionNames.get(id) ?? id;
  const names: Names = { lang, s, candidate: candidateName, criterion: criterionName };
  const adapted = adaptedWeights(doc);
  const ranking = rankRows(doc, analysis, names);
  const decidedId = doc.decision.candidateId;
  return {
    lang,
    s,
    doc,
    analysis,
    title: doc.meta.title,
    candidateName,
    criterionName,
    needs: needsRows(doc, lang, s),
    weights: weightRows(doc, analysis, names),
    weightsEdited: doc.criteria.some((c) => Math.abs((adapted[c.id] ?? c.weight) - c.weight) > 1e-9),
    provenance: provenanceLines(doc, lang, s),
    rules: proposals(doc).map((p) => ({
      id: p.rule.id,
      reason: pick(p.rule.reason, lang),
      status: p.status,
      effects: p.rule.effects.map((e) => ({ criterion: criterionName(e.criterionId), delta: e.delta })),
    })),
    ranking,
    scoreTable: doc.candidates.map((c, ci) => ({
      candidate: candidateName(c.id),
      cells: doc.criteria.map((_, k) => ({
        value: analysis.evaluation?.aggregated[ci]?.[k] ?? null,
        spread: analysis.evaluation?.disagreement[ci]?.[k] ?? null,
      })),
    })),
    rationales: rationaleRows(doc, names),
    rationalesNotListed: rationalesNotListed(doc, names),
    costEvidence: costEvidenceRows(doc, lang, s, candidateName),
    simulations: simulationViews(doc, names),
    scenarios: scenarioOutcomes(doc),
    winner: ranking[0] ? { id: ranking[0].id, name: ranking[0].name } : null,
    decided: decidedId ? { id: decidedId, name: candidateName(decidedId) } : null,
    decisionStale: decisionStatus(doc)?.stale ?? false,
    health: decisionHealth(doc, lang, s, candidateName, criterionName),
    runnerUp: runnerUpLine(doc, analysis, lang, s, candidateName, criterionName),
    ahp: ahpLines(analysis, lang, s),
  };
}

/** The report's language, its strings and the names of candidates and criteria in it. */
interface Names {
  lang: Lang;
  s: ReportStrings;
  candidate: (id: string) => string;
  criterion: (id: string) => string;
}

/** Needs: the framework's questions in questionnaire order, then answers to any other question id. */
function needsRows(doc: WorkshopDoc, lang: Lang, s: ReportStrings): ReportContent['needs'] {
  const known = new Set<string>();
  const groups = NEEDS_GROUPS.map((g) => ({
    title: pick(g.title, lang),
    rows: g.questions.flatMap((q) => {
      known.add(q.id);
      const a = formatAnswer(doc.needs.answers[q.id], q, lang, s, budgetCurrencyCode(doc));
      return a === null ? [] : [{ question: pick(q.label, lang), answer: a }];
    }),
  })).filter((g) => g.rows.length > 0);
  const other = Object.entries(doc.needs.answers).flatMap(([id, value]) => {
    if (known.has(id)) return [];
    const a = formatAnswer(value, undefined, lang, s, budgetCurrencyCode(doc));
    return a === null ? [] : [{ question: id, answer: a }];
  });
  return { groups, other, notes: doc.needs.notes };
}

/** Each criterion's weight: where it started, the accepted rules' deltas (with their reasons), where it ended. */
function weightRows(doc: WorkshopDoc, analysis: WorkshopAnalysis, { lang, s, criterion }: Names): WeightRow[] {
  const accepted = proposals(doc).filter((p) => p.status === 'accepted');
  return doc.criteria.map((c, k) => {
    const reasons = accepted.flatMap((p) =>
      p.rule.effects.filter((e) => e.criterionId === c.id).map((e) => ({ ruleId: p.rule.id, delta: e.delta, reason: pick(p.rule.reason, lang) })),
    );
    return {
      id: c.id,
      name: criterion(c.id),
      group: s.group[c.group] ?? c.group,
      base: doc.adaptation.baseWeights[c.id] ?? c.weight,
      delta: reasons.reduce((a, r) => a + r.delta, 0),
      final: c.weight,
      share: analysis.weights[k] ?? 0,
      reasons,
    };
  });
}

/** The ranking, best first (empty without scores). */
function rankRows(doc: WorkshopDoc, analysis: WorkshopAnalysis, { lang, s, candidate }: Names): RankRow[] {
  const ev = analysis.evaluation;
  if (!ev || !analysis.scored) return [];
  const sm = analysis.smaa;
  return ev.ranking.map((index, r) => ({
    rank: r + 1,
    index,
    id: doc.candidates[index].id,
    name: candidate(doc.candidates[index].id),
    total: ev.totals[index],
    coverage: ev.coverage[index],
    firstRank: sm ? sm.rankAcceptability[index][0] : null,
    firstRankError: sm ? sm.standardError[index][0] : null,
    firstRankText: sm ? acceptabilityText(sm.rankAcceptability[index][0], sm.standardError[index][0], lang) : s.none,
    chosen: doc.candidates[index].id === doc.decision.candidateId,
  }));
}

/** Criterion ids of the dimensions scored at their focus points (their own dimension scores kept but not used). */
export function leafScoredIds(doc: WorkshopDoc): Set<string> {
  return new Set(doc.criteria.filter((k) => scoredAtLeaves(hierarchyNode(doc, k.id))).map((k) => k.id));
}

const hasRationale = (sc: { rationale: string }) => sc.rationale.trim() !== '';

/** A score in force as entered, with the focus point it was given at (null for a dimension score). */
export interface EnteredScore {
  score: Score | LeafScore;
  /** The focus point's name in the report's language, or null for a score of the dimension itself. */
  focusPoint: string | null;
}

/**
 * The scores in force as entered, in document order (participant, candidate, criterion, focus
 * point), whatever order they were entered in: the scores of dimensions scored at the dimension,
 * and the focus point scores of those scored at their focus points (in the node's focus point
 * order). Not the kept-but-unused dimension scores of a dimension scored at its focus points, nor
 * a focus point score whose focus point no longer exists. The CSV's scores and the reports'
 * rationales both list these.
 */
export function enteredScores(doc: WorkshopDoc, lang: Lang): EnteredScore[] {
  const atLeaves = leafScoredIds(doc);
  const leaves = new Map(
    doc.hierarchy
      .filter((n) => atLeaves.has(n.criterionId))
      .map((n) => [n.criterionId, new Map(n.leaves.map((l, j) => [l.id, { j, name: leafName(l, lang) }]))]),
  );
  const rows = [
    ...doc.scores.filter((sc) => !atLeaves.has(sc.criterionId)).map((score) => ({ score, j: -1, focusPoint: null })),
    ...doc.leafScores.flatMap((score) => {
      const at = leaves.get(score.criterionId)?.get(score.leafId);
      return at ? [{ score, j: at.j, focusPoint: at.name }] : [];
    }),
  ];
  const order = (items: readonly { id: string }[]) => new Map(items.map((x, i) => [x.id, i]));
  const [p, c, k] = [order(doc.participants), order(doc.candidates), order(doc.criteria)];
  const at = (m: Map<string, number>, id: string) => m.get(id) ?? m.size;
  rows.sort(
    (a, b) =>
      at(p, a.score.participantId) - at(p, b.score.participantId) ||
      at(c, a.score.candidateId) - at(c, b.score.candidateId) ||
      at(k, a.score.criterionId) - at(k, b.score.criterionId) ||
      a.j - b.j,
  );
  return rows.map(({ score, focusPoint }) => ({ score, focusPoint }));
}

/**
 * The scores in force that came with a rationale (`enteredScores`), by whom, for which candidate
 * and criterion, a focus point score's criterion named "dimension › focus point". The unused
 * dimension scores' rationales are not listed; `rationalesNotListed` names their dimensions.
 */
function rationaleRows(doc: WorkshopDoc, { lang, candidate, criterion }: Names): ReportContent['rationales'] {
  const participantNames = new Map(doc.participants.map((p) => [p.id, p.name]));
  return enteredScores(doc, lang)
    .filter(({ score }) => hasRationale(score))
    .map(({ score, focusPoint }) => ({
      participant: participantNames.get(score.participantId) ?? score.participantId,
      candidate: candidate(score.candidateId),
      criterion: focusPoint === null ? criterion(score.criterionId) : `${criterion(score.criterionId)} › ${focusPoint}`,
      score: score.value,
      text: score.rationale,
    }));
}

/** Dimensions scored at their focus points whose unused dimension scores carry a rationale, in criterion order. */
function rationalesNotListed(doc: WorkshopDoc, { criterion }: Names): string[] {
  const atLeaves = leafScoredIds(doc);
  if (atLeaves.size === 0) return [];
  const withText = new Set(doc.scores.filter((sc) => atLeaves.has(sc.criterionId) && hasRationale(sc)).map((sc) => sc.criterionId));
  return doc.criteria.filter((k) => withText.has(k.id)).map((k) => criterion(k.id));
}

/** Each saved simulation: its result if it parses, else what was kept of it (outdated), else none. */
function simulationViews(doc: WorkshopDoc, { lang, candidate }: Names): SimulationView[] {
  return doc.simulations.map((sim) => {
    const base = {
      name: simulationName(doc, sim, lang),
      candidate: candidate(sim.candidateId),
      ranAt: sim.ranAt,
      scenario: scenarioRows(sim.scenario, lang),
    };
    if (sim.result === null) {
      const kept = keptResult(sim);
      return kept
        ? { kind: 'other', ...base, ranAt: kept.ranAt, entries: flatten(JSON.parse(kept.text || 'null'), 60), outdated: true }
        : { kind: 'none', ...base };
    }
    const parsed = SimResultSchema.safeParse(sim.result);
    return parsed.success
      ? { kind: 'result', ...base, result: parsed.data, changed: resultStatus(sim)?.changes.length ?? 0 }
      : { kind: 'other', ...base, entries: flatten(sim.result, 60), outdated: true };
  });
}

/** The acceptability section's introduction, naming the SMAA weight model used (every format). */
export function acceptabilityIntroText(r: ReportContent): string {
  const { s, doc, analysis } = r;
  const settings = analysis.smaaSettings;
  if (!settings) return '';
  const name = (k: number) => (doc.criteria[k] ? r.criterionName(doc.criteria[k].id) : '?');
  const constraints = settings.constraints
    .map((c) => s.smaaConstraint(name(c.greater), name(c.lesser), `${+c.ratio.toPrecision(4)}`))
    .join(r.lang === 'en' ? ', ' : '，');
  return s.acceptabilityIntro(settings.samples, s.smaaModel(settings.model, settings.spread === null ? '' : settings.spread.toFixed(3), constraints));
}

/** An acceptability with its Monte Carlo standard error, as the room writes it: "67.0% ± 0.5%". */
export function acceptabilityText(p: number, se: number, lang: Lang): string {
  return `${formatPercentIntl(p, lang, 1)} ± ${formatPercentIntl(se, lang, 1)}`;
}

/** The runner-up's distance to the winner (`sensitivity.reversals[0]`, the first pair of the ranking) in words. */
function runnerUpLine(
  doc: WorkshopDoc,
  analysis: WorkshopAnalysis,
  lang: Lang,
  s: ReportStrings,
  candidateName: (id: string) => string,
  criterionName: (id: string) => string,
): string | null {
  const rev = analysis.sensitivity?.reversals[0];
  if (!rev) return null;
  const name = candidateName(doc.candidates[rev.challenger].id);
  const leader = candidateName(doc.candidates[rev.leader].id);
  if (rev.distance === null || rev.weights === null) return s.runnerUpNone(name, leader);
  const moves = weightMoves(analysis.weights, rev.weights, lang, s, doc, criterionName);
  return s.runnerUp(name, leader, formatNumberIntl(rev.distance * 100, lang, 1), moves || '—');
}

/** The group AHP's consensus S* (n/a below two judges) and the number of judges, one line each. */
function ahpLines(analysis: WorkshopAnalysis, lang: Lang, s: ReportStrings): string[] {
  const a = analysis.ahp;
  if (!a) return [];
  const consensus = a.consensus ? s.ahpConsensus(formatNumberIntl(a.consensus.sStar, lang, 2), s.consensusLabel[a.consensus.label]) : s.ahpConsensusNa;
  return [consensus, s.ahpJudges(a.judges)];
}

/** The assumptions board, the decision's standing now and the diff since it, in the report's language (the screen's words). */
function decisionHealth(
  doc: WorkshopDoc,
  lang: Lang,
  s: ReportStrings,
  candidateName: (id: string) => string,
  criterionName: (id: string) => string,
): DecisionHealth | null {
  const d = doc.decision;
  if (d.candidateId === null) return null;
  const L = ASSUMPTION_LABELS[lang];
  const currency = doc.currency.code;
  const base = {
    title: L.title,
    intro: L.intro,
    head: { assumption: L.assumption, source: L.source, expected: L.expected, observed: L.observed, status: L.status },
    tolerance: `${L.tolerance}: ${formatPercentIntl(doc.review.tolerance, lang)}`,
    changesTitle: L.changes,
    noChanges: L.noChanges,
    reevaluation: reevaluationView(doc, lang, s, candidateName, criterionName),
  };
  if (d.snapshot === null) return { ...base, snapshot: L.noSnapshot, hasSnapshot: false, rows: [], standing: null, changes: [] };
  const review = reviewDecision(doc, hierarchyJudged(doc));
  const winner = candidateName(d.snapshot.candidateId);
  return {
    ...base,
    snapshot: fillText(L.snapshotOf, { candidate: winner, date: d.snapshot.at.slice(0, 10) }),
    hasSnapshot: true,
    rows: review.assumptions.map((a) => ({
      assumption: L.ids[a.id],
      source: L.sources[a.source],
      expected: formatExpected(a, lang, currency),
      observed: a.observed === null ? L.none : formatMeasure(a.metric, a.observed, lang, currency),
      status: a.status,
      statusText: L.statuses[a.status],
      interplay: a.interplay
        ? fillText(L.interplay, {
            words: a.interplay.words[lang],
            dimension: criterionName(a.interplay.dimension),
            weight: a.interplay.weight === null ? L.none : formatNumberIntl(a.interplay.weight, lang),
          })
        : null,
    })),
    standing:
      review.stillWins === null || review.margin === null
        ? null
        : fillText(review.stillWins ? L.stillWins : L.noLongerWins, { candidate: winner, margin: formatNumberIntl(Math.abs(review.margin) * 100, lang, 1) }),
    changes: review.changes ? changeLines(review.changes, lang, { candidate: candidateName, criterion: criterionName }, currency) : [],
  };
}

/** `sim.estimate`'s answer for a candidate's evidence, computed here (null when none is asked). */
export function evidenceEstimate(doc: WorkshopDoc, candidateId: string): EvidenceEstimate {
  const request = evidenceEstimateRequest(doc, candidateId);
  if (!request) return null;
  try {
    return estimateScenario(SimScenarioSchema.parse(request));
  } catch {
    // The simulator refuses the scenario (a model that does not fit, say): the row says so.
    return 'refused';
  }
}

/**
 * The cost evidence table: `costEvidence()` with the fast estimate computed here (the same
 * `sim.estimate` the screen asks for), each cell written as step 5 writes it.
 */
function costEvidenceRows(doc: WorkshopDoc, lang: Lang, s: ReportStrings, candidateName: (id: string) => string): CostEvidenceRow[] {
  const rows = costEvidence(doc, (id) => evidenceEstimate(doc, id));
  const money = (v: number) => formatMoney(v, doc.currency.code, lang);
  const band = (b: EvidenceBand | null, f: (v: number) => string) =>
    b === null ? '—' : b.p10 === null || b.p90 === null ? f(b.mid) : s.evidence.band(f(b.mid), f(b.p10), f(b.p90));
  return rows.map((r) => ({
    outside: r.outsideRegion ? outsideRegionText(s.evidence, candidateName(r.candidateId), r.outsideRegion) : null,
    candidate: candidateName(r.candidateId),
    kind: r.source,
    source: r.source === 'calibrated' ? s.evidence.calibrated(r.at!.slice(0, 10)) : r.source === 'estimate' ? s.evidence.estimate : s.evidence.invalid,
    stale: r.stale,
    run: r.run ? s.evidence.runText(formatNumberIntl(r.run.steps, lang), formatNumberIntl(r.run.paramsB, lang), r.run.gpus, r.run.gpu) : '—',
    step: band(r.stepSeconds, (v) => formatDuration(v, lang)),
    wall: band(r.wallHours, (v) => formatHours(v, lang)),
    cost: band(r.cost, money),
    budgetForRun: r.budget?.budgetForRun != null ? money(r.budget.budgetForRun) : '—',
    share: r.budget?.share != null ? formatPercentIntl(r.budget.share, lang) : '—',
    over: r.budget?.share != null && r.budget.share > 1,
    budgetValue: r.budget?.budgetForRun ?? null,
  }));
}

/** An answer in words, or null when there is none. */
export function formatAnswer(value: Answer | undefined, q: NeedsQuestion | undefined, lang: Lang, s: ReportStrings, currency: CurrencyCode): string | null {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  const option = (v: string) => {
    const o = q?.options?.find((x) => x.value === v);
    return o ? pick(o.label, lang) : v;
  };
  if (typeof value === 'boolean') return value ? s.yes : s.no;
  if (typeof value === 'number') {
    const amount = q?.money ? formatMoney(value, currency, lang) : formatNumberIntl(value, lang, 2);
    return q?.unit ? `${amount} ${pick(q.unit, lang)}` : amount;
  }
  if (Array.isArray(value)) return value.map(option).join(lang === 'zh-CN' ? '、' : ', ');
  return option(value);
}

/** The unit of a numeric scenario field (shared/cost/form), or undefined. */
function unitOf(path: string): string | undefined {
  const spec = fieldSpec(path);
  return spec && 'unit' in spec ? spec.unit : undefined;
}

/** Up to `limit` scalar leaves of a JSON value as dotted paths (`cluster.gpus` → "16"). */
/**
 * A simulation's scenario for people: each field under its name in the report's language
 * (`rollout.turns.median` → "Turns per rollout — median"), numbers with their units ("8 turns"), option values by their names;
 * a field without a name keeps its path (never for the documented scenario).
 */
function scenarioRows(scenario: unknown, lang: Lang): Array<[string, string]> {
  const s = reportStrings(lang);
  return flatten(scenario, 120).map(([path, value]) => [
    simFieldLabel(path, lang) ?? path,
    simOptionLabel(path, value, lang) ??
      (value === 'true' ? s.yes : value === 'false' ? s.no : value === 'null' ? '—' : simValueText(value, unitOf(path), lang)),
  ]);
}

export function flatten(value: unknown, limit: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (v: unknown, path: string, depth: number) => {
    if (out.length >= limit) return;
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      out.push([path || '(value)', typeof v === 'number' ? formatNumber(v) : String(v)]);
      return;
    }
    if (depth >= 4) return;
    if (Array.isArray(v)) {
      if (v.length > 0 && v.every((x) => typeof x === 'number')) {
        out.push([path, `[${v.length} numbers]`]);
        return;
      }
      v.slice(0, 10).forEach((x, i) => walk(x, `${path}[${i}]`, depth + 1));
      return;
    }
    if (typeof v === 'object') for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(x, path ? `${path}.${k}` : k, depth + 1);
  };
  walk(value, '', 0);
  return out;
}

/** A number for people: up to 3 significant decimals, no exponent for everyday magnitudes. */
export function formatNumber(v: number, digits = 2): string {
  if (!Number.isFinite(v)) return '—';
  if (Number.isInteger(v)) return String(v);
  const abs = Math.abs(v);
  if (abs >= 1000) return v.toFixed(0);
  if (abs >= 1) return String(+v.toFixed(digits));
  return String(+v.toPrecision(Math.max(digits, 2)));
}

/** A share as a percentage in the report's digits ("42%"); the app's one percentage formatter. */
export function formatPercent(v: number, digits = 0): string {
  return formatPercentIntl(v, 'en', digits);
}

/** Weight delta with its sign: "+5", "−2". */
export function formatDelta(v: number): string {
  if (v === 0) return '0';
  return v > 0 ? `+${formatNumber(v)}` : `−${formatNumber(-v)}`;
}

/**
 * An ISO timestamp as "2026-03-05 12:00 UTC" / "2026-03-05 12:00（协调世界时）" (the report is
 * read in other time zones than it was made in, so it names UTC, in the reader's language);
 * anything else as it is.
 */
export function formatDateTime(iso: string, lang: Lang): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  if (!m) return iso;
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  const d = new Date(t).toISOString();
  return reportStrings(lang).utcTime(d.slice(0, 10), d.slice(11, 16));
}

/** Wall time in words ("6 h 0 min", "6 小时"), never a raw count of seconds. */
export function formatHours(h: number, lang: Lang): string {
  return formatDuration(h * 3600, lang);
}

export const VALIDATION_METHOD_NAMES = (lang: Lang): Record<string, string> => ({
  ...Object.fromEntries(VALIDATION_METHODS.map((m) => [m.id, pick(m.name, lang)])),
  custom: reportStrings(lang).customMethod,
});

/** A rule as readers see it: its number in the workshop's rule list (ids are internal), "#?" once removed. */
function ruleLabel(doc: WorkshopDoc, id: string): string {
  const i = doc.adaptation.rules.findIndex((rule) => rule.id === id);
  return i < 0 ? '#?' : `#${i + 1}`;
}

/** The provenance of the final weights, as the report states it. */
function provenanceLines(doc: WorkshopDoc, lang: Lang, s: ReportStrings): string[] {
  const p = describeProvenance(doc, lang);
  const list = (xs: string[]) => xs.join(lang === 'zh-CN' ? '、' : ', ') || '–';
  const when = p.adoptedAt ? formatDateTime(p.adoptedAt, lang) : '–';
  const lines = [
    p.source === 'adapted'
      ? s.provenance.adapted(p.rules.map((r) => `${ruleLabel(doc, r.id)}: ${r.effects}`).join(lang === 'zh-CN' ? '；' : '; '))
      : p.source === 'ahp'
        ? s.provenance.ahp(list(p.judges), when)
        : p.source === 'rank'
          ? s.provenance.rank(p.order.join(' › ') || '–', when)
          : s.provenance.scenario(p.scenario || '–', when),
  ];
  if (p.handEdited.length) lines.push(s.provenance.hand(list(p.handEdited)));
  if (p.kept) lines.push(s.provenance.kept(p.kept));
  if (weightsProposal(doc)) lines.push(s.provenance.pending);
  return lines;
}
