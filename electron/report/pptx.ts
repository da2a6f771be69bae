import { nextReviewDate } from '../../shared/model/review-due';
import { pick } from '../../shared/framework';
import { displayName } from '../../shared/model/names';
import { formatDuration } from '../../shared/format';
import { formatCost, fromUsd, rateText } from '../../shared/model/currency';
import type { ReportSection } from './blocks';
import { acceptabilityIntroText, formatDelta, formatNumber, type ReportContent } from './content';
import { ACCENT, BODY_W, MARGIN, MUTED, TEXT, TOP_DOWN, clean, createDeck, type Deck } from './pptx-deck';
import { sectionSlides } from './pptx-blocks';
import { OUTLINED_SECTIONS, buildSections } from './sections';
import { verdictLines } from './verdict';

/**
 * The outcome of a workshop as a slide deck (PowerPoint .pptx, 16:9), built with pptxgenjs:
 * title, needs, candidates, weights (and the rules behind them), ranking, radar, robustness
 * (stability, SMAA, verdict), cost comparison, decision and next steps; then any further report
 * section (sections.ts) the deck does not tell in its own slides (decision health among them), drawn
 * block by block (pptx-blocks.ts). Charts are native PowerPoint charts (editable in
 * PowerPoint, Keynote and LibreOffice); candidates keep the colours they have on screen and in
 * the HTML report (the one palette function). User text is passed as text runs (never markup),
 * cleaned of control characters.
 */

export async function renderPptx(r: ReportContent, sections: readonly ReportSection[] = buildSections(r)): Promise<Uint8Array> {
  const deck = createDeck(r);
  titleSlide(deck);
  needsSlides(deck);
  candidateSlides(deck);
  weightSlides(deck);
  rankingSlide(deck);
  radarSlide(deck);
  robustnessSlides(deck);
  costEvidenceSlides(deck);
  costSlide(deck);
  nextStepsSlide(deck);
  for (const section of sections) if (!OUTLINED_SECTIONS.has(section.id)) sectionSlides(deck, section);
  return (await deck.pptx.write({ outputType: 'uint8array' })) as Uint8Array;
}

/** 1 · Title. */
function titleSlide({ pptx, r, font }: Deck): void {
  const { s, doc } = r;
  const sl = pptx.addSlide();
  sl.background = { color: 'F5F7FA' };
  sl.addText(s.reportTitle, { x: MARGIN, y: 1.6, w: BODY_W, h: 0.5, fontFace: font, fontSize: 18, color: ACCENT, bold: true });
  sl.addText(clean(r.title), { x: MARGIN, y: 2.2, w: BODY_W, h: 1.6, fontFace: font, fontSize: 40, bold: true, color: TEXT, valign: 'top' });
  const lines = [
    r.decided ? s.summaryDecided(clean(r.decided.name)) : r.winner ? s.summaryWinner(clean(r.winner.name)) : s.summaryNoScores,
    [doc.meta.team && `${s.team}${s.colon}${clean(doc.meta.team)}`, doc.meta.facilitator && `${s.facilitator}${s.colon}${clean(doc.meta.facilitator)}`]
      .filter(Boolean)
      .join('   '),
    `${s.date}${s.colon}${new Date().toISOString().slice(0, 10)}`,
  ].filter(Boolean);
  sl.addText(lines.join('\n'), { x: MARGIN, y: 4.1, w: BODY_W, h: 1.6, fontFace: font, fontSize: 20, color: MUTED, valign: 'top' });
}

/** 2 · Needs summary. */
function needsSlides(deck: Deck): void {
  const { s, needs } = deck.r;
  const rows = needs.groups.flatMap((g) => g.rows.map((row) => [g.title, row.question, row.answer]));
  deck.tableSlides(s.needs, ['', s.question, s.answer], rows, [2.6, 5.3, 4.43], needs.notes.trim() ? clean(needs.notes).slice(0, 300) : undefined);
}

