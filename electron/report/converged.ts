import { leafNameOf } from '../../shared/model/hierarchy';
import { mostChangedCells, roundTrends } from '../../shared/model/round-history';
import type { Block, Cell, Inline } from './blocks';
import type { ReportContent } from './content';
import { formatDateTime, formatNumber, formatPercent } from './content';

/**
 * "How the room converged": the room-vote rounds (round-history.ts), the disagreement of each
 * once it closed and whether it fell, and per round the cells whose scores moved most with
 * every change and its rationale. One section of the one list (sections.ts), so every format
 * prints it; none without rounds.
 */
const user = (text: string): Inline => ({ user: text });
const cell = (text: Inline, cls?: string): Cell => (cls ? { text, cls } : { text });

/** How many moved cells each round lists. */
const MOST_CHANGED = 5;

export function convergedBlocks(r: ReportContent): Block[] {
  const { s, doc } = r;
  if (doc.rounds.length === 0) return [];
  const person = (id: string) => doc.participants.find((p) => p.id === id)?.name ?? id;
  const score = (v: number | null) => (v === null ? s.none : formatNumber(v));
  const spread = (v: number | null) => (v === null ? '—' : formatNumber(v));
  const trends = roundTrends(doc.rounds);
  const blocks: Block[] = [
    { kind: 'paragraph', text: s.convergedIntro, style: 'muted' },
    {
      kind: 'table',
      head: [s.round, s.roundDate, s.roundParticipants, s.roundChanges, s.roundDisagreement, s.roundTrendHead],
      rows: doc.rounds.map((round, i) => [
        cell(`${s.roundNo(round.no)} · ${s.roundKind[round.kind]}`),
        cell(round.closedAt ? formatDateTime(round.closedAt, r.lang) : s.roundOpen, 'date'),
        cell(String(round.participants.length), 'num'),
        cell(String(round.changes.length), 'num'),
        cell(round.disagreement === null ? '—' : formatPercent(round.disagreement, 1), 'num'),
        cell(s.roundTrend[trends[i].trend]),
      ]),
      cls: 'rounds',
    },
  ];
  for (const round of doc.rounds) {
    const moved = mostChangedCells(round, MOST_CHANGED);
    blocks.push({ kind: 'heading', text: `${s.roundNo(round.no)} — ${s.mostChanged}`, level: 4 });
    if (moved.length === 0) {
      blocks.push({ kind: 'paragraph', text: s.noChanges, style: 'empty' });
      continue;
    }
    blocks.push({
      kind: 'table',
      head: [s.cellLabel, s.spreadBeforeAfter, s.changeWho, s.changeFromTo, s.rationale],
      rows: moved.flatMap((m) =>
        m.changes.flatMap((c, i) => [
          [
            cell(i === 0 ? [user(r.candidateName(m.candidateId)), ' · ', user(r.criterionName(m.criterionId))] : ''),
            cell(i === 0 ? `${spread(m.spreadBefore)} → ${spread(m.spreadAfter)}` : '', 'num'),
            cell(user(person(c.participantId))),
            cell(`${score(c.from)} → ${score(c.to)}`, 'num'),
            cell(c.rationale ? user(c.rationale) : '—'),
          ],
          // A dimension scored at its focus points: the focus points that moved it, each with its own rationale.
          ...c.leaves.map((l) => [
            cell(''),
            cell(''),
            cell([user(person(c.participantId)), ' › ', user(leafNameOf(doc, m.criterionId, l.leafId, r.lang))]),
            cell(`${score(l.from)} → ${score(l.to)}`, 'num'),
            cell(l.rationale ? user(l.rationale) : '—'),
          ]),
        ]),
      ),
      cls: 'round-changes',
    });
  }
  return blocks;
}
