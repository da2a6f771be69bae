import { useTranslation } from 'react-i18next';
import type { WorkshopAnalysisResult } from '../../../shared/contract/analysis';
import type { WorkshopDoc } from '../../../shared/model';
import { tornadoOrder } from '../../../shared/model/robustness-view';
import { AcceptabilityBars } from '../../charts/AcceptabilityBars';
import { Tornado } from '../../charts/Tornado';
import { currentLang } from '../../i18n';
import { verdictText } from '../../../shared/i18n/verdict';
import { formatPercent } from '../../ui/format';
import { useRoomAnalysis } from './analysis';
import { RobustnessDetails } from './RobustnessDetails';
import { SmaaWeightOptions, smaaSettingsText } from './SmaaWeightOptions';
import { useRoom } from '../../store/room';
import { displayName } from '../../../shared/model';

const pp = (x: number) => (Math.abs(x) * 100).toFixed(1);

/** The verdict and its findings in words (shared/i18n `verdictText`: the reports word it the same way). */
export function useVerdictText(doc: WorkshopDoc, a: WorkshopAnalysisResult | null) {
  useTranslation(); // re-render on a language change
  const lang = currentLang();
  if (!a?.scored) return null;
  const name = (i: number) => (doc.candidates[i] ? displayName(doc.candidates[i], lang, 'candidate', i) : '?');
  const crit = (i: number) => (doc.criteria[i] ? displayName(doc.criteria[i], lang, 'criterion', i) : '?');
  return verdictText(a, a.thresholds, { candidate: name, criterion: crit }, lang);
}

/** The verdict; `brief` (the projector): the headline and the most critical criterion only. */
export function VerdictBox({ doc, analysis, brief = false }: { doc: WorkshopDoc; analysis: WorkshopAnalysisResult | null; brief?: boolean }) {
  const v = useVerdictText(doc, analysis);
  if (!v) return null;
  return (
    <div className={v.fragile ? 'verdict fragile' : 'verdict robust'} data-testid="verdict">
      <p className="verdict-headline">
        <span className="verdict-tag">{v.tag}</span> {v.headline}
      </p>
      <ul>
        {!brief && v.reasons.map((r, i) => <li key={i}>{r}</li>)}
        {v.critical && <li data-testid="most-critical">{v.critical}</li>}
        {!brief && v.first && <li>{v.first}</li>}
        {!brief && v.method && <li data-testid="topsis">{v.method}</li>}
      </ul>
    </div>
  );
}

/** The tornado's and the rank acceptability's props (but their size), for the panel and the presenter. */
export function useRobustnessCharts(doc: WorkshopDoc, a: WorkshopAnalysisResult | null) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (!a?.sensitivity || !a.evaluation || a.sensitivity.criteria.length !== doc.criteria.length) return null;
  const sens = a.sensitivity;
  const order = tornadoOrder(sens.criteria);
  const critical = sens.mostCritical?.criterion ?? null;
  const tornado = order.map((k) => ({
    id: doc.criteria[k].id,
    label: displayName(doc.criteria[k], lang, 'criterion', k),
    from: sens.criteria[k].stableFrom,
    to: sens.criteria[k].stableTo,
    weight: sens.criteria[k].weight,
    critical: k === critical,
  }));
  const tornadoDesc = tornado.map((x) => `${x.label}: ${pp(x.from)}–${pp(x.to)} % (${pp(x.weight)} %)`).join('; ');
  const acceptability = a.smaa
    ? a.evaluation.ranking.map((c) => ({
        id: doc.candidates[c].id,
        label: displayName(doc.candidates[c], lang, 'candidate', c),
        ranks: a.smaa!.rankAcceptability[c],
        error: a.smaa!.standardError[c][0],
      }))
    : null;
  // Each chart's props but its size, which the panel and the presenter choose.
  return {
    tornado: { items: tornado, title: t('room.chart.tornado'), filename: 'weight-stability', desc: tornadoDesc },
    acceptability: acceptability && {
      items: acceptability,
      title: t('room.chart.acceptability'),
      filename: 'rank-acceptability',
      desc: acceptability
        .map((x) => t('room.robustness.accDesc', { name: x.label, p: formatPercent(x.ranks[0] ?? 0, lang), se: formatPercent(x.error ?? 0, lang, 1) }))
        .join('; '),
      rankLabel: (r: number) => t('room.robustness.rank', { rank: r }),
    },
  };
}

/** Robustness (seed §九, overall fit): weight stability, rank acceptability, method agreement and the verdict. */
export function RobustnessPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const blind = useRoom((s) => s.blind);
  const analysis = useRoomAnalysis(doc);
  const { value: result, progress, error } = analysis;
  const stale = result !== null && !analysis.current;
  const charts = useRobustnessCharts(doc, result);
  if (blind) return <p className="empty">{t('room.blind.resultsHidden')}</p>;
  return (
    <section className="room-section robustness" aria-labelledby="robust-h">
      <h2 id="robust-h" className="sr-only">
        {t('room.view.robustness')}
      </h2>
      <div className="analysis-state" role="status" aria-live="polite">
        {progress !== null ? (
          <>
            <span>{t('room.robustness.running')}</span>
            <progress max={1} value={progress} aria-label={t('room.robustness.progress')} />
            <button type="button" className="btn btn-small" onClick={analysis.cancel}>
              {t('action.cancel')}
            </button>
          </>
        ) : error?.code === 'cancelled' ? (
          <>
            <span>{t('room.robustness.cancelled')}</span>
            <button type="button" className="btn btn-small" onClick={analysis.retry}>
              {t('room.robustness.rerun')}
            </button>
          </>
        ) : error ? (
          <span className="alert">{error.message}</span>
        ) : stale ? (
          <span className="muted">{t('room.robustness.stale')}</span>
        ) : analysis.current ? (
          <span className="muted" data-testid="analysis-fresh">
            {t('room.robustness.fresh')}
          </span>
        ) : null}
      </div>
      {result?.problem && <p className="alert">{result.problem}</p>}
      {result && !result.scored && !result.problem && <p className="empty">{t('room.robustness.noScores')}</p>}
      <div className={stale ? 'robust-body stale' : 'robust-body'}>
        <VerdictBox doc={doc} analysis={result} />
        {charts && (
          <>
            <Tornado {...charts.tornado} />
            <p className="muted small">{t('room.robustness.tornadoHelp')}</p>
            {charts.acceptability && (
              <>
                <AcceptabilityBars {...charts.acceptability} />
                {result?.smaaSettings && (
                  <p className="muted small" data-testid="smaa-settings">
                    {smaaSettingsText(t, result.smaaSettings, (k) => (doc.criteria[k] ? displayName(doc.criteria[k], currentLang(), 'criterion', k) : '?'))}
                  </p>
                )}
              </>
            )}
          </>
        )}
        {result?.scored && doc.candidates.length > 1 && <SmaaWeightOptions doc={doc} analysis={result} />}
        {result?.scored && <RobustnessDetails doc={doc} analysis={result} />}
        {result && (
          <p className="muted small">
            {t('room.robustness.thresholds', {
              acc: formatPercent(result.thresholds.minAcceptability, currentLang()),
              change: pp(result.thresholds.minWeightChange),
              margin: pp(result.thresholds.minMargin),
              coverage: formatPercent(result.thresholds.minCoverage, currentLang()),
            })}
          </p>
        )}
      </div>
    </section>
  );
}
