import { pick } from '../../shared/framework';
import { displayName, nameTranslation } from '../../shared/model';
import { nextReviewDate } from '../../shared/model/review-due';
import { formatDuration } from '../../shared/format';
import { formatCost, rateText } from '../../shared/model/currency';
import type { Block, Cell, Inline, ReportSection } from './blocks';
import type { ReportContent, SimulationView } from './content';
import {
  VALIDATION_METHOD_NAMES,
  acceptabilityIntroText,
  acceptabilityText,
  formatDateTime,
  formatDelta,
  formatHours,
  formatNumber,
  formatPercent,
  leafScoredIds,
} from './content';
import { intervalsSvg, linesSvg, radarSvg, rankingBarsSvg, stackedSvg } from './svg';
import { verdictLines } from './verdict';
import { convergedBlocks } from './converged';
import { hierarchyBlocks } from './hierarchy';

/**
 * The report as a list of sections, each its content as data (blocks.ts), built once from the
 * workshop's content. The HTML report (and so the PDF) prints them all in order; the Markdown
 * record and the slide deck print, after their own outline, every section not in
 * `OUTLINED_SECTIONS`. A new report section is one entry here.
 */
export function buildSections(r: ReportContent): ReportSection[] {
  const { s, doc } = r;
  const sections: ReportSection[] = [
    { id: 'needs', title: s.needs, blocks: needsBlocks(r) },
    { id: 'candidates', title: s.candidates, blocks: candidateBlocks(r) },
    { id: 'weights', title: s.criteriaWeights, blocks: weightBlocks(r) },
    ...(doc.hierarchy.length ? [{ id: 'hierarchy', title: s.hierarchy, blocks: hierarchyBlocks(r) }] : []),
    { id: 'scores', title: s.scores, blocks: scoreBlocks(r) },
    { id: 'ranking', title: s.ranking, blocks: rankingBlocks(r) },
    { id: 'robustness', title: s.robustness, blocks: robustnessBlocks(r), pageBreak: true },
    { id: 'cost', title: s.simulations, blocks: [...costEvidenceBlocks(r), ...simulationBlocks(r)] },
    { id: 'validation', title: s.validation, blocks: validationBlocks(r) },
    { id: 'metrics', title: s.metrics, blocks: metricBlocks(r) },
    { id: 'rollout', title: s.rollout, blocks: rolloutBlocks(r) },
    { id: 'iteration', title: s.iteration, blocks: iterationBlocks(r) },
    { id: 'decision', title: s.decisionRecord, blocks: decisionBlocks(r) },
  ];
  if (r.health) sections.push({ id: 'health', title: r.health.title, blocks: healthBlocks(r.health) });
  if (doc.rounds.length) sections.push({ id: 'converged', title: s.converged, blocks: convergedBlocks(r) });
  if (r.rationales.length || r.rationalesNotListed.length)
    sections.push({ id: 'rationales', title: s.rationales, blocks: rationaleBlocks(r), pageBreak: true });
  if (doc.notes.trim()) sections.push({ id: 'notes', title: s.workshopNotes, blocks: [prose({ user: doc.notes })] });
  return sections;
}

/**
 * The sections the Markdown record (ADR parts) and the slide deck (its own slides) already tell
 * in their own shorter form, or leave to the full report on purpose (the score matrix, metric
 * curves, rationales, notes). Every other section they draw from its blocks, after their outline.
 */
export const OUTLINED_SECTIONS: ReadonlySet<string> = new Set([
  'needs',
  'candidates',
  'weights',
  'scores',
  'ranking',
  'robustness',
  'cost',
  'validation',
  'metrics',
  'rollout',
  'iteration',
  'decision',
  'rationales',
  'notes',
]);

/** Radar charts stay readable up to this many polygons; more candidates: the best-ranked ones. */
const RADAR_MAX = 5;

const user = (text: string): Inline => ({ user: text });
const cell = (text: Inline, cls?: string): Cell => (cls ? { text, cls } : { text });
const num = (text: string): Cell => cell(text, 'num');
const date = (value: string): Cell => cell(value ? user(value) : '', 'date');
const para = (text: Inline, style?: string): Block => (style ? { kind: 'paragraph', text, style } : { kind: 'paragraph', text });
const prose = (text: Inline): Block => para(text, 'prose');
const muted = (text: Inline): Block => para(text, 'muted');
const empty = (text: string): Block => para(text, 'empty');
const h3 = (text: Inline): Block => ({ kind: 'heading', text });
const h4 = (text: Inline): Block => ({ kind: 'heading', text, level: 4 });
const table = (head: string[], rows: Cell[][], cls: string, widths?: number[]): Block =>
  widths ? { kind: 'table', head, rows, cls, widths } : { kind: 'table', head, rows, cls };
