import { pick } from '../../shared/framework';
import { displayName, nameTranslation } from '../../shared/model';
import { nextReviewDate } from '../../shared/model/review-due';
import type { ReportContent, SimulationView } from './content';
import { formatDuration } from '../../shared/format';
import { VALIDATION_METHOD_NAMES, acceptabilityText, formatDateTime, formatDelta, formatHours, formatNumber, formatPercent } from './content';
import { formatCost, rateText } from '../../shared/model/currency';
import { escapeHtml as c, userHtml as u } from './escape';
import { REPORT_CSS } from './style';
import { intervalsSvg, linesSvg, radarSvg, rankingBarsSvg, stackedSvg } from './svg';
import { verdictLines } from './verdict';

/**
 * The HTML report: one self-contained document (inline CSS and SVG; no script, no external
 * reference of any kind), readable offline and printable. `c()` escapes our own words,
 * `u()` escapes and isolates user text — nothing else reaches the output.
 */

/** The report page allows nothing but its own inline styles: even a rendering bug cannot run script or fetch. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** Radar charts stay readable up to this many polygons; more candidates: the best-ranked ones. */
const RADAR_MAX = 5;

export function renderHtml(r: ReportContent): string {
  const { s, doc } = r;
  const sections: Array<{ id: string; title: string; body: string; pageBreak?: boolean }> = [
    { id: 'needs', title: s.needs, body: needsSection(r) },
    { id: 'candidates', title: s.candidates, body: candidatesSection(r) },
    { id: 'weights', title: s.criteriaWeights, body: weightsSection(r) },
    { id: 'scores', title: s.scores, body: scoresSection(r) },
    { id: 'ranking', title: s.ranking, body: rankingSection(r) },
    { id: 'robustness', title: s.robustness, body: robustnessSection(r), pageBreak: true },
    { id: 'cost', title: s.simulations, body: costEvidenceSection(r) + simulationSection(r) },
    { id: 'validation', title: s.validation, body: validationSection(r) },
    { id: 'metrics', title: s.metrics, body: metricsSection(r) },
    { id: 'rollout', title: s.rollout, body: rolloutSection(r) },
    { id: 'iteration', title: s.iteration, body: iterationSection(r) },
    { id: 'decision', title: s.decisionRecord, body: decisionSection(r) },
  ];
  if (r.health) sections.push({ id: 'health', title: r.health.title, body: healthSection(r.health) });
  if (r.rationales.length) sections.push({ id: 'rationales', title: s.rationales, body: rationalesSection(r), pageBreak: true });
  if (doc.notes.trim()) sections.push({ id: 'notes', title: s.workshopNotes, body: `<p class="prose">${u(doc.notes)}</p>` });

  const meta = [
    doc.meta.team && [s.team, doc.meta.team],
    doc.meta.facilitator && [s.facilitator, doc.meta.facilitator],
    doc.meta.date && [s.date, doc.meta.date],
  ].filter(Boolean) as Array<[string, string]>;

  return `<!DOCTYPE html>
<html lang="${r.lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${c(REPORT_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Selection Workshop">
<title>${c(`${s.reportTitle} — `)}${c(doc.meta.title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header class="cover">
<p class="kicker">${c(s.reportTitle)}</p>
<h1>${u(doc.meta.title)}</h1>
${meta.length ? `<dl class="meta">${meta.map(([k, v]) => `<div><dt>${c(k)}</dt><dd>${u(v)}</dd></div>`).join('')}</dl>` : ''}
${doc.meta.description.trim() ? `<p class="prose lead">${u(doc.meta.description)}</p>` : ''}
${summaryBox(r)}
<nav class="toc" aria-label="${c(s.contents)}"><h2>${c(s.contents)}</h2><ol>${sections.map((x) => `<li><a href="#${x.id}">${c(x.title)}</a></li>`).join('')}</ol></nav>
</header>
<main>
${sections.map((x) => `<section id="${x.id}"${x.pageBreak ? ' class="page-break"' : ''}><h2>${c(x.title)}</h2>${x.body}</section>`).join('\n')}
</main>
<footer><p>${c(s.generatedBy)} · ${c(s.versions(doc.schemaVersion, doc.frameworkVersion))}</p></footer>
</body>
</html>
`;
}

