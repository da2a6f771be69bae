import { pick } from '../../shared/framework';
import { nextReviewDate } from '../../shared/model/review-due';
import type { ReportSection } from './blocks';
import type { ReportContent } from './content';
import { VALIDATION_METHOD_NAMES, acceptabilityIntroText, formatDelta, formatNumber, formatPercent } from './content';
import { escapeMarkdownBlock as block, escapeMarkdownInline as md } from './escape';
import { markdownSection, type MarkdownOut } from './markdown-blocks';
import { OUTLINED_SECTIONS, buildSections } from './sections';
import { verdictLines } from './verdict';

/**
 * The Markdown decision record, ADR style: context, options, decision, consequences,
 * dissent, review; then any further report section (sections.ts) the record does not tell in
 * its own parts (decision health among them), block by block (markdown-blocks.ts). Every user string is
 * escaped (`md` on one line, `block` for paragraphs): no raw HTML, link, image or heading can
 * come from the document.
 */

export function renderMarkdown(r: ReportContent, sections: readonly ReportSection[] = buildSections(r)): string {
  const out = writer(r);
  header(r, out);
  context(r, out);
  options(r, out);
  decision(r, out);
  consequences(r, out);
  dissentAndReview(r, out);
  for (const section of sections) if (!OUTLINED_SECTIONS.has(section.id)) markdownSection(out, section);
  out.lines.push('---', '', `_${r.s.generatedBy}_`, '');
  return out.lines.join('\n');
}

interface AdrOut extends MarkdownOut {
  /** "**Label:**" in the report's language. */
  label: (k: string) => string;
  zh: boolean;
}

function writer(r: ReportContent): AdrOut {
  const lines: string[] = [];
  return {
    lines,
    zh: r.lang === 'zh-CN',
    para: (text) => {
      if (text.trim()) lines.push(block(text), '');
    },
    heading: (level, text) => lines.push(`${'#'.repeat(level)} ${text}`, ''),
    table: (head, rows) => {
      if (!rows.length) return;
      lines.push(`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`), '');
    },
    label: (k) => `**${k}${r.s.colon.trimEnd()}**`,
  };
}

function header(r: ReportContent, out: AdrOut): void {
  const { s, doc } = r;
  const d = doc.decision;
  out.heading(1, s.adrTitle(md(doc.meta.title)));
  const facts: Array<[string, string]> = [
    [s.adrStatus, r.decided ? s.adrAccepted : s.adrProposed],
    [s.date, md(d.decidedAt || doc.meta.date || '') || s.none],
  ];
  if (doc.meta.team) facts.push([s.team, md(doc.meta.team)]);
  if (doc.meta.facilitator) facts.push([s.facilitator, md(doc.meta.facilitator)]);
  if (doc.participants.length) facts.push([s.participants, doc.participants.map((p) => md(p.name)).join(out.zh ? '、' : ', ')]);
  facts.push([s.reviewDate, md(d.reviewDate) || s.none]);
  out.lines.push(...facts.map(([k, v]) => `- ${out.label(k)} ${v}`), '');
}

/** Context: why a decision was needed and what matters. */
function context(r: ReportContent, out: AdrOut): void {
  const { s, doc } = r;
  out.heading(2, s.adrContext);
  out.para(doc.meta.description);
  const answers = [...r.needs.groups.flatMap((g) => g.rows), ...r.needs.other];
  if (answers.length) {
    out.heading(3, s.needs);
    out.table(
      [s.question, s.answer],
      answers.map((a) => [md(a.question), md(a.answer)]),
    );
  }
  out.para(r.needs.notes);
  out.heading(3, s.criteriaWeights);
  out.para(r.provenance.join(' '));
  if (r.ahp.length) out.lines.push(md(r.ahp.join(' ')), '');
  out.table(
    [s.criterion, s.baseWeight, s.adaptation, s.finalWeight, s.share],
    r.weights.map((w) => [md(w.name), formatNumber(w.base), formatDelta(w.delta), formatNumber(w.final), formatPercent(w.share, 1)]),
  );
  if (!r.rules.length) return;
  out.heading(3, s.adaptationRules);
  for (const [i, rule] of r.rules.entries()) {
    const effects = rule.effects.map((e) => `${md(e.criterion)} ${formatDelta(e.delta)}`).join(out.zh ? '，' : ', ');
    out.lines.push(
      out.zh
        ? `- **#${i + 1}**（${s.proposalStatus[rule.status]}；${effects}）：${md(rule.reason)}`
        : `- **#${i + 1}** (${s.proposalStatus[rule.status]}; ${effects}): ${md(rule.reason)}`,
    );
  }
  out.lines.push('');
}

