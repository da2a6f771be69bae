import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../shared/model';
import { outcomeOf } from '../../shared/model/edits/scenarios';
import { docWeightUnits } from '../../shared/model/edits/weights-edit';
import { RadarChart } from '../charts/RadarChart';
import { RankingBars } from '../charts/RankingBars';
import { currentLang } from '../i18n';
import { useRoom } from '../store/room';
import { UnlessBlind } from './UnlessBlind';
import { displayName } from '../../shared/model';

/** The ranking's and the radar's props (but their size) for an evaluation, shared by the side panel and the presenter. */
export function useLiveCharts(doc: WorkshopDoc) {
  const { t } = useTranslation();
  const lang = currentLang();
  const result = useRoom((s) => s.result);
  // The weights the shown evaluation was made with: during a drag the radar's weight profile
  // moves with the ranking (one redraw per answer), not ahead of it.
  const resultUnits = useRoom((s) => s.resultUnits);
  const { candidates, criteria, scale } = doc;
  const docUnits = useMemo(() => docWeightUnits({ criteria } as WorkshopDoc), [criteria]);
  const units = resultUnits && resultUnits.length === criteria.length ? resultUnits : docUnits;
  // Memoised on what the charts show, so an edit elsewhere in the document does not redraw them.
  return useMemo(() => {
    if (!result || result.totals.length !== candidates.length || result.aggregated[0]?.length !== criteria.length) return null;
    const name = (i: number) => displayName(candidates[i], lang, 'candidate', i);
    const ranking = result.ranking.map((c) => ({
      id: candidates[c].id,
      label: name(c),
      value: result.totals[c],
      colour: candidates[c].colour,
      coverage: result.coverage[c],
    }));
    const { min, max } = scale;
    const series = candidates.map((c, i) => ({
      id: c.id,
      label: name(i),
      colour: c.colour,
      emphasis: i === result.ranking[0],
      values: result.aggregated[i].map((a) => (a === null ? null : (a - min) / (max - min))),
    }));
    const axes = criteria.map((k, i) => `${displayName(k, lang, 'criterion', i)} ${(units[i] / 100).toFixed(0)}%`);
    const outcome = outcomeOf(result.totals, result.ranking);
    const rankingDesc = ranking.map((r, i) => `${i + 1}. ${r.label} ${(r.value * 100).toFixed(1)}`).join('; ');
    // The full names, for screen readers (the chart wraps them; its tooltips carry them too).
    const radarDesc = `${t('room.live.radarDesc', { count: candidates.length })} ${series.map((s) => s.label).join('; ')}; ${axes.join('; ')}`;
    // Each chart's props but its size, which the panel and the presenter choose.
    const rankingChart = { items: ranking, title: t('room.chart.ranking'), filename: 'ranking', desc: rankingDesc };
    const radar = {
      axes,
      series,
      weights: units,
      title: t('room.chart.radar'),
      filename: 'radar',
      desc: radarDesc,
      weightsLabel: t('room.chart.weightProfile'),
    };
    return { result, ranking: rankingChart, radar, outcome, name, incomplete: result.coverage.some((c) => c < 0.999) };
  }, [result, units, candidates, criteria, scale, lang, t]);
}

/** Who leads, by how much: the outcome of the room's one evaluation, as `useLiveCharts` computed it. */
export function LeaderLine({ doc, live }: { doc: WorkshopDoc; live: NonNullable<ReturnType<typeof useLiveCharts>> }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { outcome: o, result } = live;
  if (o.winner === null) return null;
  const winner = displayName(doc.candidates[o.winner], lang, 'candidate', o.winner);
  return (
    <p className="leader-line" data-testid="leader">
      <span className="muted">{t('room.live.leading')}</span> <strong className="leader-name">{winner}</strong>{' '}
      <span className="leader-score">{(result.totals[o.winner] * 100).toFixed(1)}</span>
      {o.runnerUp !== null && (
        <span className="muted small">
          {' '}
          · {t('room.live.ahead', { margin: (o.margin * 100).toFixed(1), name: displayName(doc.candidates[o.runnerUp], lang, 'candidate', o.runnerUp) })}
        </span>
      )}
    </p>
  );
}

/** The live results beside every panel: who leads, the ranking bars and the radar. */
export function LivePanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const error = useRoom((s) => s.liveError);
  const charts = useLiveCharts(doc);
  return (
    <aside className="room-live" aria-label={t('room.live.title')}>
      <h2 className="live-title">{t('room.live.title')}</h2>
      <UnlessBlind>
        {error ? (
          <p className="alert" role="alert">
            {error}
          </p>
        ) : !charts ? (
          <p className="empty">{doc.candidates.length === 0 || doc.criteria.length === 0 ? t('room.live.nothing') : t('room.live.noWeights')}</p>
        ) : (
          <>
            <LeaderLine doc={doc} live={charts} />
            <RankingBars {...charts.ranking} width={520} />
            {charts.incomplete && <p className="muted small">{t('room.live.incomplete')}</p>}
            <RadarChart {...charts.radar} size={440} />
          </>
        )}
      </UnlessBlind>
    </aside>
  );
}
