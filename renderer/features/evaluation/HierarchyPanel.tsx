import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  displayName,
  hierarchyPriorities,
  isPairwise,
  leafName,
  nodeGroupRequest,
  normalisedCriterionWeights,
  type DimensionPriorities,
  type HierarchyNode,
  type NodeJudged,
  type WorkshopDoc,
} from '../../../shared/model';
import { connectingPair, judgmentPairs } from '../../../shared/model/edits/ahp-edit';
import {
  canExpand,
  collapseCriterion,
  expandCriterion,
  moveLeaf,
  setHierarchyMethod,
  setLeafJudgment,
  setLeafWeight,
  setLocalShares,
  setScoreAt,
} from '../../../shared/model/edits/hierarchy-edit';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { numCol, TableHead } from '../../ui/TableHead';
import { CR_LIMIT, PairRow } from './AhpPanel';
import { Inconsistencies } from './AhpInconsistencies';
import { Options } from '../../ui/Options';
import { useRoom } from '../../store/room';
import { PointsInput } from './WeightSliders';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * The criteria hierarchy: expand a dimension into its focus points, give them local weights in
 * points, and read their local and global priorities (global = dimension weight × local weight).
 * Candidates are scored per dimension, or per focus point where the team chooses (`ScoreAt`).
 */