function summaryBox(r: ReportContent): string {
  const { s, analysis } = r;
  const lines: string[] = [];
  if (analysis.problem) lines.push(c(s.analysisUnavailable(analysis.problem)));
  else if (r.winner) lines.push(c(s.summaryWinner('\uE000')).replace('\uE000', `<strong>${u(r.winner.name)}</strong>`));
  else lines.push(c(s.summaryNoScores));
  lines.push(r.decided ? c(s.summaryDecided('\uE000')).replace('\uE000', `<strong>${u(r.decided.name)}</strong>`) : c(s.summaryNoDecision));
  const v = analysis.verdict;
  const badge = v ? `<span class="badge ${v.fragile ? 'bad' : 'good'}">${c(v.fragile ? s.fragile : s.robust)}</span>` : '';
  return `<div class="summary"><h2>${c(s.summary)} ${badge}</h2>${lines.map((l) => `<p>${l}</p>`).join('')}</div>`;
}

function table(head: readonly string[], rows: readonly string[][], cls = ''): string {
  return `<table class="${cls}"><thead><tr>${head.map((h) => `<th scope="col">${c(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((row) => `<tr>${row.join('')}</tr>`).join('')}</tbody></table>`;
}
const td = (html: string, cls = '') => `<td${cls ? ` class="${cls}"` : ''}>${html}</td>`;
const date = (value: string) => td(value ? u(value) : '', 'date');
const num = (text: string) => td(c(text), 'num');
const empty = (text: string) => `<p class="empty">${c(text)}</p>`;
const figure = (svg: string, caption: string, cls = '') =>
  `<figure class="chart-figure${cls ? ` ${cls}` : ''}">${svg}<figcaption>${c(caption)}</figcaption></figure>`;

function needsSection(r: ReportContent): string {
  const { s, needs } = r;
  if (!needs.groups.length && !needs.other.length && !needs.notes.trim()) return empty(s.noAnswers);
  const groups = needs.groups.map(
    (g) =>
      `<h3>${c(g.title)}</h3>` +
      table(
        [s.question, s.answer],
        g.rows.map((row) => [td(c(row.question)), td(u(row.answer))]),
        'qa',
      ),
  );
  if (needs.other.length)
    groups.push(
      `<h3>${c(s.otherAnswers)}</h3>` +
        table(
          [s.question, s.answer],
          needs.other.map((row) => [td(u(row.question)), td(u(row.answer))]),
          'qa',
        ),
    );
  if (needs.notes.trim()) groups.push(`<h3>${c(s.needsNotes)}</h3><p class="prose">${u(needs.notes)}</p>`);
  return groups.join('');
}

function candidatesSection(r: ReportContent): string {
  const { s, doc, lang } = r;
  if (!doc.candidates.length) return empty(s.none);
  return `<div class="cards">${doc.candidates
    .map(
      (cand, i) =>
        `<article class="card"><h3>${u(displayName(cand, lang, 'candidate', i))} <span class="tag">${c(s.kind[cand.kind] ?? cand.kind)}</span></h3>` +
        (nameTranslation(cand.name) ? `<p class="muted">${c(s.translation)}: ${u(nameTranslation(cand.name))}</p>` : '') +
        (pick(cand.description, lang).trim() ? `<p class="prose">${u(pick(cand.description, lang))}</p>` : '') +
        (cand.notes.trim() ? `<p class="prose muted"><strong>${c(s.notes)}:</strong> ${u(cand.notes)}</p>` : '') +
        `</article>`,
    )
    .join('')}</div>`;
}

function weightsSection(r: ReportContent): string {
  const { s, doc } = r;
  // Rules by number, not by their internal ids (the CSV keeps the ids for machines).
  const ruleNumber = (id: string) => r.rules.findIndex((rule) => rule.id === id) + 1;
  const rows = r.weights.map((w) => [
    td(u(w.name)),
    td(c(w.group), 'muted'),
    num(formatNumber(w.base)),
    td(
      w.delta
        ? c(formatDelta(w.delta)) + (w.reasons.length ? `<div class="small muted">${c(w.reasons.map((x) => `#${ruleNumber(x.ruleId)}`).join(', '))}</div>` : '')
        : c('0'),
      'num',
    ),
    num(formatNumber(w.final)),
    td(`<span class="meter"><span style="width:${(w.share * 100).toFixed(1)}%"></span></span> ${c(formatPercent(w.share, 1))}`, 'num share'),
  ]);
  const ruleRows = r.rules.map((rule, i) => [
    td(c(`#${i + 1}`), 'num'),
    td(u(rule.reason)),
    td(rule.effects.map((e) => `${u(e.criterion)} ${c(formatDelta(e.delta))}`).join('<br>')),
    td(`<span class="status ${rule.status}">${c(s.proposalStatus[rule.status])}</span>`),
  ]);
  return (
    `<p class="muted">${c(s.weightingMethod[doc.weighting.method] ?? '')}</p>` +
    `<p class="provenance">${r.provenance.map((line) => u(line)).join(' ')}</p>` +
    (r.ahp.length ? `<p class="ahp-consensus">${r.ahp.map((line) => c(line)).join(' ')}</p>` : '') +
    table([s.criterion, '', s.baseWeight, s.adaptation, s.finalWeight, s.share], rows, 'weights') +
    (r.weightsEdited ? `<p class="note">${c(s.weightsDiffer)}</p>` : '') +
    `<h3>${c(s.adaptationRules)}</h3>` +
    (ruleRows.length ? table([s.rule, s.rationale, s.effect, s.status], ruleRows, 'rules') : empty(s.noRules)) +
    participantsBlock(r)
  );
}