const scroll = (...blocks: Block[]): Block => ({ kind: 'group', box: 'scroll', blocks });
const tag = (text: Inline, cls = 'tag'): Inline => ({ span: text, cls });
const status = (text: string, cls: string): Inline => ({ span: text, cls: `status ${cls}` });
const chart = (svg: string, caption: string, cls?: string): Block => (cls ? { kind: 'chart', svg, caption, cls } : { kind: 'chart', svg, caption });
/** Inlines with a line break between them. */
const lines = (xs: Inline[]): Inline => xs.flatMap((x, i) => (i ? [{ br: true } as const, x] : [x]));
/** The analysis' problem, or `otherwise`, as an empty-state line. */
const unavailable = (r: ReportContent, otherwise: string) => empty(r.analysis.problem ? r.s.analysisUnavailable(r.analysis.problem) : otherwise);

function needsBlocks(r: ReportContent): Block[] {
  const { s, needs } = r;
  if (!needs.groups.length && !needs.other.length && !needs.notes.trim()) return [empty(s.noAnswers)];
  const out = needs.groups.flatMap((g) => [
    h3(g.title),
    table(
      [s.question, s.answer],
      g.rows.map((row) => [cell(row.question), cell(user(row.answer))]),
      'qa',
    ),
  ]);
  if (needs.other.length)
    out.push(
      h3(s.otherAnswers),
      table(
        [s.question, s.answer],
        needs.other.map((row) => [cell(user(row.question)), cell(user(row.answer))]),
        'qa',
      ),
    );
  if (needs.notes.trim()) out.push(h3(s.needsNotes), prose(user(needs.notes)));
  return out;
}

function candidateBlocks(r: ReportContent): Block[] {
  const { s, doc, lang } = r;
  if (!doc.candidates.length) return [empty(s.none)];
  const cards = doc.candidates.map((cand, i): Block => {
    const blocks: Block[] = [h3([user(displayName(cand, lang, 'candidate', i)), ' ', tag(s.kind[cand.kind] ?? cand.kind)])];
    if (nameTranslation(cand.name)) blocks.push(muted([`${s.translation}: `, user(nameTranslation(cand.name))]));
    if (pick(cand.description, lang).trim()) blocks.push(prose(user(pick(cand.description, lang))));
    if (cand.notes.trim()) blocks.push(para([{ strong: `${s.notes}:` }, ' ', user(cand.notes)], 'prose muted'));
    return { kind: 'group', box: 'card', blocks };
  });
  return [{ kind: 'group', box: 'cards', blocks: cards }];
}

function weightBlocks(r: ReportContent): Block[] {
  const { s, doc } = r;
  // Rules by number, not by their internal ids (the CSV keeps the ids for machines).
  const ruleNumber = (id: string) => r.rules.findIndex((rule) => rule.id === id) + 1;
  const rows = r.weights.map((w) => [
    cell(user(w.name)),
    cell(w.group, 'muted'),
    num(formatNumber(w.base)),
    cell(
      w.delta
        ? [formatDelta(w.delta), w.reasons.length ? { span: w.reasons.map((x) => `#${ruleNumber(x.ruleId)}`).join(', '), cls: 'small muted', div: true } : '']
        : '0',
      'num',
    ),
    num(formatNumber(w.final)),
    cell([{ meter: w.share }, ` ${formatPercent(w.share, 1)}`], 'num share'),
  ]);
  const ruleRows = r.rules.map((rule, i) => [
    cell(`#${i + 1}`, 'num'),
    cell(user(rule.reason)),
    cell(lines(rule.effects.map((e) => [user(e.criterion), ` ${formatDelta(e.delta)}`]))),
    cell(status(s.proposalStatus[rule.status], rule.status)),
  ]);
  const out: Block[] = [
    muted(s.weightingMethod[doc.weighting.method] ?? ''),
    para(
      r.provenance.map((line, i) => [i ? ' ' : '', user(line)]),
      'provenance',
    ),
  ];
  if (r.ahp.length) out.push(para(r.ahp.join(' '), 'ahp-consensus'));
  out.push(table([s.criterion, '', s.baseWeight, s.adaptation, s.finalWeight, s.share], rows, 'weights'));
  if (r.weightsEdited) out.push(para(s.weightsDiffer, 'note'));
  out.push(h3(s.adaptationRules), ruleRows.length ? table([s.rule, s.rationale, s.effect, s.status], ruleRows, 'rules') : empty(s.noRules));
  if (doc.participants.length)
    out.push(
      h3(s.participants),
      table(
        [s.participant, s.roleCol, s.influence],
        doc.participants.map((p) => [cell(user(p.name)), cell(s.role[p.role] ?? p.role), num(formatNumber(p.influence))]),
        'participants',
      ),
    );
  return out;
}