export function HierarchyPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  if (doc.criteria.length === 0) return <p className="empty">{t('room.weights.noCriteria')}</p>;
  const shares = normalisedCriterionWeights(doc);
  return (
    <div className="hierarchy">
      <p className="muted small">{t('room.hierarchy.intro')}</p>
      <table className="table weights-table" data-testid="hierarchy-table">
        <TableHead
          cols={[
            t('room.hierarchy.criterion'),
            numCol(t('room.hierarchy.localPoints')),
            numCol(t('room.hierarchy.local')),
            numCol(t('room.hierarchy.global')),
            { label: t('room.hierarchy.actions'), hidden: true },
          ]}
        />
        <tbody>
          {doc.criteria.map((c, k) => (
            <DimensionRows key={c.id} doc={doc} k={k} share={shares[k]} node={doc.hierarchy.find((n) => n.criterionId === c.id)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One dimension: its row, and when expanded how its focus points are weighed (points or pairwise)
 * with their rows. A pairwise dimension asks the engine's AHP (`engine.ahp`) for its judgments,
 * and `hierarchyPriorities` turns that answer into local shares, as the reports do.
 */
function DimensionRows({ doc, k, share, node }: { doc: WorkshopDoc; k: number; share: number; node: HierarchyNode | undefined }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  const c = doc.criteria[k];
  const name = displayName(c, lang, 'criterion', k);
  const pairwise = node && isPairwise(node) ? node : null;
  const labels = useMemo(() => node?.leaves.map((l) => leafName(l, lang).slice(0, 200)) ?? [], [node, lang]);
  // THE request behind the local weights (as hierarchyAhpNodes): the participants who judged the node, else the team's matrix.
  const group = useMemo(() => (pairwise ? nodeGroupRequest(doc, pairwise) : null), [doc, pairwise]);
  const teamLinking = useMemo(() => (pairwise ? connectingPair(pairwise.matrix) : null), [pairwise]);
  // Blind: like the AHP panel, weights formed from participants' judgments do not reach the page before the reveal.
  const hidden = useRoom((s) => s.blind) && group !== null;
  const request = useMemo(() => {
    if (!pairwise || pairwise.leaves.length > 15 || hidden) return null;
    if (group) return { matrices: group.matrices, participantWeights: group.participantWeights, aggregation: group.aggregation, labels };
    return teamLinking ? null : { matrix: pairwise.matrix, labels };
  }, [pairwise, group, teamLinking, labels, hidden]);
  const answer = useDerived('engine.ahp', request);
  const judged: NodeJudged | undefined = request && answer.value && answer.current ? answer.value : undefined;
  const priorities = node ? hierarchyPriorities({ criteria: doc.criteria, hierarchy: [node] }, judged ? { [c.id]: judged } : {})[0] : undefined;
  const method = pairwise ? 'pairwise' : 'points';
  return (
    <Fragment>
      <tr>
        <th scope="row">{name}</th>
        <td className="num">
          {node && (
            <select
              className="input"
              aria-label={t('room.hierarchy.method', { name })}
              data-testid={`hierarchy-method-${c.id}`}
              value={method}
              onChange={(e) =>
                edit(t('room.hierarchy.undoMethod', { name }), (d) => setHierarchyMethod(d, c.id, e.target.value === 'pairwise' ? 'pairwise' : 'points'))
              }
            >
              <option value="points">{t('room.hierarchy.methodPoints')}</option>
              <option value="pairwise">{t('room.hierarchy.methodPairwise')}</option>
            </select>
          )}
        </td>
        <td />
        <td className="num" data-testid={`hierarchy-global-${c.id}`}>
          {pct(share)}
        </td>
        <td>
          {node && <ScoreAt node={node} name={name} />}
          {priorities && !pairwise && <LocalRoc node={priorities} name={name} />}
          {node ? (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              aria-label={t('room.hierarchy.collapse', { name })}
              onClick={() => edit(t('room.hierarchy.collapse', { name }), (d) => collapseCriterion(d, c.id))}
            >
              {t('room.hierarchy.collapseShort')}
            </button>
          ) : canExpand(doc, c.id) ? (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              aria-label={t('room.hierarchy.expand', { name })}
              onClick={() => edit(t('room.hierarchy.undoExpand', { name }), (d) => expandCriterion(d, c.id))}
            >
              {t('room.hierarchy.expandShort')}
            </button>
          ) : (
            <span className="muted small">{t('room.hierarchy.noFocusPoints')}</span>
          )}
        </td>
      </tr>
      {priorities?.leaves.map((leaf, j) => {
        const leafText = leafName(leaf, lang);
        return (
          <tr key={`${c.id}/${leaf.id}`} className="hierarchy-leaf">
            <th scope="row" className="hierarchy-leaf-name">
              <span aria-hidden="true">└ </span>
              {leafText}
            </th>
            <td className="num">
              {!pairwise && (
                <PointsInput
                  value={Math.round(leaf.points * 100) / 100}
                  label={t('room.hierarchy.pointsOf', { name: leafText, parent: name })}
                  onCommit={(v) => edit(t('room.hierarchy.undoLocal', { name: leafText }), (d) => setLeafWeight(d, c.id, leaf.id, v))}
                />
              )}
            </td>
            <td className="num" data-testid={`hierarchy-local-${c.id}-${leaf.id}`}>
              {hidden ? '—' : pct(leaf.local)}
            </td>
            <td className="num" data-testid={`hierarchy-global-${c.id}-${leaf.id}`}>
              {hidden ? '—' : pct(leaf.global)}
            </td>
            <td>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={j === 0}
                aria-label={t('room.roc.up', { name: leafText })}
                onClick={() => edit(t('room.undo.rankOrder'), (d) => moveLeaf(d, c.id, leaf.id, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={j === priorities.leaves.length - 1}
                aria-label={t('room.roc.down', { name: leafText })}
                onClick={() => edit(t('room.undo.rankOrder'), (d) => moveLeaf(d, c.id, leaf.id, 1))}
              >
                ↓
              </button>
            </td>
          </tr>
        );
      })}
      {pairwise && priorities && (
        <tr className="hierarchy-pairs">
          <td colSpan={5}>
            {hidden ? (
              <p className="room-blind-note" role="status">
                {t('room.ahp.blindHidden')}
              </p>
            ) : (
              <NodeGroupNote priorities={priorities} pending={!!request && !judged} />
            )}
            <PairwiseJudgments doc={doc} node={pairwise} name={name} labels={labels} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** Where a pairwise dimension's local weights come from: the team's matrix, or the participants who judged it with their consensus S*. */
function NodeGroupNote({ priorities, pending }: { priorities: DimensionPriorities; pending: boolean }) {
  const { t } = useTranslation();
  if (!priorities.settled || pending) return null;
  const id = priorities.criterionId;
  return (
    <p className="small" role="status" data-testid={`hierarchy-group-${id}`}>
      {priorities.judges === 0 ? t('room.hierarchy.fromTeam') : t('room.hierarchy.fromGroup', { count: priorities.judges })}{' '}
      {priorities.judges > 0 && (
        <span data-testid={`hierarchy-consensus-${id}`}>
          {priorities.consensus
            ? t('room.ahp.consensus', { s: priorities.consensus.sStar.toFixed(2), label: t(`room.ahp.consensusLabel.${priorities.consensus.label}`) })
            : t('room.ahp.consensusNa')}
        </span>
      )}
    </p>
  );
}

/**
 * The focus points' pairs on the AHP panel's 1–9 slider for the team or one participant (who is
 * shown), that matrix's consistency ratio by the room's index (Saaty or Alonso–Lamata), the
 * engine's most inconsistent judgments with a suggestion each, and the next pair to ask.
 */
function PairwiseJudgments({
  doc,
  node,
  name,
  labels,
}: {
  doc: WorkshopDoc;
  node: HierarchyNode & { matrix: (number | null)[][] };
  name: string;
  labels: string[];
}) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const crMethod = useRoom((s) => s.crMethod);
  const criterionId = node.criterionId;
  // '' = the team's own matrix; else a participant's.
  const [who, setWho] = useState('');
  // Blind: like the AHP panel, no participant's own judgments reach the page before the reveal.
  const blind = useRoom((s) => s.blind);
  const pid = !blind && doc.participants.some((p) => p.id === who) ? who : '';
  const matrix = useMemo(() => {
    if (!pid) return node.matrix;
    const own = node.judgments?.find((j) => j.participantId === pid)?.matrix;
    const n = node.leaves.length;
    return own ?? Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : null)));
  }, [node, pid]);
  const linking = useMemo(() => connectingPair(matrix), [matrix]);
  const ownReq = useMemo(() => (!linking && labels.length <= 15 ? { matrix, labels } : null), [matrix, linking, labels]);
  const own = useDerived('engine.ahp', ownReq);
  const result = ownReq && own.value && own.current ? own.value : null;
  const cr = (crMethod === 'alonso-lamata' ? result?.crAlonsoLamata : result?.cr) ?? null;
  const next: readonly [number, number] | null = linking ?? result?.nextPair ?? null;
  const hints = result && cr !== null && cr > 0.0005 ? result.inconsistencies : [];
  const flagged = new Map<string, 'worst' | 'flagged'>(hints.map((x, k) => [`${x.i}-${x.j}`, k === 0 ? 'worst' : 'flagged']));
  const onJudge = (i: number, j: number, v: number | null) =>
    edit(t('room.hierarchy.undoJudgment', { name }), (d) => setLeafJudgment(d, criterionId, i, j, v, pid || undefined));
  const pairId = (i: number, j: number) => `hier-pair-${criterionId}-${i}-${j}`;
  const goTo = (i: number, j: number) => {
    const el = document.getElementById(pairId(i, j));
    el?.scrollIntoView({ block: 'center' });
    el?.focus();
  };
  return (
    <div className="ahp hierarchy-ahp" role="group" aria-label={t('room.hierarchy.pairsOf', { name })} data-testid={`hierarchy-ahp-${criterionId}`}>
      <label className="inline-label">
        {t('room.hierarchy.whose')}
        <select className="input" value={pid} data-testid={`hierarchy-who-${criterionId}`} onChange={(e) => setWho(e.target.value)}>
          <option value="">{t('room.hierarchy.team')}</option>
          {!blind && <Options items={doc.participants} label={(p) => p.name} />}
        </select>
      </label>
      <p className={cr !== null && cr > CR_LIMIT ? 'cr cr-bad' : 'cr'} role="status" data-testid={`hierarchy-cr-${criterionId}`}>
        {linking
          ? t('room.hierarchy.pending')
          : !result
            ? ''
            : cr === null
              ? t('room.hierarchy.crNone')
              : `${t(crMethod === 'alonso-lamata' ? 'room.ahp.crAL' : 'room.ahp.cr', { cr: cr.toFixed(3) })} ${cr > CR_LIMIT ? t('room.ahp.crHigh') : t('room.ahp.crOk')}`}
      </p>
      {next && (
        <p className="small" data-testid={`hierarchy-next-${criterionId}`}>
          {t('room.ahp.next', { a: labels[next[0]], b: labels[next[1]] })}{' '}
          {linking ? t('room.ahp.nextConnect', { name: labels[linking[1]] }) : t('room.ahp.nextHarker')}{' '}
          <button type="button" className="btn btn-small" onClick={() => goTo(next[0], next[1])}>
            {t('room.ahp.goNext')}
          </button>
        </p>
      )}
      {hints.length > 0 && (
        <Inconsistencies items={hints} name={(i) => labels[i]} onApply={(i, j, v) => onJudge(i, j, v)} testId={`hierarchy-hints-${criterionId}`} />
      )}
      <ul className="pairs">
        {judgmentPairs(labels.length).map(([i, j]) => (
          <PairRow
            key={`${i}-${j}`}
            id={pairId(i, j)}
            a={labels[i]}
            b={labels[j]}
            value={matrix[i][j]}
            highlight={flagged.get(`${i}-${j}`) ?? null}
            next={next !== null && next[0] === i && next[1] === j}
            onCommit={(v) => onJudge(i, j, v)}
          />
        ))}
      </ul>
    </div>
  );
}

/** Rank-order (ROC) local weights for an expanded dimension: its focus points in their listed order, most important first. */
function LocalRoc({ node, name }: { node: DimensionPriorities; name: string }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const roc = useDerived('engine.rankWeights', { order: node.leaves.map((_, j) => j), method: 'roc' });
  const weights = roc.current ? roc.value!.weights : null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      disabled={!weights}
      aria-label={t('room.hierarchy.rocOf', { name })}
      onClick={() => weights && edit(t('room.hierarchy.rocOf', { name }), (d) => setLocalShares(d, node.criterionId, weights))}
    >
      {t('room.hierarchy.roc')}
    </button>
  );
}

/** Where an expanded dimension is scored: at the dimension or at its focus points, and which scores are in force. */
function ScoreAt({ node, name }: { node: HierarchyNode; name: string }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const atLeaves = node.scoreAt === 'leaves';
  return (
    <span className="hierarchy-score-at">
      <select
        className="input"
        aria-label={t('room.hierarchy.scoreAt', { name })}
        aria-describedby={`score-at-${node.criterionId}`}
        data-testid={`hierarchy-score-at-${node.criterionId}`}
        value={atLeaves ? 'leaves' : 'dimension'}
        onChange={(e) =>
          edit(t('room.hierarchy.undoScoreAt', { name }), (d) => setScoreAt(d, node.criterionId, e.target.value === 'leaves' ? 'leaves' : 'dimension'))
        }
      >
        <option value="dimension">{t('room.hierarchy.scoreAtDimension')}</option>
        <option value="leaves">{t('room.hierarchy.scoreAtLeaves')}</option>
      </select>{' '}
      <span id={`score-at-${node.criterionId}`} className="muted small">
        {t(atLeaves ? 'room.hierarchy.scoredAtLeaves' : 'room.hierarchy.scoredAtDimension')}
      </span>
    </span>
  );
}