/** 3 · Candidates. */
function candidateSlides(deck: Deck): void {
  const { s, doc, lang } = deck.r;
  deck.tableSlides(
    s.candidates,
    [s.candidate, s.kindCol, s.notes],
    doc.candidates.map((c, i) => [displayName(c, lang, 'candidate', i), s.kind[c.kind] ?? c.kind, (pick(c.description, lang) || c.notes).slice(0, 240)]),
    [3.6, 1.8, 6.93],
  );
}

/** 4 · Weights and where they come from (method, accepted adaptation rules). */
function weightSlides(deck: Deck): void {
  const { r, font, pptx } = deck;
  const { s, doc } = r;
  const sl = deck.slide(s.criteriaWeights);
  sl.addText(s.weightingMethod[doc.weighting.method] ?? '', { x: MARGIN, y: 1.05, w: BODY_W, h: 0.4, fontFace: font, fontSize: 14, color: MUTED });
  // The group AHP's consensus and judges under the chart, when the weights come from AHP.
  if (r.ahp.length) sl.addText(clean(r.ahp.join(' ')), { x: MARGIN, y: 6.2, w: 6.4, h: 0.7, fontFace: font, fontSize: 12, color: MUTED, valign: 'top' });
  sl.addChart(pptx.ChartType.bar, [{ name: s.share, labels: r.weights.map((w) => clean(w.name)), values: r.weights.map((w) => +(w.share * 100).toFixed(1)) }], {
    x: MARGIN,
    y: 1.5,
    w: 6.4,
    h: r.ahp.length ? 4.6 : 5.3,
    ...deck.oneSeriesBars('0.0"%"'),
    valAxisMinVal: 0,
    valAxisLabelFormatCode: '0"%"',
  });
  const rows = r.weights.map((w) => [clean(w.name), formatNumber(w.base), w.delta ? formatDelta(w.delta) : '0', formatNumber(w.final), deck.pct(w.share, 1)]);
  deck.sideTable(sl, [s.criterion, s.baseWeight, s.adaptation, s.finalWeight, s.share], rows, { x: 7.1, y: 1.5, w: 5.73, colW: [2.33, 0.8, 0.9, 0.9, 0.8] });
  const accepted = r.rules.filter((rule) => rule.status === 'accepted');
  if (accepted.length)
    deck.tableSlides(
      s.adaptationRules,
      [s.rationale, s.effect],
      accepted.map((rule) => [rule.reason, rule.effects.map((e) => `${e.criterion} ${formatDelta(e.delta)}`).join(deck.zh ? '；' : '; ')]),
      [7.6, 4.73],
    );
}

/** 5 · Ranking (one series per candidate, so each bar has the candidate's colour). */
function rankingSlide(deck: Deck): void {
  const { r, font, pptx } = deck;
  const { s } = r;
  const sl = deck.slide(s.ranking);
  if (!r.ranking.length) {
    sl.addText(s.summaryNoScores, { x: MARGIN, y: 1.4, w: BODY_W, h: 0.6, fontFace: font, fontSize: 18, color: MUTED });
    return;
  }
  sl.addChart(
    pptx.ChartType.bar,
    r.ranking.map((row) => ({ name: `${row.rank}. ${clean(row.name)}`, labels: [`${s.total} (0–100)`], values: [+(row.total * 100).toFixed(1)] })),
    {
      x: MARGIN,
      y: 1.2,
      w: 7.2,
      h: 5.6,
      barDir: 'bar',
      barGapWidthPct: 40,
      chartColors: r.ranking.map((row) => deck.candidateColour(row.id)),
      valAxisMinVal: 0,
      valAxisMaxVal: 100,
      valAxisLabelFontSize: 12,
      catAxisHidden: true,
      showValue: true,
      dataLabelFontSize: 14,
      dataLabelFormatCode: '0.0',
      showLegend: true,
      legendPos: 'b',
      legendFontSize: 14,
      legendFontFace: font,
      catAxisOrientation: TOP_DOWN,
    },
  );
  const rows = r.ranking.map((row) => [
    String(row.rank),
    clean(row.name) + (row.chosen ? ` (${s.chosen})` : ''),
    (row.total * 100).toFixed(1),
    deck.pct(row.coverage),
    row.firstRankText,
  ]);
  deck.sideTable(sl, [s.rank, s.candidate, s.total, s.coverage, s.firstRank], rows, { x: 7.9, y: 1.2, w: 4.93, colW: [0.5, 1.5, 0.75, 0.8, 1.38] });
  if (r.ranking.some((row) => row.firstRank !== null))
    sl.addText(s.acceptabilityError, { x: 7.9, y: 6.2, w: 4.93, h: 0.7, fontFace: font, fontSize: 11, color: MUTED, valign: 'top' });
}