function scoreBlocks(r: ReportContent): Block[] {
  const { s, doc, analysis } = r;
  const ev = analysis.evaluation;
  if (!ev || !analysis.scored) return [unavailable(r, s.summaryNoScores)];
  const range = doc.scale.max - doc.scale.min;
  const head = [s.candidate, ...doc.criteria.map((k) => r.criterionName(k.id))];
  const rows = r.scoreTable.map((row): Cell[] => [
    { text: user(row.candidate), rowHeader: true },
    ...row.cells.map((c) => {
      if (c.value === null) return cell(s.notScored, 'num muted');
      const high = c.spread !== null && c.spread > range * 0.2;
      const spread: Inline = c.spread !== null && c.spread > 0 ? { span: `±${formatNumber(c.spread, 1)}`, cls: 'sd' } : '';
      return cell([formatNumber(c.value, 1), spread], `num${high ? ' disputed' : ''}`);
    }),
  ]);
  return [
    muted([s.scoresIntro(s.aggregation[doc.aggregation], doc.scale.min, doc.scale.max), ' ', { span: s.highDisagreement, cls: 'disputed-key' }]),
    scroll(table(head, rows, 'scores')),
    ...leafScoredNote(r),
    muted(`${s.consensus}: ${formatPercent(ev.consensus)}`),
  ];
}

/** Under the scores table: which dimensions were scored at their focus points (their values derived). */
function leafScoredNote(r: ReportContent): Block[] {
  const ids = leafScoredIds(r.doc);
  const atLeaves = r.doc.criteria.filter((k) => ids.has(k.id));
  return atLeaves.length ? [muted(r.s.leafScoredInScores(atLeaves.map((k) => r.criterionName(k.id)).join(', ')))] : [];
}

function rankingBlocks(r: ReportContent): Block[] {
  const { s, doc } = r;
  if (!r.ranking.length) return [unavailable(r, s.summaryNoScores)];
  const ev = r.analysis.evaluation!;
  const bars = rankingBarsSvg(
    s.total,
    r.ranking.map((row) => ({ label: row.name, value: row.total, highlight: row.rank === 1 })),
  );
  const rows = r.ranking.map((row) => [
    num(String(row.rank)),
    cell(row.chosen ? [user(row.name), ' ', tag(s.chosen, 'tag chosen')] : user(row.name)),
    num((row.total * 100).toFixed(1)),
    num(formatPercent(row.coverage)),
    num(row.firstRankText),
  ]);
  const shown = r.ranking.slice(0, RADAR_MAX);
  const range = doc.scale.max - doc.scale.min;
  const radar = radarSvg({
    title: s.radar,
    axes: doc.criteria.map((k) => r.criterionName(k.id)),
    series: shown.map((row) => ({
      name: row.name,
      colour: doc.candidates[row.index].colour,
      values: ev.aggregated[row.index].map((a) => (a === null ? null : (a - doc.scale.min) / range)),
    })),
  });
  const out: Block[] = [chart(bars, `${s.total} (0–100)`), table([s.rank, s.candidate, `${s.total} (0–100)`, s.coverage, s.firstRank], rows, 'ranking')];
  if (r.ranking.some((row) => row.firstRank !== null)) out.push(para(s.acceptabilityError, 'muted small'));
  if (r.ranking.some((row) => row.coverage < 1 - 1e-9)) out.push(para(s.coverageNote, 'note'));
  out.push(h3(s.radar), chart(radar, s.radarNote(shown.length, r.ranking.length), 'centred'));
  return out;
}