/** Options: every candidate with its result. */
function options(r: ReportContent, out: AdrOut): void {
  const { s, doc, lang } = r;
  out.heading(2, s.adrOptions);
  const rankOf = new Map(r.ranking.map((row) => [row.id, row]));
  out.table(
    [s.rank, s.candidate, s.kindCol, `${s.total} (0–100)`, s.firstRank],
    (r.ranking.length ? r.ranking.map((row) => doc.candidates[row.index]) : doc.candidates).map((cand) => {
      const row = rankOf.get(cand.id);
      return [
        row ? String(row.rank) : s.none,
        md(r.candidateName(cand.id)) + (cand.id === doc.decision.candidateId ? (out.zh ? ` **（${s.chosen}）**` : ` **(${s.chosen})**`) : ''),
        s.kind[cand.kind] ?? cand.kind,
        row ? (row.total * 100).toFixed(1) : s.none,
        row ? row.firstRankText : s.none,
      ];
    }),
  );
  if (r.ranking.some((row) => row.firstRank !== null)) out.lines.push(`_${md(s.acceptabilityError)}_`, '');
  if (r.analysis.smaa && r.analysis.smaaSettings) out.lines.push(md(acceptabilityIntroText(r)), '');
  for (const cand of doc.candidates) {
    const desc = pick(cand.description, lang);
    if (desc.trim() || cand.notes.trim())
      out.lines.push(`- ${out.label(md(r.candidateName(cand.id)))} ${md(desc)}${cand.notes.trim() ? ` — ${md(cand.notes)}` : ''}`);
  }
  if (doc.candidates.some((c) => pick(c.description, lang).trim() || c.notes.trim())) out.lines.push('');
}

/** Decision: what was decided (or what the analysis ranks first), how robust, what-if scenarios. */
function decision(r: ReportContent, out: AdrOut): void {
  const { s, doc } = r;
  out.heading(2, s.adrDecision);
  if (r.decided) {
    out.lines.push(`**${md(r.decided.name)}**`, '');
    if (r.decisionStale) out.lines.push(`> ${md(s.decisionStale)}`, '');
  } else if (r.winner) out.lines.push(md(s.adrAnalysisRecommends(r.winner.name)), '');
  else out.lines.push(s.noDecision, '');
  out.para(doc.decision.rationale);
  if (r.analysis.problem) out.lines.push(md(s.analysisUnavailable(r.analysis.problem)), '');
  if (r.analysis.verdict) {
    out.heading(3, `${s.robustness}: ${r.analysis.verdict.fragile ? s.fragile : s.robust}`);
    out.lines.push(...verdictLines(r).map((l) => `- ${md(l)}`), '');
  }
  if (r.runnerUp) out.lines.push(md(r.runnerUp), '');
  if (!r.scenarios.length) return;
  out.heading(3, s.whatIf);
  out.table(
    [s.scenario, s.winnerCol, `${s.total} (0–100)`],
    r.scenarios.map((sc) => [
      md(sc.name),
      sc.winner === null ? s.none : md(r.candidateName(doc.candidates[sc.winner].id)),
      sc.total === null ? s.none : (sc.total * 100).toFixed(1),
    ]),
  );
}

/** Consequences, with the plan that follows from the decision. */
function consequences(r: ReportContent, out: AdrOut): void {
  const { s, doc, lang } = r;
  const d = doc.decision;
  out.heading(2, s.adrConsequences);
  out.para(d.consequences);
  if (!d.consequences.trim()) out.lines.push(s.none, '');
  const { scope, goNoGo, items } = doc.rollout;
  if (scope.trim() || goNoGo.trim() || items.length) {
    out.heading(3, s.rollout);
    if (scope.trim()) out.lines.push(`${out.label(s.rolloutScope)} ${md(scope)}`, '');
    if (goNoGo.trim()) out.lines.push(`${out.label(s.goNoGo)} ${md(goNoGo)}`, '');
    for (const item of items) {
      const extra = [item.owner && md(item.owner), item.due && md(item.due), s.taskStatus[item.status]].filter(Boolean).join(', ');
      out.lines.push(`- [${item.status === 'done' ? 'x' : ' '}] ${md(pick(item.title, lang))} (${extra})${item.note.trim() ? ` — ${md(item.note)}` : ''}`);
    }
    out.lines.push('');
  }
  if (!doc.validation.length) return;
  out.heading(3, s.validation);
  const methods = VALIDATION_METHOD_NAMES(lang);
  out.table(
    [s.candidate, s.method, s.title, s.owner, s.status, s.due, s.result],
    doc.validation.map((v) => [
      md(r.candidateName(v.candidateId)),
      md(methods[v.methodId] ?? v.methodId),
      md(v.title),
      md(v.owner),
      s.taskStatus[v.status],
      md(v.due),
      md(v.result),
    ]),
  );
}

function dissentAndReview(r: ReportContent, out: AdrOut): void {
  const { s, doc } = r;
  const d = doc.decision;
  out.heading(2, s.adrDissent);
  out.para(d.dissent);
  if (!d.dissent.trim()) out.lines.push(s.none, '');
  out.heading(2, s.adrReview);
  out.lines.push(`- ${out.label(s.reviewDate)} ${md(d.reviewDate) || s.none}`, `- ${out.label(s.nextReview)} ${md(nextReviewDate(doc)) || s.none}`, '');
  if (!doc.iteration.log.length) return;
  out.heading(3, s.iteration);
  out.table(
    [s.date, s.observation, s.areaCol, s.decisionCol, s.owner],
    doc.iteration.log.map((e) => [md(e.date), md(e.observation), s.area[e.area] ?? e.area, md(e.decision), md(e.owner)]),
  );
}
