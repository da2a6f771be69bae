import { TableHead } from '../../ui/TableHead';
import { Options } from '../../ui/Options';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopAnalysisResult } from '../../../shared/contract/analysis';
import { displayName, type WorkshopDoc } from '../../../shared/model';
import { engineValues } from '../../../shared/model/analysis';
import { tornadoOrder } from '../../../shared/model/robustness-view';
import { useDerived } from '../../api/derived';
import { StabilityMap } from '../../charts/StabilityMap';
import { WeightChanges } from '../../parts/WeightChanges';
import { currentLang } from '../../i18n';
import { formatPercent } from '../../ui/format';

/** Grid points per axis of the stability map (41 × 41, about 860 points in the triangle). */
const MAP_RESOLUTION = 40;

/**
 * Beyond one weight at a time: the smallest change of the whole weight vector that makes
 * another candidate win, SMAA's pairwise winning indices and holistic acceptability, and the
 * two-dimension stability map.
 */
export function RobustnessDetails({ doc, analysis }: { doc: WorkshopDoc; analysis: WorkshopAnalysisResult }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const cand = (i: number) => (doc.candidates[i] ? displayName(doc.candidates[i], lang, 'candidate', i) : '?');
  const sens = analysis.sensitivity;
  const smaa = analysis.smaa;
  const sc = sens?.smallestChange ?? null;
  // The runner-up's "what it takes": the first pair of the ranking.
  const runnerUp = sens?.reversals?.[0] ?? null;
  const changes = (weights: readonly number[]) => <WeightChanges doc={doc} from={analysis.weights} to={weights} />;
  return (
    <div className="robust-details">
      {sens && (
        <div className="smallest-change" data-testid="smallest-change">
          <h3 className="small-h">{t('room.robustness.smallestTitle')}</h3>
          {sc ? (
            <>
              <p>{t('room.robustness.smallest', { name: cand(sc.winner), distance: (sc.distance * 100).toFixed(1) })}</p>
              {changes(sc.weights)}
            </>
          ) : (
            <p className="muted">{t('room.robustness.smallestNone')}</p>
          )}
        </div>
      )}
      {runnerUp && (
        <div className="runner-up" data-testid="runner-up">
          <h3 className="small-h">{t('room.robustness.runnerUpTitle', { name: cand(runnerUp.challenger) })}</h3>
          {runnerUp.distance !== null && runnerUp.weights ? (
            <>
              <p>
                {t('room.robustness.runnerUp', {
                  name: cand(runnerUp.challenger),
                  leader: cand(runnerUp.leader),
                  distance: (runnerUp.distance * 100).toFixed(1),
                })}
              </p>
              {changes(runnerUp.weights)}
            </>
          ) : (
            <p className="muted">{t('room.robustness.runnerUpNone', { name: cand(runnerUp.challenger), leader: cand(runnerUp.leader) })}</p>
          )}
        </div>
      )}
      {smaa && (
        <div className="pairwise-winning">
          <h3 className="small-h">{t('room.robustness.pairwiseTitle')}</h3>
          <table className="table" data-testid="pairwise-winning">
            <caption className="muted small">{t('room.robustness.pairwiseHelp')}</caption>
            <TableHead
              cols={[
                t('room.robustness.candidate'),
                ...doc.candidates.map((_, j) => t('room.robustness.over', { name: cand(j) })),
                t('room.robustness.holistic'),
              ]}
            />
            <tbody>
              {doc.candidates.map((_, i) => (
                <tr key={i}>
                  <th scope="row">{cand(i)}</th>
                  {doc.candidates.map((__, j) => (
                    <td key={j}>{i === j ? '–' : formatPercent(smaa.pairwiseWinning[i]?.[j] ?? 0, lang)}</td>
                  ))}
                  <td>{formatPercent(smaa.holisticAcceptability[i] ?? 0, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small">{t('room.robustness.holisticHelp')}</p>
        </div>
      )}
      {sens && analysis.evaluation && doc.criteria.length >= 2 && doc.candidates.length >= 2 && <StabilityPlane doc={doc} analysis={analysis} />}
    </div>
  );
}

function StabilityPlane({ doc, analysis }: { doc: WorkshopDoc; analysis: WorkshopAnalysisResult }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const crit = (i: number) => displayName(doc.criteria[i], lang, 'criterion', i);
  const cand = (i: number) => displayName(doc.candidates[i], lang, 'candidate', i);
  // By default the two criteria closest to changing the winner.
  const order = analysis.sensitivity ? tornadoOrder(analysis.sensitivity.criteria) : [0, 1];
  const [chosen, setChosen] = useState<[string, string] | null>(null);
  const ids = doc.criteria.map((c) => c.id);
  const pick = (id: string | undefined, fallback: number) => (id !== undefined && ids.includes(id) ? ids.indexOf(id) : fallback);
  const p = pick(chosen?.[0], order[0] ?? 0);
  const q0 = pick(chosen?.[1], order[1] ?? 1);
  const q = p === q0 ? (p === 0 ? 1 : 0) : q0;
  const evaluation = analysis.evaluation!;
  // useDerived keys the call by its content: a new object per render asks nothing new.
  const request = {
    values: engineValues(evaluation.aggregated, doc.scale),
    weights: analysis.weights,
    dimensions: [p, q] as [number, number],
    resolution: MAP_RESOLUTION,
  };
  const map = useDerived('engine.stabilityMap', analysis.weights.some((w) => w > 0) ? request : null);
  const slots = doc.candidates.map((c) => c.colour);
  const legend = doc.candidates.map((c, i) => ({ key: c.id, label: cand(i), slot: c.colour }));
  const m = map.value;
  const desc = m
    ? doc.candidates
        .map((_, i) => ({ i, share: m.share[i] ?? 0 }))
        .filter((x) => x.share > 0)
        .map((x) => t('room.robustness.mapShare', { name: cand(x.i), p: formatPercent(x.share, lang) }))
        .join('; ')
    : '';
  const choose = (axis: 0 | 1, id: string) => setChosen(axis === 0 ? [id, ids[q]] : [ids[p], id]);
  return (
    <div className="stability-plane" data-testid="stability-map">
      <h3 className="small-h">{t('room.robustness.mapTitle')}</h3>
      <div className="row">
        {([0, 1] as const).map((axis) => (
          <label key={axis} className="inline-label small">
            {axis === 0 ? t('room.robustness.mapX') : t('room.robustness.mapY')}
            <select className="input" value={ids[axis === 0 ? p : q]} onChange={(e) => choose(axis, e.target.value)}>
              <Options items={doc.criteria} label={(_, k) => crit(k)} disabled={(_, k) => k === (axis === 0 ? q : p)} />
            </select>
          </label>
        ))}
      </div>
      {m && m.dimensions[0] === p && m.dimensions[1] === q ? (
        <>
          <StabilityMap
            winners={m.winners}
            resolution={m.resolution}
            current={m.current}
            slots={slots}
            legend={legend}
            xLabel={t('room.robustness.mapAxis', { name: crit(p) })}
            yLabel={t('room.robustness.mapAxis', { name: crit(q) })}
            title={t('room.chart.stabilityMap', { x: crit(p), y: crit(q) })}
            filename="stability-map"
            desc={desc}
          />
          <p className="muted small">{t('room.robustness.mapHelp')}</p>
          <p className="small" data-testid="stability-map-share">
            {desc}
          </p>
        </>
      ) : (
        <p className="muted small">{map.error ? map.error.message : t('room.robustness.running')}</p>
      )}
    </div>
  );
}