function robustnessBlocks(r: ReportContent): Block[] {
  const { s, analysis } = r;
  if (!analysis.verdict || !analysis.evaluation) return [unavailable(r, s.undetermined)];
  const v = analysis.verdict;
  const out: Block[] = [
    { kind: 'callout', tone: v.fragile ? 'bad' : 'good', title: `${s.verdict}: ${v.fragile ? s.fragile : s.robust}`, items: verdictLines(r) },
  ];
  out.push(...stabilityBlocks(r));
  if (r.runnerUp) out.push(para(user(r.runnerUp), 'runner-up'));
  out.push(...whatIfBlocks(r), ...acceptabilityBlocks(r));
  return out;
}

/** How far each weight may move before the winner changes, and to whom. */
function stabilityBlocks(r: ReportContent): Block[] {
  const { s, doc } = r;
  const sens = r.analysis.sensitivity;
  if (!sens) return [];
  const name = (i: number | null) => (i === null ? s.neverFlips : r.candidateName(doc.candidates[i].id));
  const items = sens.criteria.map((ci, k) => ({ label: r.criterionName(doc.criteria[k].id), from: ci.stableFrom, to: ci.stableTo, marker: ci.weight }));
  return [
    h3(s.stability),
    muted(s.stabilityIntro),
    chart(intervalsSvg(s.stability, items), s.stability),
    table(
      [s.criterion, s.currentWeight, s.stableRange, s.flipsTo],
      sens.criteria.map((ci, k) => {
        const flips: Inline[] = [];
        if (ci.winnerBelow !== null) flips.push(['↓ ', user(name(ci.winnerBelow))]);
        if (ci.winnerAbove !== null) flips.push(['↑ ', user(name(ci.winnerAbove))]);
        return [
          cell(user(r.criterionName(doc.criteria[k].id))),
          num(formatPercent(ci.weight, 1)),
          num(`${formatPercent(ci.stableFrom, 1)} – ${formatPercent(ci.stableTo, 1)}`),
          cell(flips.length ? lines(flips) : s.neverFlips),
        ];
      }),
      'stability',
    ),
  ];
}

/** SMAA: how often each candidate takes each rank when weights vary. */
function acceptabilityBlocks(r: ReportContent): Block[] {
  const { s, doc, analysis } = r;
  const sm = analysis.smaa;
  if (!sm || !analysis.smaaSettings) return [];
  const ranksShown = Math.min(doc.candidates.length, 5);
  const partNames = Array.from({ length: ranksShown }, (_, i) => s.rankN(i + 1));
  const order = r.ranking.map((row) => row.index);
  const name = (i: number) => r.candidateName(doc.candidates[i].id);
  return [
    h3(s.acceptability),
    muted(acceptabilityIntroText(r)),
    chart(
      stackedSvg(
        s.acceptability,
        order.map((i) => ({ label: name(i), parts: sm.rankAcceptability[i].slice(0, ranksShown) })),
        partNames,
      ),
      s.acceptability,
    ),
    scroll(
      table(
        [s.candidate, ...partNames],
        order.map((i) => [
          cell(user(name(i))),
          ...sm.rankAcceptability[i].slice(0, ranksShown).map((a, k) => num(acceptabilityText(a, sm.standardError[i][k], r.lang))),
        ]),
        'acceptability',
      ),
    ),
    para(s.acceptabilityError, 'muted small'),
  ];
}

function whatIfBlocks(r: ReportContent): Block[] {
  const { s, doc } = r;
  if (!r.scenarios.length) return [];
  const baseline = r.ranking[0]?.index ?? null;
  return [
    h3(s.whatIf),
    muted(s.whatIfIntro),
    table(
      [s.scenario, s.winnerCol, `${s.total} (0–100)`, ''],
      r.scenarios.map((sc) => [
        cell(user(sc.name)),
        cell(sc.winner === null ? (sc.problem ? s.analysisUnavailable(sc.problem) : s.none) : user(r.candidateName(doc.candidates[sc.winner].id))),
        num(sc.total === null ? s.none : (sc.total * 100).toFixed(1)),
        cell(sc.winner === null || baseline === null ? '' : sc.winner === baseline ? status(s.sameWinner, 'done') : status(s.otherWinner, 'blocked')),
      ]),
      'what-if',
    ),
  ];
}