function participantsBlock(r: ReportContent): string {
  const { s, doc } = r;
  if (!doc.participants.length) return '';
  return (
    `<h3>${c(s.participants)}</h3>` +
    table(
      [s.participant, s.roleCol, s.influence],
      doc.participants.map((p) => [td(u(p.name)), td(c(s.role[p.role] ?? p.role)), num(formatNumber(p.influence))]),
      'participants',
    )
  );
}

function scoresSection(r: ReportContent): string {
  const { s, doc, analysis } = r;
  const ev = analysis.evaluation;
  if (!ev || !analysis.scored) return empty(analysis.problem ? s.analysisUnavailable(analysis.problem) : s.summaryNoScores);
  const range = doc.scale.max - doc.scale.min;
  const head = [s.candidate, ...doc.criteria.map((k) => r.criterionName(k.id))];
  const rows = r.scoreTable.map((row) => [
    `<th scope="row">${u(row.candidate)}</th>`,
    ...row.cells.map((cell) => {
      if (cell.value === null) return td(c(s.notScored), 'num muted');
      const high = cell.spread !== null && cell.spread > range * 0.2;
      const spread = cell.spread !== null && cell.spread > 0 ? `<span class="sd">±${c(formatNumber(cell.spread, 1))}</span>` : '';
      return td(`${c(formatNumber(cell.value, 1))}${spread}`, `num${high ? ' disputed' : ''}`);
    }),
  ]);
  return (
    `<p class="muted">${c(s.scoresIntro(s.aggregation[doc.aggregation], doc.scale.min, doc.scale.max))} <span class="disputed-key">${c(s.highDisagreement)}</span></p>` +
    `<div class="scroll">${table(head, rows, 'scores')}</div>` +
    `<p class="muted">${c(`${s.consensus}: ${formatPercent(ev.consensus)}`)}</p>`
  );
}