/** 6 · Radar: group scores of the leading candidates on every criterion. */
function radarSlide(deck: Deck): void {
  const { r, font, pptx } = deck;
  const { s, doc } = r;
  const ev = r.analysis.evaluation;
  if (!ev || !r.ranking.length) return;
  const sl = deck.slide(s.radar);
  const shown = r.ranking.slice(0, 5);
  sl.addChart(
    pptx.ChartType.radar,
    shown.map((row) => ({
      name: clean(row.name),
      labels: doc.criteria.map((k) => clean(r.criterionName(k.id))),
      values: ev.aggregated[row.index].map((a) => (a === null ? 0 : +a.toFixed(2))),
    })),
    {
      x: MARGIN,
      y: 1.1,
      w: BODY_W,
      h: 5.8,
      radarStyle: 'standard',
      chartColors: shown.map((row) => deck.candidateColour(row.id)),
      lineSize: 2,
      catAxisLabelFontSize: 12,
      catAxisLabelFontFace: font,
      valAxisMinVal: doc.scale.min,
      valAxisMaxVal: doc.scale.max,
      valAxisLabelFontSize: 10,
      showLegend: true,
      legendPos: 'r',
      legendFontSize: 14,
      legendFontFace: font,
    },
  );
}

/** 7 · Robustness: verdict, stability of the weights, SMAA rank acceptability. */
function robustnessSlides(deck: Deck): void {
  const { r, font } = deck;
  const { s, analysis } = r;
  const v = analysis.verdict;
  if (!v || !analysis.evaluation) return;
  const sl = deck.slide(`${s.robustness}: ${v.fragile ? s.fragile : s.robust}`);
  sl.addText(
    [
      ...verdictLines(r).map((line) => ({ text: clean(line), options: { bullet: true, breakLine: true } })),
      ...(r.runnerUp ? [{ text: clean(r.runnerUp), options: { bullet: true, breakLine: true, fontSize: 15 } }] : []),
    ],
    { x: MARGIN, y: 1.2, w: BODY_W, h: 5.5, fontFace: font, fontSize: 18, color: TEXT, valign: 'top', paraSpaceAfter: 6 },
  );
  stabilitySlides(deck);
  acceptabilitySlide(deck);
}

function stabilitySlides(deck: Deck): void {
  const { r, pct } = deck;
  const { s, doc } = r;
  const sens = r.analysis.sensitivity;
  if (!sens) return;
  const name = (i: number | null) => (i === null ? '' : clean(r.candidateName(doc.candidates[i].id)));
  deck.tableSlides(
    s.stability,
    [s.criterion, s.currentWeight, s.stableRange, s.flipsTo],
    sens.criteria.map((ci, k) => [
      r.criterionName(doc.criteria[k].id),
      pct(ci.weight, 1),
      `${pct(ci.stableFrom, 1)} – ${pct(ci.stableTo, 1)}`,
      [ci.winnerBelow !== null ? `↓ ${name(ci.winnerBelow)}` : '', ci.winnerAbove !== null ? `↑ ${name(ci.winnerAbove)}` : ''].filter(Boolean).join('  ') ||
        s.neverFlips,
    ]),
    [3.8, 1.8, 2.6, 4.13],
    s.stabilityIntro,
  );
}