/** The cost evidence per candidate: the same table as step 5 (content.ts `costEvidenceRows`). */
function costEvidenceBlocks(r: ReportContent): Block[] {
  if (!r.costEvidence.length) return [];
  const e = r.s.evidence;
  const out: Block[] = [
    h3(e.title),
    muted(e.intro),
    table(
      [e.candidate, e.source, e.run, e.step, e.wall, e.cost, e.budgetForRun, e.share],
      r.costEvidence.map((row) => [
        cell(user(row.candidate)),
        cell([row.source, ...(row.stale ? [' ', tag(e.stale, 'tag tag-stale')] : []), ...(row.outside ? [' ', tag(e.outsideTag, 'tag tag-stale')] : [])]),
        cell(user(row.run)),
        num(row.step),
        num(row.wall),
        num(row.cost),
        num(row.budgetForRun),
        row.over ? cell({ strong: row.share }, 'num') : num(row.share),
      ]),
      'cost-evidence',
    ),
  ];
  for (const row of r.costEvidence) if (row.outside) out.push(para(user(row.outside), 'note'));
  if (!r.costEvidence.some((row) => row.budgetValue !== null)) out.push(muted(e.noBudget));
  return out;
}

function simulationBlocks(r: ReportContent): Block[] {
  const { s } = r;
  if (!r.simulations.length) return [empty(s.noSimulations)];
  const results = r.simulations.filter((sim) => sim.kind === 'result');
  const out: Block[] = [];
  if (results.length > 1)
    out.push(
      h3(s.simulationsCompared),
      table(
        [s.simulation, s.candidate, s.stepTime, s.gpuHours, s.costTotal, s.costPerStep],
        results.map((sim) => {
          const res = sim.result;
          return [
            cell(sim.changed > 0 ? [user(sim.name), ' ', tag(s.staleTag, 'tag tag-stale')] : user(sim.name)),
            cell(user(sim.candidate)),
            num(`${formatDuration(res.step.meanSeconds, r.lang)} / ${formatDuration(res.step.p90Seconds, r.lang)}`),
            num(formatNumber(res.totals.gpuHours, 0)),
            num(formatCost(res.totals.costTotal, r.doc.currency, r.lang)),
            num(formatCost(res.totals.costPerStep, r.doc.currency, r.lang)),
          ];
        }),
        'sim-compare',
      ),
      ...rateNote(r),
    );
  return [...out, ...r.simulations.map((sim) => simulationBlock(r, sim))];
}

/** The exchange rate the simulator's dollar amounts were converted at (nothing in a dollar workshop). */
function rateNote(r: ReportContent): Block[] {
  const rate = rateText(r.doc, r.lang);
  return rate === null ? [] : [para(r.s.rateNote(rate), 'muted small')];
}

function simulationBlock(r: ReportContent, sim: SimulationView): Block {
  const { s } = r;
  const head: Block[] = [h3([user(sim.name), ' ', tag(user(sim.candidate))])];
  if (sim.ranAt) head.push(para(s.ranAt + s.colon + formatDateTime(sim.ranAt, r.lang), 'muted small'));
  const scenario: Block[] = sim.scenario.length ? [{ kind: 'group', box: 'details', summary: s.scenarioLabel, blocks: [pairs(sim.scenario)] }] : [];
  const box = (blocks: Block[]): Block => ({ kind: 'group', box: 'sim', blocks: [...head, ...blocks, ...scenario] });
  if (sim.kind === 'none') return box([empty(s.notRun)]);
  if (sim.kind === 'other') return box([h4(s.otherResult), ...(sim.outdated ? [para(s.outdatedResult, 'stale')] : []), pairs(sim.entries)]);
  const res = sim.result;
  const money = (v: number) => formatCost(v, r.doc.currency, r.lang);
  const figures: Array<[string, string]> = [
    [s.stepTime, `${formatDuration(res.step.meanSeconds, r.lang)} / ${formatDuration(res.step.p90Seconds, r.lang)}`],
    [s.wallHours, formatHours(res.totals.wallHours, r.lang)],
    [s.gpuHours, formatNumber(res.totals.gpuHours, 0)],
    [s.costTotal, money(res.totals.costTotal)],
    [s.costPerStep, money(res.totals.costPerStep)],
    [s.utilisation, `${formatPercent(res.gpuUtilization.rollout)} / ${formatPercent(res.gpuUtilization.train)}`],
  ];
  const archetypes = (['self-built', 'managed', 'hybrid'] as const).map((a) => [
    cell(s.archetype[a]),
    num(money(res.costByArchetype[a].total)),
    num(money(res.costByArchetype[a].run)),
    num(money(res.costByArchetype[a].perStep)),
  ]);
  return box([
    ...(sim.changed > 0 ? [para(s.staleResult(sim.changed), 'stale')] : []),
    { kind: 'kpis', items: figures },
    h4(s.archetypeCosts),
    table(['', s.costTotal, s.runCost, s.costPerStep], archetypes, 'costs'),
    ...rateNote(r),
  ]);
}

