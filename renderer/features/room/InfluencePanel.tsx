import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import { setInfluence } from '../../../shared/model/weights-edit';
import { useWorkshop } from '../../store/workshop';

/** How much each participant's scores and judgments count in the group (0 = observer). */
export function InfluencePanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  if (doc.participants.length === 0) return <p className="empty">{t('room.scoring.noParticipants')}</p>;
  const total = doc.participants.reduce((a, p) => a + p.influence, 0) || 1;
  return (
    <div className="influence">
      <p className="muted small">{t('room.influence.intro')}</p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('room.influence.participant')}</th>
            <th scope="col">{t('room.influence.role')}</th>
            <th scope="col" className="num">
              {t('room.influence.weight')}
            </th>
            <th scope="col" className="num">
              {t('room.weights.share')}
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.participants.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.name}</th>
              <td>{t(`room.role.${p.role}`)}</td>
              <td className="num">
                <input
                  key={p.influence}
                  className="input points-input"
                  type="number"
                  min={0}
                  max={100}
                  step="any"
                  defaultValue={p.influence}
                  aria-label={t('room.influence.of', { name: p.name })}
                  onBlur={(e) => {
                    const v = Number(e.currentTarget.value);
                    if (e.currentTarget.value !== '' && Number.isFinite(v)) edit(t('room.undo.influence', { name: p.name }), (d) => setInfluence(d, p.id, v));
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur();
                  }}
                />
              </td>
              <td className="num">{p.influence === 0 ? t('room.influence.observer') : `${((p.influence / total) * 100).toFixed(0)} %`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