function acceptabilitySlide(deck: Deck): void {
  const { r, font, pptx } = deck;
  const { s, doc, analysis } = r;
  const sm = analysis.smaa;
  if (!sm || !analysis.smaaSettings) return;
  const ranksShown = Math.min(doc.candidates.length, 5);
  const order = r.ranking.map((row) => row.index);
  const sl = deck.slide(s.acceptability);
  sl.addText(acceptabilityIntroText(r), {
    x: MARGIN,
    y: 1.05,
    w: BODY_W,
    h: 0.8,
    fontFace: font,
    fontSize: 13,
    color: MUTED,
    valign: 'top',
  });
  sl.addChart(
    pptx.ChartType.bar,
    Array.from({ length: ranksShown }, (_, k) => ({
      name: s.rankN(k + 1),
      labels: order.map((i) => clean(r.candidateName(doc.candidates[i].id))),
      values: order.map((i) => +(sm.rankAcceptability[i][k] * 100).toFixed(1)),
    })),
    {
      x: MARGIN,
      y: 1.9,
      w: BODY_W,
      h: 4.2,
      barDir: 'bar',
      barGrouping: 'percentStacked',
      valAxisLabelFormatCode: '0%',
      catAxisOrientation: TOP_DOWN,
      catAxisLabelFontSize: 14,
      catAxisLabelFontFace: font,
      valAxisLabelFontSize: 12,
      chartColors: ['1F5FBF', '6E9BD9', 'A9C3EA', 'D4E1F4', 'EEF2F7'].slice(0, ranksShown),
      showValue: false,
      showLegend: true,
      legendPos: 'b',
      legendFontSize: 14,
      legendFontFace: font,
    },
  );
  // The first-rank acceptabilities with their Monte Carlo standard errors, and what ± means.
  const firstRanks = r.ranking.map((row) => `${clean(row.name)} ${row.firstRankText}`).join(deck.zh ? '；' : '; ');
  sl.addText(
    [
      { text: `${s.firstRank}${s.colon}${firstRanks}`, options: { breakLine: true } },
      { text: s.acceptabilityError, options: { color: MUTED } },
    ],
    { x: MARGIN, y: 6.15, w: BODY_W, h: 0.8, fontFace: font, fontSize: 12, color: TEXT, valign: 'top' },
  );
}

/** 8 · The cost evidence per candidate: the same table as step 5 and the HTML report. */
function costEvidenceSlides(deck: Deck): void {
  const { r } = deck;
  if (!r.costEvidence.length) return;
  const e = r.s.evidence;
  deck.tableSlides(
    e.title,
    [e.candidate, e.source, e.run, e.step, e.wall, e.cost, e.budgetForRun, e.share],
    r.costEvidence.map((row) => [
      row.candidate,
      [row.source, ...(row.stale ? [e.stale] : []), ...(row.outside ? [e.outsideTag] : [])].join(' · '),
      row.run,
      row.step,
      row.wall,
      row.cost,
      row.budgetForRun,
      row.share,
    ]),
    [1.5, 1.7, 1.9, 1.65, 1.65, 1.65, 1.25, 1.03],
    evidenceNote(r.costEvidence, e.noBudget),
  );
}

/** The cost evidence slide's footnote: each estimate outside its validated region, and the missing budget. */
function evidenceNote(rows: Deck['r']['costEvidence'], noBudget: string): string | undefined {
  const notes = rows.flatMap((row) => (row.outside ? [row.outside] : []));
  if (!rows.some((row) => row.budgetValue !== null)) notes.push(noBudget);
  return notes.length ? notes.join(' ') : undefined;
}

