import { Options } from '../../ui/Options';
import { useTranslation } from 'react-i18next';
import { AggregationSchema, displayName, type WorkshopDoc } from '../../../shared/model';
import { Heatmap } from '../../charts/Heatmap';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { formatPercent } from '../../ui/format';
import { useRoom } from '../../store/room';
import { UnlessBlind } from '../../parts/UnlessBlind';

/** Disagreement of a cell as a share of the largest possible (half the scale's range). */
export function disagreementShare(sd: number | null, scale: { min: number; max: number }): number | null {
  return sd === null ? null : Math.min(1, sd / ((scale.max - scale.min) / 2));
}

/** The group's scores as the disagreement heatmap's props (but its size), the consensus and the hotspots; shared with the presenter. */
export function useDisagreement(doc: WorkshopDoc) {
  const { t } = useTranslation();
  const lang = currentLang();
  const result = useRoom((s) => s.result);
  if (!result || result.aggregated.length !== doc.candidates.length || result.aggregated[0]?.length !== doc.criteria.length) return null;
  const rows = doc.criteria.map((k, i) => displayName(k, lang, 'criterion', i));
  const cols = doc.candidates.map((c, i) => displayName(c, lang, 'candidate', i));
  // Engine tables are candidate × criterion; the heatmap shows criteria down, candidates across.
  const intensity = doc.criteria.map((_, k) => doc.candidates.map((__, c) => disagreementShare(result.disagreement[c][k], doc.scale)));
  const labels = doc.criteria.map((_, k) => doc.candidates.map((__, c) => (result.aggregated[c][k] === null ? '–' : result.aggregated[c][k]!.toFixed(1))));
  const hotspots = doc.criteria
    .flatMap((_, k) => doc.candidates.map((__, c) => ({ k, c, sd: result.disagreement[c][k] })))
    .filter((h): h is { k: number; c: number; sd: number } => h.sd !== null && h.sd > 0)
    .sort((a, b) => b.sd - a.sd)
    .slice(0, 3)
    .map((h) => ({ ...h, criterion: rows[h.k], candidate: cols[h.c] }));
  const heatmap = {
    rows,
    cols,
    intensity,
    labels,
    title: t('room.chart.heatmap'),
    filename: 'disagreement',
    desc: t('room.aggregate.heatmapDesc'),
    legend: [t('room.aggregate.agree'), t('room.aggregate.disagree')] as [string, string],
  };
  return { heatmap, consensus: result.consensus, hotspots };
}

export function ConsensusFigure({ consensus }: { consensus: number }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <div className="consensus">
      <span className="consensus-value">{formatPercent(consensus, lang)}</span>
      <span className="consensus-label">{t('room.aggregate.consensus')}</span>
    </div>
  );
}

/** The group's view: aggregated scores, where participants disagree, and the consensus figure. */
export function AggregatedView({ doc }: { doc: WorkshopDoc }) {
  return (
    <UnlessBlind>
      <Aggregated doc={doc} />
    </UnlessBlind>
  );
}

function Aggregated({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const data = useDisagreement(doc);
  if (!data) return <p className="empty">{t('room.live.nothing')}</p>;
  return (
    <div className="aggregate">
      <div className="aggregate-head">
        <ConsensusFigure consensus={data.consensus} />
        <div>
          <h3 className="small-h">{t('room.aggregate.talk')}</h3>
          {data.hotspots.length === 0 ? (
            <p className="muted">{t('room.aggregate.noDisagreement')}</p>
          ) : (
            <ol className="hotspots">
              {data.hotspots.map((h) => (
                <li key={`${h.k}-${h.c}`}>
                  <button
                    type="button"
                    className="btn-link"
                    data-testid="open-cell"
                    title={t('roomVote.focus.open', { candidate: h.candidate, criterion: h.criterion })}
                    onClick={() => useRoom.getState().openCell({ candidateId: doc.candidates[h.c].id, criterionId: doc.criteria[h.k].id })}
                  >
                    {h.criterion} · {h.candidate}
                  </button>{' '}
                  <span className="muted small">({t('room.aggregate.sd', { sd: h.sd.toFixed(1) })})</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      <Heatmap
        {...data.heatmap}
        onCell={(k, c) => useRoom.getState().openCell({ candidateId: doc.candidates[c].id, criterionId: doc.criteria[k].id })}
        cellName={(k, c) => t('roomVote.focus.open', { candidate: data.heatmap.cols[c], criterion: data.heatmap.rows[k] })}
      />
      <p className="muted small">
        {t('room.aggregate.method', { method: t(`room.aggregation.${doc.aggregation}`) })}{' '}
        <label className="inline-label">
          {t('room.aggregate.change')}
          <select
            className="input"
            value={doc.aggregation}
            onChange={(e) => edit(t('room.undo.aggregation'), (d) => ({ ...d, aggregation: AggregationSchema.parse(e.target.value) }))}
          >
            <Options items={AggregationSchema.options} label={(a) => t(`room.aggregation.${a}`)} />
          </select>
        </label>
      </p>
    </div>
  );
}