function rankingSection(r: ReportContent): string {
  const { s, doc } = r;
  if (!r.ranking.length) return empty(r.analysis.problem ? s.analysisUnavailable(r.analysis.problem) : s.summaryNoScores);
  const ev = r.analysis.evaluation!;
  const bars = rankingBarsSvg(
    s.total,
    r.ranking.map((row) => ({ label: row.name, value: row.total, highlight: row.rank === 1 })),
  );
  const rows = r.ranking.map((row) => [
    num(String(row.rank)),
    td(u(row.name) + (row.chosen ? ` <span class="tag chosen">${c(s.chosen)}</span>` : '')),
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
  return (
    figure(bars, `${s.total} (0–100)`) +
    table([s.rank, s.candidate, `${s.total} (0–100)`, s.coverage, s.firstRank], rows, 'ranking') +
    (r.ranking.some((row) => row.firstRank !== null) ? `<p class="muted small">${c(s.acceptabilityError)}</p>` : '') +
    (r.ranking.some((row) => row.coverage < 1 - 1e-9) ? `<p class="note">${c(s.coverageNote)}</p>` : '') +
    `<h3>${c(s.radar)}</h3>` +
    figure(radar, s.radarNote(shown.length, r.ranking.length), 'centred')
  );
}

function robustnessSection(r: ReportContent): string {
  const { s, analysis, doc } = r;
  if (!analysis.verdict || !analysis.evaluation) return empty(analysis.problem ? s.analysisUnavailable(analysis.problem) : s.undetermined);
  const v = analysis.verdict;
  const lines = verdictLines(r);
  let out = `<div class="verdict ${v.fragile ? 'bad' : 'good'}"><h3>${c(s.verdict)}: ${c(v.fragile ? s.fragile : s.robust)}</h3><ul>${lines.map((l) => `<li>${c(l)}</li>`).join('')}</ul></div>`;
  const sens = analysis.sensitivity;
  if (sens) {
    const name = (i: number | null) => (i === null ? s.neverFlips : r.candidateName(doc.candidates[i].id));
    const items = sens.criteria.map((ci, k) => ({ label: r.criterionName(doc.criteria[k].id), from: ci.stableFrom, to: ci.stableTo, marker: ci.weight }));
    out +=
      `<h3>${c(s.stability)}</h3><p class="muted">${c(s.stabilityIntro)}</p>` +
      figure(intervalsSvg(s.stability, items), s.stability) +
      table(
        [s.criterion, s.currentWeight, s.stableRange, s.flipsTo],
        sens.criteria.map((ci, k) => [
          td(u(r.criterionName(doc.criteria[k].id))),
          num(formatPercent(ci.weight, 1)),
          num(`${formatPercent(ci.stableFrom, 1)} – ${formatPercent(ci.stableTo, 1)}`),
          td(
            [ci.winnerBelow !== null ? `↓ ${u(name(ci.winnerBelow))}` : '', ci.winnerAbove !== null ? `↑ ${u(name(ci.winnerAbove))}` : '']
              .filter(Boolean)
              .join('<br>') || c(s.neverFlips),
          ),
        ]),
        'stability',
      );
  }
  if (r.runnerUp) out += `<p class="runner-up">${u(r.runnerUp)}</p>`;
  out += whatIfBlock(r);
  const sm = analysis.smaa;
  if (sm && analysis.smaaSettings) {
    const m = doc.candidates.length;
    const ranksShown = Math.min(m, 5);
    const partNames = Array.from({ length: ranksShown }, (_, i) => s.rankN(i + 1));
    const order = r.ranking.map((row) => row.index);
    out +=
      `<h3>${c(s.acceptability)}</h3><p class="muted">${c(s.acceptabilityIntro(analysis.smaaSettings.samples, analysis.smaaSettings.spread.toFixed(3)))}</p>` +
      figure(
        stackedSvg(
          s.acceptability,
          order.map((i) => ({ label: r.candidateName(doc.candidates[i].id), parts: sm.rankAcceptability[i].slice(0, ranksShown) })),
          partNames,
        ),
        s.acceptability,
      ) +
      `<div class="scroll">${table(
        [s.candidate, ...partNames],
        order.map((i) => [
          td(u(r.candidateName(doc.candidates[i].id))),
          ...sm.rankAcceptability[i].slice(0, ranksShown).map((a, k) => num(acceptabilityText(a, sm.standardError[i][k], r.lang))),
        ]),
        'acceptability',
      )}</div>` +
      `<p class="muted small">${c(s.acceptabilityError)}</p>`;
  }
  return out;
}

function whatIfBlock(r: ReportContent): string {
  const { s, doc } = r;
  if (!r.scenarios.length) return '';
  const baseline = r.ranking[0]?.index ?? null;
  return (
    `<h3>${c(s.whatIf)}</h3><p class="muted">${c(s.whatIfIntro)}</p>` +
    table(
      [s.scenario, s.winnerCol, `${s.total} (0–100)`, ''],
      r.scenarios.map((sc) => [
        td(u(sc.name)),
        td(sc.winner === null ? c(sc.problem ? s.analysisUnavailable(sc.problem) : s.none) : u(r.candidateName(doc.candidates[sc.winner].id))),
        num(sc.total === null ? s.none : (sc.total * 100).toFixed(1)),
        td(
          sc.winner === null || baseline === null
            ? ''
            : sc.winner === baseline
              ? `<span class="status done">${c(s.sameWinner)}</span>`
              : `<span class="status blocked">${c(s.otherWinner)}</span>`,
        ),
      ]),
      'what-if',
    )
  );
}

/** The cost evidence per candidate: the same table as step 5 (content.ts `costEvidenceRows`). */
function costEvidenceSection(r: ReportContent): string {
  const { s } = r;
  if (!r.costEvidence.length) return '';
  const e = s.evidence;
  return (
    `<h3>${c(e.title)}</h3><p class="muted">${c(e.intro)}</p>` +
    table(
      [e.candidate, e.source, e.run, e.step, e.wall, e.cost, e.budgetForRun, e.share],
      r.costEvidence.map((row) => [
        td(u(row.candidate)),
        td(c(row.source) + (row.stale ? ` <span class="tag tag-stale">${c(e.stale)}</span>` : '')),
        td(u(row.run)),
        num(row.step),
        num(row.wall),
        num(row.cost),
        num(row.budgetForRun),
        row.over ? td(`<strong>${c(row.share)}</strong>`, 'num') : num(row.share),
      ]),
      'cost-evidence',
    ) +
    (r.costEvidence.some((row) => row.budgetValue !== null) ? '' : `<p class="muted">${c(e.noBudget)}</p>`)
  );
}

function simulationSection(r: ReportContent): string {
  const { s } = r;
  if (!r.simulations.length) return empty(s.noSimulations);
  const results = r.simulations.filter((sim) => sim.kind === 'result');
  const compared =
    results.length > 1
      ? `<h3>${c(s.simulationsCompared)}</h3>` +
        table(
          [s.simulation, s.candidate, s.stepTime, s.gpuHours, s.costTotal, s.costPerStep],
          results.map((sim) => {
            const res = sim.result;
            return [
              td(u(sim.name) + (sim.changed > 0 ? ` <span class="tag tag-stale">${c(s.staleTag)}</span>` : '')),
              td(u(sim.candidate)),
              num(`${formatDuration(res.step.meanSeconds, r.lang)} / ${formatDuration(res.step.p90Seconds, r.lang)}`),
              num(formatNumber(res.totals.gpuHours, 0)),
              num(formatCost(res.totals.costTotal, r.doc.currency, r.lang)),
              num(formatCost(res.totals.costPerStep, r.doc.currency, r.lang)),
            ];
          }),
          'sim-compare',
        ) +
        rateNote(r)
      : '';
  return compared + r.simulations.map((sim) => simulationBlock(r, sim)).join('');
}

/** The exchange rate the simulator's dollar amounts were converted at (nothing in a dollar workshop). */
function rateNote(r: ReportContent): string {
  const rate = rateText(r.doc, r.lang);
  return rate === null ? '' : `<p class="muted small">${c(r.s.rateNote(rate))}</p>`;
}

function simulationBlock(r: ReportContent, sim: SimulationView): string {
  const { s } = r;
  const head =
    `<h3>${u(sim.name)} <span class="tag">${u(sim.candidate)}</span></h3>` +
    (sim.ranAt ? `<p class="muted small">${c(s.ranAt + s.colon)}${c(formatDateTime(sim.ranAt, r.lang))}</p>` : '');
  const scenario = sim.scenario.length ? `<details class="scenario" open><summary>${c(s.scenarioLabel)}</summary>${kv(sim.scenario)}</details>` : '';
  if (sim.kind === 'none') return `<article class="sim">${head}<p class="empty">${c(s.notRun)}</p>${scenario}</article>`;
  if (sim.kind === 'other')
    return `<article class="sim">${head}<h4>${c(s.otherResult)}</h4>${sim.outdated ? `<p class="stale">${c(s.outdatedResult)}</p>` : ''}${kv(sim.entries)}${scenario}</article>`;
  const res = sim.result;
  const figures: Array<[string, string]> = [
    [s.stepTime, `${formatDuration(res.step.meanSeconds, r.lang)} / ${formatDuration(res.step.p90Seconds, r.lang)}`],
    [s.wallHours, formatHours(res.totals.wallHours, r.lang)],
    [s.gpuHours, formatNumber(res.totals.gpuHours, 0)],
    [s.costTotal, formatCost(res.totals.costTotal, r.doc.currency, r.lang)],
    [s.costPerStep, formatCost(res.totals.costPerStep, r.doc.currency, r.lang)],
    [s.utilisation, `${formatPercent(res.gpuUtilization.rollout)} / ${formatPercent(res.gpuUtilization.train)}`],
  ];
  const archetypes = (['self-built', 'managed', 'hybrid'] as const).map((a) => [
    td(c(s.archetype[a])),
    num(formatCost(res.costByArchetype[a].total, r.doc.currency, r.lang)),
    num(formatCost(res.costByArchetype[a].run, r.doc.currency, r.lang)),
    num(formatCost(res.costByArchetype[a].perStep, r.doc.currency, r.lang)),
  ]);
  return (
    `<article class="sim">${head}${sim.changed > 0 ? `<p class="stale">${c(s.staleResult(sim.changed))}</p>` : ''}<div class="kpis">${figures.map(([k, v]) => `<div class="kpi"><div class="kpi-label">${c(k)}</div><div class="kpi-value">${c(v)}</div></div>`).join('')}</div>` +
    `<h4>${c(s.archetypeCosts)}</h4>` +
    table(['', s.costTotal, s.runCost, s.costPerStep], archetypes, 'costs') +
    rateNote(r) +
    scenario +
    `</article>`
  );
}

function kv(entries: ReadonlyArray<[string, string]>): string {
  return `<dl class="kv">${entries.map(([k, v]) => `<div><dt>${u(k)}</dt><dd>${u(v)}</dd></div>`).join('')}</dl>`;
}

function validationSection(r: ReportContent): string {
  const { s, doc, lang } = r;
  if (!doc.validation.length) return empty(s.noValidation);
  const methods = VALIDATION_METHOD_NAMES(lang);
  // At a glance: method × candidate status. Then the details of every task someone worked on.
  const candidateIds = doc.candidates.map((cand) => cand.id).filter((id) => doc.validation.some((v) => v.candidateId === id));
  const methodIds = [...new Set(doc.validation.map((v) => v.methodId))];
  const matrix = table(
    [s.method, ...candidateIds.map((id) => r.candidateName(id))],
    methodIds.map((m) => [
      td(c(methods[m] ?? m)),
      ...candidateIds.map((id) => {
        const items = doc.validation.filter((v) => v.methodId === m && v.candidateId === id);
        return td(items.map((v) => `<span class="status ${v.status}">${c(s.taskStatus[v.status])}</span>`).join('<br>') || c(s.none));
      }),
    ]),
    'validation-matrix',
  );
  const worked = doc.validation.filter((v) => v.title.trim() || v.owner.trim() || v.due || v.result.trim());
  const details = worked.length
    ? table(
        [s.candidate, s.method, s.title, s.owner, s.due, s.result],
        worked.map((v) => [
          td(u(r.candidateName(v.candidateId))),
          td(c(methods[v.methodId] ?? v.methodId)),
          td(u(v.title)),
          td(u(v.owner)),
          date(v.due),
          td(u(v.result)),
        ]),
        'validation',
      )
    : '';
  return `<div class="scroll">${matrix}</div>${details}`;
}

function metricsSection(r: ReportContent): string {
  const { s, doc } = r;
  if (!doc.metrics.series.length) return empty(s.noMetrics);
  // One small chart per metric (and horizon bucket), one line per candidate.
  const groups = new Map<string, typeof doc.metrics.series>();
  for (const series of doc.metrics.series) {
    const key = `${series.metric}|${series.bucket}`;
    groups.set(key, [...(groups.get(key) ?? []), series]);
  }
  const charts = [...groups.entries()].map(([key, list]) => {
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
    return `<figure class="chart-figure small-multiple"><figcaption class="chart-title">${c(title)}</figcaption>${svg}<figcaption>${c(`x: ${s.step}`)}</figcaption></figure>`;
  });
  return `<div class="multiples">${charts.join('')}</div>`;
}

function rolloutSection(r: ReportContent): string {
  const { s, doc, lang } = r;
  const { items, scope, goNoGo } = doc.rollout;
  let out = '';
  if (scope.trim()) out += `<h3>${c(s.rolloutScope)}</h3><p class="prose">${u(scope)}</p>`;
  if (goNoGo.trim()) out += `<h3>${c(s.goNoGo)}</h3><p class="prose">${u(goNoGo)}</p>`;
  if (!items.length) return out + empty(s.noRollout);
  return (
    out +
    table(
      ['', s.item, s.owner, s.due, s.status, s.note],
      items.map((i) => [
        td(i.status === 'done' ? '☑' : '☐', 'check'),
        td(u(pick(i.title, lang))),
        td(u(i.owner)),
        date(i.due),
        td(`<span class="status ${i.status}">${c(s.taskStatus[i.status])}</span>`),
        td(u(i.note)),
      ]),
      'checklist',
    )
  );
}

function iterationSection(r: ReportContent): string {
  const { s, doc } = r;
  const { log } = doc.iteration;
  const nextReview = nextReviewDate(doc);
  let out = nextReview ? `<p><strong>${c(s.nextReview)}:</strong> ${u(nextReview)}</p>` : '';
  if (!log.length) return out + empty(s.noIteration);
  out += table(
    [s.date, s.observation, s.areaCol, s.decisionCol, s.owner],
    log.map((e) => [date(e.date), td(u(e.observation)), td(c(s.area[e.area] ?? e.area)), td(u(e.decision)), td(u(e.owner))]),
    'iteration',
  );
  return out;
}

function decisionSection(r: ReportContent): string {
  const { s, doc } = r;
  const d = doc.decision;
  const rows: Array<[string, string]> = [
    [s.decision, r.decided ? u(r.decided.name) : c(s.noDecision)],
    [s.rationale, d.rationale.trim() ? u(d.rationale) : c(s.none)],
    [s.consequences, d.consequences.trim() ? u(d.consequences) : c(s.none)],
    [s.dissent, d.dissent.trim() ? u(d.dissent) : c(s.none)],
    [s.decidedAt, d.decidedAt ? u(d.decidedAt) : c(s.none)],
    [s.reviewDate, d.reviewDate ? u(d.reviewDate) : c(s.none)],
  ];
  const stale = r.decisionStale ? `<p class="stale">${c(s.decisionStale)}</p>` : '';
  return `${stale}<dl class="record">${rows.map(([k, v]) => `<div><dt>${c(k)}</dt><dd>${v}</dd></div>`).join('')}</dl>`;
}

/** Decision health: the assumptions board (status in words, coloured), the decision's standing now, and what changed since it. */
function healthSection(h: NonNullable<ReportContent['health']>): string {
  if (!h.hasSnapshot) return `<p class="muted">${c(h.snapshot)}</p>`;
  const statusClass = { holding: 'done', drifting: 'in-progress', broken: 'blocked', unobserved: '' } as const;
  const board = h.rows.length
    ? table(
        [h.head.assumption, h.head.source, h.head.expected, h.head.observed, h.head.status],
        h.rows.map((row) => [
          td(c(row.assumption) + (row.interplay ? `<br><span class="muted">${u(row.interplay)}</span>` : '')),
          td(c(row.source)),
          num(row.expected),
          num(row.observed),
          td(`<span class="status ${statusClass[row.status]}">${c(row.statusText)}</span>`),
        ]),
        'assumptions',
      )
    : '';
  return (
    `<p class="muted">${c(h.intro)}</p><p>${u(h.snapshot)} · ${c(h.tolerance)}</p>` +
    board +
    (h.standing ? `<p>${u(h.standing)}</p>` : '') +
    `<h3>${c(h.changesTitle)}</h3>` +
    (h.changes.length ? `<ul>${h.changes.map((l) => `<li>${u(l)}</li>`).join('')}</ul>` : `<p class="muted">${c(h.noChanges)}</p>`)
  );
}

function rationalesSection(r: ReportContent): string {
  const { s } = r;
  return table(
    [s.participant, s.candidate, s.criterion, s.score, s.rationale],
    r.rationales.map((x) => [
      td(u(x.participant)),
      td(u(x.candidate)),
      td(u(x.criterion)),
      num(x.score === null ? s.none : formatNumber(x.score)),
      td(u(x.text)),
    ]),
    'rationales',
  );
}