/** 9 · Cost comparison of the simulations with results. */
function costSlide(deck: Deck): void {
  const { r, font, pptx } = deck;
  const { s, doc, lang } = r;
  const results = r.simulations.filter((sim) => sim.kind === 'result');
  if (!results.length) return;
  const sl = deck.slide(s.deckCost);
  // The workshop's currency (the simulator prices in dollars): the axis, the bars and the table agree.
  const moneyFormatCode = doc.currency.code === 'USD' ? '"$"#,##0' : '"¥"#,##0';
  const label = (sim: (typeof results)[number]) => `${clean(sim.name)} · ${clean(sim.candidate)}`;
  sl.addChart(
    pptx.ChartType.bar,
    [{ name: s.costTotal, labels: results.map(label), values: results.map((sim) => Math.round(fromUsd(sim.result.totals.costTotal, doc.currency))) }],
    {
      x: MARGIN,
      y: 1.2,
      w: 5.6,
      h: 5.6,
      ...deck.oneSeriesBars(moneyFormatCode),
      valAxisLabelFormatCode: moneyFormatCode,
      showTitle: true,
      title: `${s.costTotal} (${doc.currency.code})`,
      titleFontSize: 14,
      titleFontFace: font,
    },
  );
  const rows = results.map((sim) => {
    const res = sim.result;
    return [
      label(sim),
      `${formatDuration(res.step.meanSeconds, lang)} / ${formatDuration(res.step.p90Seconds, lang)}`,
      formatNumber(res.totals.gpuHours, 0),
      formatCost(res.totals.costTotal, doc.currency, lang),
      formatCost(res.totals.costPerStep, doc.currency, lang),
    ];
  });
  deck.sideTable(sl, [s.simulation, s.stepTime, s.gpuHours, s.costTotal, s.costPerStep], rows, { x: 6.3, y: 1.2, w: 6.53, colW: [2.03, 1.5, 0.9, 1.1, 1.0] });
  const rate = rateText(doc, lang);
  if (rate !== null) sl.addText(s.rateNote(rate), { x: 6.3, y: 6.5, w: 6.53, h: 0.4, fontFace: font, fontSize: 11, color: MUTED });
}

/** 10 · Decision and next steps. */
function nextStepsSlide(deck: Deck): void {
  const { r, font } = deck;
  const { s, doc, lang } = r;
  const sl = deck.slide(s.deckNextSteps);
  const d = doc.decision;
  const record: Array<[string, string]> = [
    [s.decision, r.decided ? clean(r.decided.name) : s.noDecision],
    [s.rationale, clean(d.rationale) || s.none],
    [s.consequences, clean(d.consequences) || s.none],
    [s.dissent, clean(d.dissent) || s.none],
    [s.reviewDate, d.reviewDate || s.none],
  ];
  sl.addTable(
    record.map(([k, v]) => [
      { text: k, options: { bold: true, color: MUTED } },
      { text: v.slice(0, 400), options: {} },
    ]),
    { x: MARGIN, y: 1.2, w: 6.6, colW: [1.8, 4.8], fontFace: font, fontSize: 14, color: TEXT, border: { type: 'none' }, valign: 'top' },
  );
  const open = doc.rollout.items.filter((i) => i.status !== 'done').slice(0, 10);
  const next = open.map((i) => {
    const who = [clean(i.owner), i.due].filter(Boolean).join(deck.zh ? '，' : ', ');
    return `${clean(pick(i.title, lang))}${who ? ` (${who})` : ''} — ${s.taskStatus[i.status]}`;
  });
  if (nextReviewDate(doc)) next.push(`${s.nextReview}${s.colon}${clean(nextReviewDate(doc))}`);
  sl.addText(s.rollout, { x: 7.4, y: 1.2, w: 5.43, h: 0.4, fontFace: font, fontSize: 16, bold: true, color: TEXT });
  sl.addText(next.length ? next.map((t) => ({ text: t, options: { bullet: true, breakLine: true } })) : s.deckNoNextSteps, {
    x: 7.4,
    y: 1.7,
    w: 5.43,
    h: 5.1,
    fontFace: font,
    fontSize: 14,
    color: TEXT,
    valign: 'top',
  });
}
