import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, hierarchyPriorities, leafName, normalisedCriterionWeights, type DimensionPriorities, type WorkshopDoc } from '../../../shared/model';
import { canExpand, collapseCriterion, expandCriterion, moveLeaf, setLeafWeight, setLocalShares } from '../../../shared/model/edits/hierarchy-edit';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { numCol, TableHead } from '../../ui/TableHead';
import { PointsInput } from './WeightSliders';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * The criteria hierarchy: expand a dimension into its focus points, give them local weights in
 * points, and read their local and global priorities (global = dimension weight × local weight).
 * Candidates are still scored per dimension; the focus points split the dimension's weight.
 */
export function HierarchyPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  if (doc.criteria.length === 0) return <p className="empty">{t('room.weights.noCriteria')}</p>;
  const shares = normalisedCriterionWeights(doc);
  const nodes = new Map(hierarchyPriorities(doc).map((n) => [n.criterionId, n]));
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
          {doc.criteria.map((c, k) => {
            const name = displayName(c, lang, 'criterion', k);
            const node = nodes.get(c.id);
            return (
              <Fragment key={c.id}>
                <tr>
                  <th scope="row">{name}</th>
                  <td />
                  <td />
                  <td className="num" data-testid={`hierarchy-global-${c.id}`}>
                    {pct(shares[k])}
                  </td>
                  <td>
                    {node && <LocalRoc node={node} name={name} />}
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
                {node?.leaves.map((leaf, j) => {
                  const leafText = leafName(leaf, lang);
                  return (
                    <tr key={`${c.id}/${leaf.id}`} className="hierarchy-leaf">
                      <th scope="row" className="hierarchy-leaf-name">
                        <span aria-hidden="true">└ </span>
                        {leafText}
                      </th>
                      <td className="num">
                        <PointsInput
                          value={Math.round(leaf.points * 100) / 100}
                          label={t('room.hierarchy.pointsOf', { name: leafText, parent: name })}
                          onCommit={(v) => edit(t('room.hierarchy.undoLocal', { name: leafText }), (d) => setLeafWeight(d, c.id, leaf.id, v))}
                        />
                      </td>
                      <td className="num" data-testid={`hierarchy-local-${c.id}-${leaf.id}`}>
                        {pct(leaf.local)}
                      </td>
                      <td className="num" data-testid={`hierarchy-global-${c.id}-${leaf.id}`}>
                        {pct(leaf.global)}
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
                          disabled={j === node.leaves.length - 1}
                          aria-label={t('room.roc.down', { name: leafText })}
                          onClick={() => edit(t('room.undo.rankOrder'), (d) => moveLeaf(d, c.id, leaf.id, 1))}
                        >
                          ↓
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </Fragment>
            );
          })}
        </tbody>
      </table>
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
