import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import { adoptWeights, moveInRankOrder, rankOrderIds, withRankOrder } from '../../../shared/model/edits/weights-edit';
import { nowIso } from '../../../shared/model/ids';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { displayName } from '../../../shared/model';

/** Rank-order quick weights: put the criteria in order of importance, get ROC weights (Barron & Barrett). */
export function RocPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  const order = rankOrderIds(doc);
  const index = new Map(doc.criteria.map((c, i) => [c.id, i]));
  const roc = useDerived('engine.rankWeights', order.length > 0 ? { order: order.map((id) => index.get(id)!), method: 'roc' } : null);
  if (doc.criteria.length === 0) return <p className="empty">{t('room.weights.noCriteria')}</p>;
  const move = (id: string, by: -1 | 1) => edit(t('room.undo.rankOrder'), (d) => withRankOrder(d, moveInRankOrder(rankOrderIds(d), id, by)));
  const weights = roc.current ? roc.value!.weights : null;
  return (
    <div className="roc">
      <p className="muted small">{t('room.roc.intro')}</p>
      <ol className="rank-list">
        {order.map((id, r) => {
          const k = index.get(id)!;
          const name = displayName(doc.criteria[k], lang, 'criterion', k);
          return (
            <li key={id}>
              <span className="rank-name">{name}</span>
              <span className="num muted">{weights ? `${(weights[k] * 100).toFixed(1)} %` : ''}</span>
              <button type="button" className="btn btn-ghost btn-small" disabled={r === 0} onClick={() => move(id, -1)} aria-label={t('room.roc.up', { name })}>
                ↑
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={r === order.length - 1}
                onClick={() => move(id, 1)}
                aria-label={t('room.roc.down', { name })}
              >
                ↓
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!weights}
        onClick={() => weights && edit(t('room.undo.rocWeights'), (d) => adoptWeights(d, weights, { source: 'rank', order }, nowIso()))}
      >
        {t('room.roc.apply')}
      </button>
    </div>
  );
}