/** Key–value pairs whose keys and values both come from the document (scenario settings, raw results). */
function pairs(entries: ReadonlyArray<[string, string]>): Block {
  return { kind: 'pairs', style: 'kv', entries: entries.map(([k, v]) => [user(k), user(v)]) };
}

function validationBlocks(r: ReportContent): Block[] {
  const { s, doc, lang } = r;
  if (!doc.validation.length) return [empty(s.noValidation)];
  const methods = VALIDATION_METHOD_NAMES(lang);
  // At a glance: method × candidate status. Then the details of every task someone worked on.
  const candidateIds = doc.candidates.map((cand) => cand.id).filter((id) => doc.validation.some((v) => v.candidateId === id));
  const methodIds = [...new Set(doc.validation.map((v) => v.methodId))];
  const matrix = table(
    [s.method, ...candidateIds.map((id) => r.candidateName(id))],
    methodIds.map((m) => [
      cell(methods[m] ?? m),
      ...candidateIds.map((id) => {
        const items = doc.validation.filter((v) => v.methodId === m && v.candidateId === id);
        return cell(items.length ? lines(items.map((v) => status(s.taskStatus[v.status], v.status))) : s.none);
      }),
    ]),
    'validation-matrix',
  );
  const worked = doc.validation.filter((v) => v.title.trim() || v.owner.trim() || v.due || v.result.trim());
  const out: Block[] = [scroll(matrix)];
  if (worked.length)
    out.push(
      table(
        [s.candidate, s.method, s.title, s.owner, s.due, s.result],
        worked.map((v) => [
          cell(user(r.candidateName(v.candidateId))),
          cell(methods[v.methodId] ?? v.methodId),
          cell(user(v.title)),
          cell(user(v.owner)),
          date(v.due),
          cell(user(v.result)),
        ]),
        'validation',
      ),
    );
  return out;
}

function metricBlocks(r: ReportContent): Block[] {
  const { s, doc } = r;
  if (!doc.metrics.series.length) return [empty(s.noMetrics)];
  // One small chart per metric (and horizon bucket), one line per candidate.
  const groups = new Map<string, typeof doc.metrics.series>();
  for (const series of doc.metrics.series) {
    const key = `${series.metric}|${series.bucket}`;
    groups.set(key, [...(groups.get(key) ?? []), series]);
  }
  const charts = [...groups.entries()].map(([key, list]): Block => {
    const [metric, bucket] = key.split('|');
    const title = s.metricName[metric] + (bucket ? ` · ${s.bucket[bucket] ?? bucket}` : '');
    const svg = linesSvg(
      title,
      list.map((x, i) => ({
        id: String(i),
        name: r.candidateName(x.candidateId),
        colour: doc.candidates.find((c) => c.id === x.candidateId)?.colour,
        points: x.points,
      })),
    );
    return { kind: 'chart', svg, caption: `x: ${s.step}`, cls: 'small-multiple', title };
  });
  return [{ kind: 'group', box: 'multiples', blocks: charts }];
}

function rolloutBlocks(r: ReportContent): Block[] {
  const { s, doc, lang } = r;
  const { items, scope, goNoGo } = doc.rollout;
  const out: Block[] = [];
  if (scope.trim()) out.push(h3(s.rolloutScope), prose(user(scope)));
  if (goNoGo.trim()) out.push(h3(s.goNoGo), prose(user(goNoGo)));
  if (!items.length) return [...out, empty(s.noRollout)];
  out.push(
    table(
      ['', s.item, s.owner, s.due, s.status, s.note],
      items.map((i) => [
        cell(i.status === 'done' ? '☑' : '☐', 'check'),
        cell(user(pick(i.title, lang))),
        cell(user(i.owner)),
        date(i.due),
        cell(status(s.taskStatus[i.status], i.status)),
        cell(user(i.note)),
      ]),
      'checklist',
    ),
  );
  return out;
}

