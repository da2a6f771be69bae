import {
  derivedDimensionScores,
  displayName,
  hierarchyNode,
  hierarchyPriorities,
  leafName,
  scoredAtLeaves,
  type DimensionPriorities,
  type WorkshopDoc,
} from '../../shared/model';
import { hierarchyJudged } from '../analysis/analysis';
import type { Block, Cell, Inline } from './blocks';
import type { ReportContent } from './content';
import { formatNumber, formatPercent } from './content';

/**
 * "Focus points: local and global weights": every dimension the team expanded into its focus
 * points (hierarchy.ts), each focus point with its local points, local weight and global weight
 * (the dimension's weight × its local share). A dimension scored at its focus points follows with
 * every participant's focus point scores and the values derived from them (`derivedDimensionScores`,
 * the one derivation). One section of the one list (sections.ts), so every format prints it; none
 * in a flat workshop.
 */
const user = (text: string): Inline => ({ user: text });
const cell = (text: Inline, cls?: string): Cell => (cls ? { text, cls } : { text });

/** A settled pairwise node: its CR naming the index (Saaty, Alonso–Lamata beside), and the group's consensus when participants judged. */
function pairwiseNote(r: ReportContent, node: DimensionPriorities): string {
  const { s } = r;
  const cr = s.hierarchyPairwiseCr(node.cr === null ? '—' : formatNumber(node.cr, 3));
  const index = node.cr === null ? '' : ` ${s.hierarchyCrIndex(node.crAlonsoLamata === null ? '—' : formatNumber(node.crAlonsoLamata, 3))}`;
  const group =
    node.judges === 0
      ? ''
      : ` · ${node.consensus ? s.hierarchyGroup(node.judges, formatNumber(node.consensus.sStar, 2), s.consensusLabel[node.consensus.label]) : s.hierarchyGroupNa(node.judges)}`;
  return `${cr}${index}${group}`;
}

export function hierarchyBlocks(r: ReportContent): Block[] {
  const { s, doc, lang } = r;
  const judged = hierarchyJudged(doc);
  const nodes = hierarchyPriorities(doc, judged);
  if (nodes.length === 0) return [];
  const rows: Cell[][] = nodes.flatMap((node) => [
    [
      cell({ strong: user(displayName(doc.criteria[node.index], lang, 'criterion', node.index)) }),
      cell(node.method === 'pairwise' ? (node.settled ? pairwiseNote(r, node) : s.hierarchyPairwisePending) : '', 'num'),
      cell('', 'num'),
      cell(formatPercent(node.share, 1), 'num'),
    ],
    ...node.leaves.map((leaf) => [
      cell(['└ ', user(leafName(leaf, lang))]),
      cell(node.method === 'pairwise' ? '' : formatNumber(leaf.points), 'num'),
      cell(formatPercent(leaf.local, 1), 'num'),
      cell(formatPercent(leaf.global, 1), 'num'),
    ]),
  ]);
  return [
    { kind: 'paragraph', text: s.hierarchyIntro, style: 'muted' },
    { kind: 'table', head: [s.hierarchyNode, s.localPoints, s.localWeight, s.globalWeight], rows, cls: 'hierarchy' },
    ...leafScoreBlocks(
      r,
      nodes.filter((n) => scoredAtLeaves(hierarchyNode(doc, n.criterionId))),
      derivedDimensionScores(doc, judged),
    ),
  ];
}

/** Each dimension scored at its focus points: participant × focus point rows, candidate columns, then the derived values. */
function leafScoreBlocks(r: ReportContent, nodes: ReturnType<typeof hierarchyPriorities>, derived: ReturnType<typeof derivedDimensionScores>): Block[] {
  const { s, doc, lang } = r;
  const scores = new Map(doc.leafScores.map((x) => [`${x.participantId}|${x.candidateId}|${x.criterionId}|${x.leafId}`, x.value]));
  const value = (v: number | null | undefined) => (v === null || v === undefined ? cell(s.notScored, 'num muted') : cell(formatNumber(v, 2), 'num'));
  const head = [s.leafScoredRow, ...doc.candidates.map((c, i) => displayName(c, lang, 'candidate', i))];
  return nodes.flatMap((node) => {
    const dimension = displayName(doc.criteria[node.index], lang, 'criterion', node.index);
    const rows: Cell[][] = doc.participants.flatMap((p: WorkshopDoc['participants'][number]) => [
      ...node.leaves.map((leaf) => [
        cell([user(p.name), ' · ', user(leafName(leaf, lang))]),
        ...doc.candidates.map((c) => value(scores.get(`${p.id}|${c.id}|${node.criterionId}|${leaf.id}`))),
      ]),
      [
        cell({ strong: [user(p.name), ' · ', user(s.leafScoredDerived(dimension))] }),
        ...doc.candidates.map((c) =>
          value(derived.find((d) => d.participantId === p.id && d.candidateId === c.id && d.criterionId === node.criterionId)?.value),
        ),
      ],
    ]);
    return [
      { kind: 'paragraph', text: node.settled ? s.leafScoredIntro(dimension) : `${s.leafScoredIntro(dimension)} ${s.leafScoredPending}`, style: 'muted' },
      { kind: 'table', head, rows, cls: 'hierarchy-scores' },
    ] satisfies Block[];
  });
}
