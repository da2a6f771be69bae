import { pick } from '../../shared/framework';
import { nextReviewDate } from '../../shared/model/review-due';
import type { ReportContent } from './content';
import { VALIDATION_METHOD_NAMES, formatDelta, formatNumber, formatPercent } from './content';
import { escapeMarkdownBlock as block, escapeMarkdownInline as md } from './escape';
import { verdictLines } from './verdict';

/**
 * The Markdown decision record, ADR style: context, options, decision, consequences,
 * dissent, review. Every user string is escaped (`md` on one line, `block` for
 * paragraphs): no raw HTML, link, image or heading can come from the document.
 */
export function renderMarkdown(r: ReportContent): string {
  const { s, doc, lang } = r;
  const d = doc.decision;
  const out: string[] = [];
  const zh = lang === 'zh-CN';
  const para = (text: string) => {
    if (text.trim()) out.push(block(text), '');
  };
  const heading = (level: number, text: string) => out.push(`${'#'.repeat(level)} ${text}`, '');
  const table = (head: string[], rows: string[][]) => {
    if (!rows.length) return;
    out.push(`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`), '');
  };

  heading(1, s.adrTitle(md(doc.meta.title)));
  const facts: Array<[string, string]> = [
    [s.adrStatus, r.decided ? s.adrAccepted : s.adrProposed],
    [s.date, md(d.decidedAt || doc.meta.date || '') || s.none],
  ];
  if (doc.meta.team) facts.push([s.team, md(doc.meta.team)]);
  if (doc.meta.facilitator) facts.push([s.facilitator, md(doc.meta.facilitator)]);
  if (doc.participants.length) facts.push([s.participants, doc.participants.map((p) => md(p.name)).join(zh ? '、' : ', ')]);
  facts.push([s.reviewDate, md(d.reviewDate) || s.none]);
  const label = (k: string) => `**${k}${s.colon.trimEnd()}**`;
  out.push(...facts.map(([k, v]) => `- ${label(k)} ${v}`), '');

  // Context: why a decision was needed and what matters.
  heading(2, s.adrContext);
  para(doc.meta.description);
  const answers = [...r.needs.groups.flatMap((g) => g.rows), ...r.needs.other];
  if (answers.length) {
    heading(3, s.needs);
    table(
      [s.question, s.answer],
      answers.map((a) => [md(a.question), md(a.answer)]),
    );
  }
  para(r.needs.notes);
  heading(3, s.criteriaWeights);
  para(r.provenance.join(' '));
  if (r.ahp.length) out.push(md(r.ahp.join(' ')), '');
  table(
    [s.criterion, s.baseWeight, s.adaptation, s.finalWeight, s.share],
    r.weights.map((w) => [md(w.name), formatNumber(w.base), formatDelta(w.delta), formatNumber(w.final), formatPercent(w.share, 1)]),
  );
  if (r.rules.length) {
    heading(3, s.adaptationRules);
    for (const [i, rule] of r.rules.entries()) {
      const effects = rule.effects.map((e) => `${md(e.criterion)} ${formatDelta(e.delta)}`).join(zh ? '，' : ', ');
      out.push(
        zh
          ? `- **#${i + 1}**（${s.proposalStatus[rule.status]}；${effects}）：${md(rule.reason)}`
          : `- **#${i + 1}** (${s.proposalStatus[rule.status]}; ${effects}): ${md(rule.reason)}`,
      );
    }
    out.push('');
  }

  // Options: every candidate with its result.
  heading(2, s.adrOptions);
  const rankOf = new Map(r.ranking.map((row) => [row.id, row]));
  table(
    [s.rank, s.candidate, s.kindCol, `${s.total} (0–100)`, s.firstRank],
    (r.ranking.length ? r.ranking.map((row) => doc.candidates[row.index]) : doc.candidates).map((cand) => {
      const row = rankOf.get(cand.id);
      return [
        row ? String(row.rank) : s.none,
        md(r.candidateName(cand.id)) + (cand.id === d.candidateId ? (zh ? ` **（${s.chosen}）**` : ` **(${s.chosen})**`) : ''),
        s.kind[cand.kind] ?? cand.kind,
        row ? (row.total * 100).toFixed(1) : s.none,
        row ? row.firstRankText : s.none,
      ];
    }),
  );
  if (r.ranking.some((row) => row.firstRank !== null)) out.push(`_${md(s.acceptabilityError)}_`, '');
  for (const cand of doc.candidates) {
    const desc = pick(cand.description, lang);
    if (desc.trim() || cand.notes.trim()) out.push(`- ${label(md(r.candidateName(cand.id)))} ${md(desc)}${cand.notes.trim() ? ` — ${md(cand.notes)}` : ''}`);
  }
  if (doc.candidates.some((c) => pick(c.description, lang).trim() || c.notes.trim())) out.push('');

  // Decision.
  heading(2, s.adrDecision);
  if (r.decided) {
    out.push(`**${md(r.decided.name)}**`, '');
    if (r.decisionStale) out.push(`> ${md(s.decisionStale)}`, '');
  } else if (r.winner) out.push(md(s.adrAnalysisRecommends(r.winner.name)), '');
  else out.push(s.noDecision, '');
  para(d.rationale);
  if (r.analysis.problem) out.push(md(s.analysisUnavailable(r.analysis.problem)), '');
  const verdict = verdictLines(r);
  if (r.analysis.verdict) {
    heading(3, `${s.robustness}: ${r.analysis.verdict.fragile ? s.fragile : s.robust}`);
    out.push(...verdict.map((l) => `- ${md(l)}`), '');
  }
  if (r.runnerUp) out.push(md(r.runnerUp), '');

  if (r.scenarios.length) {
    heading(3, s.whatIf);
    table(
      [s.scenario, s.winnerCol, `${s.total} (0–100)`],
      r.scenarios.map((sc) => [
        md(sc.name),
        sc.winner === null ? s.none : md(r.candidateName(doc.candidates[sc.winner].id)),
        sc.total === null ? s.none : (sc.total * 100).toFixed(1),
      ]),
    );
  }

  // Consequences, with the plan that follows from the decision.
  heading(2, s.adrConsequences);
  para(d.consequences);
  if (!d.consequences.trim()) out.push(s.none, '');
  if (doc.rollout.scope.trim() || doc.rollout.goNoGo.trim() || doc.rollout.items.length) {
    heading(3, s.rollout);
    if (doc.rollout.scope.trim()) out.push(`${label(s.rolloutScope)} ${md(doc.rollout.scope)}`, '');
    if (doc.rollout.goNoGo.trim()) out.push(`${label(s.goNoGo)} ${md(doc.rollout.goNoGo)}`, '');
    for (const item of doc.rollout.items) {
      const extra = [item.owner && md(item.owner), item.due && md(item.due), s.taskStatus[item.status]].filter(Boolean).join(', ');
      out.push(`- [${item.status === 'done' ? 'x' : ' '}] ${md(pick(item.title, lang))} (${extra})${item.note.trim() ? ` — ${md(item.note)}` : ''}`);
    }
    out.push('');
  }
  if (doc.validation.length) {
    heading(3, s.validation);
    const methods = VALIDATION_METHOD_NAMES(lang);
    table(
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

  heading(2, s.adrDissent);
  para(d.dissent);
  if (!d.dissent.trim()) out.push(s.none, '');

  heading(2, s.adrReview);
  out.push(`- ${label(s.reviewDate)} ${md(d.reviewDate) || s.none}`, `- ${label(s.nextReview)} ${md(nextReviewDate(doc)) || s.none}`, '');
  if (doc.iteration.log.length) {
    heading(3, s.iteration);
    table(
      [s.date, s.observation, s.areaCol, s.decisionCol, s.owner],
      doc.iteration.log.map((e) => [md(e.date), md(e.observation), s.area[e.area] ?? e.area, md(e.decision), md(e.owner)]),
    );
  }
  const h = r.health;
  if (h) {
    heading(2, md(h.title));
    if (!h.hasSnapshot) out.push(md(h.snapshot), '');
    else {
      out.push(`${md(h.snapshot)} · ${md(h.tolerance)}`, '');
      table(
        [h.head.assumption, h.head.source, h.head.expected, h.head.observed, h.head.status],
        h.rows.map((row) => [
          md(row.assumption) + (row.interplay ? ` — ${md(row.interplay)}` : ''),
          md(row.source),
          md(row.expected),
          md(row.observed),
          `**${md(row.statusText)}**`,
        ]),
      );
      if (h.standing) out.push(md(h.standing), '');
      heading(3, md(h.changesTitle));
      if (h.changes.length) out.push(...h.changes.map((l) => `- ${md(l)}`), '');
      else out.push(md(h.noChanges), '');
    }
  }
  out.push('---', '', `_${s.generatedBy}_`, '');
  return out.join('\n');
}