function iterationBlocks(r: ReportContent): Block[] {
  const { s, doc } = r;
  const { log } = doc.iteration;
  const nextReview = nextReviewDate(doc);
  const out: Block[] = nextReview ? [para([{ strong: `${s.nextReview}:` }, ' ', user(nextReview)])] : [];
  if (!log.length) return [...out, empty(s.noIteration)];
  out.push(
    table(
      [s.date, s.observation, s.areaCol, s.decisionCol, s.owner],
      log.map((e) => [date(e.date), cell(user(e.observation)), cell(s.area[e.area] ?? e.area), cell(user(e.decision)), cell(user(e.owner))]),
      'iteration',
    ),
  );
  return out;
}

function decisionBlocks(r: ReportContent): Block[] {
  const { s, doc } = r;
  const d = doc.decision;
  const orNone = (text: string): Inline => (text.trim() ? user(text) : s.none);
  const rows: Array<[Inline, Inline]> = [
    [s.decision, r.decided ? user(r.decided.name) : s.noDecision],
    [s.rationale, orNone(d.rationale)],
    [s.consequences, orNone(d.consequences)],
    [s.dissent, orNone(d.dissent)],
    [s.decidedAt, d.decidedAt ? user(d.decidedAt) : s.none],
    [s.reviewDate, d.reviewDate ? user(d.reviewDate) : s.none],
  ];
  return [...(r.decisionStale ? [para(s.decisionStale, 'stale')] : []), { kind: 'pairs', style: 'record', entries: rows }];
}

/**
 * Decision health: the assumptions board (status in words, coloured), the decision's standing
 * now, the last re-evaluation with the observed evidence and what the team did, and what changed
 * since the decision. Every format draws these blocks (the section is not outlined).
 */
function healthBlocks(h: NonNullable<ReportContent['health']>): Block[] {
  if (!h.hasSnapshot) return [muted(h.snapshot), ...reevaluationBlocks(h)];
  const statusClass = { holding: 'done', drifting: 'in-progress', broken: 'blocked', unobserved: '' } as const;
  const out: Block[] = [muted(h.intro), para([user(h.snapshot), ` · ${h.tolerance}`])];
  if (h.rows.length)
    out.push(
      table(
        [h.head.assumption, h.head.source, h.head.expected, h.head.observed, h.head.status],
        h.rows.map((row) => [
          cell(row.interplay ? [row.assumption, { br: true }, { span: user(row.interplay), cls: 'muted' }] : row.assumption),
          cell(row.source),
          num(row.expected),
          num(row.observed),
          cell({ strong: status(row.statusText, statusClass[row.status]) }),
        ]),
        'assumptions',
        [4.4, 2.4, 2.2, 1.8, 1.5],
      ),
    );
  if (h.standing) out.push(para(user(h.standing)));
  out.push(...reevaluationBlocks(h));
  out.push(h3(h.changesTitle), h.changes.length ? { kind: 'list', items: h.changes.map(user) } : muted(h.noChanges));
  return out;
}

/** The last re-evaluation kept: its what-if, the standing with the evidence, what it would take, the team's outcome. */
function reevaluationBlocks(h: NonNullable<ReportContent['health']>): Block[] {
  const rv = h.reevaluation;
  if (!rv) return [];
  return [h3(rv.title), { kind: 'pairs', style: 'record', entries: rv.rows.map(([label, values]) => [label, lines(values.map(user))]), widths: [1, 3] }];
}

/** The rationales of the scores in force; under them, which dimensions' unused dimension-score rationales are left out. */
function rationaleBlocks(r: ReportContent): Block[] {
  const { s } = r;
  const notListed = r.rationalesNotListed.length ? [muted(s.rationalesLeafScored(r.rationalesNotListed.join(r.lang === 'en' ? ', ' : '、')))] : [];
  if (!r.rationales.length) return notListed;
  return [
    table(
      [s.participant, s.candidate, s.criterion, s.score, s.rationale],
      r.rationales.map((x) => [
        cell(user(x.participant)),
        cell(user(x.candidate)),
        cell(user(x.criterion)),
        num(x.score === null ? s.none : formatNumber(x.score)),
        cell(user(x.text)),
      ]),
      'rationales',
    ),
    ...notListed,
  ];
}
