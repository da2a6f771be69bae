import { useTranslation } from 'react-i18next';
import { ESTIMATE_ACCURACY, ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE, type SimResult } from '../../../shared/cost/schema';
import { summarize, type ResultSummary } from '../../../shared/model/simulation';
import { currentLang, type ScreenText, type TextKeysOf } from '../../i18n';
import { formatDuration, formatHours, formatNumber, formatPercent } from '../../parts/costFormat';
import { formatCost, rateText } from '../../../shared/model/currency';
import type { WorkshopDoc } from '../../../shared/model';
import { numCol, TableHead } from '../../ui/TableHead';

type Lang = ReturnType<typeof currentLang>;
const ROWS: Array<{ key: TextKeysOf<ScreenText['simulator']['figures']>; value: (s: ResultSummary, lang: Lang, money: (usd: number) => string) => string }> = [
  { key: 'stepTime', value: (s, l) => formatDuration(s.stepSeconds, l) },
  { key: 'stepP90', value: (s, l) => formatDuration(s.stepP90Seconds, l) },
  { key: 'wallTime', value: (s, l) => formatHours(s.wallHours, l) },
  { key: 'gpuHours', value: (s, l) => formatNumber(s.gpuHours, l, 0) },
  { key: 'cost', value: (s, _l, money) => money(s.costTotal) },
  { key: 'costPerStep', value: (s, _l, money) => money(s.costPerStep) },
  { key: 'rolloutUse', value: (s, l) => `${formatPercent(s.rolloutUtilization, l)} · ${formatPercent(s.rolloutIdle, l)}` },
  { key: 'trainUse', value: (s, l) => `${formatPercent(s.trainUtilization, l)} · ${formatPercent(s.trainIdle, l)}` },
  { key: 'truncated', value: (s, l) => formatPercent(s.truncatedShare, l, 1) },
];

/**
 * The outputs a team discusses, live estimate next to the last full simulation. The estimate
 * column follows every slider; the full column is what is attached to the workshop.
 */
export function KeyFigures({
  estimate,
  pending,
  full,
  archetype,
  currency,
  needs,
  onRunFull,
}: {
  estimate: SimResult | null;
  pending: boolean;
  full: SimResult | null;
  archetype: string;
  /** The workshop's currency: the simulator's dollars are shown in it, with the rate. */
  currency: WorkshopDoc['currency'];
  /** The needs (their budget's currency: a budget in yuan is converted at the rate too). */
  needs: WorkshopDoc['needs'];
  /** Starts the full simulation (offered when the scenario is outside the estimate's validated region). */
  onRunFull?: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const money = (usd: number) => formatCost(usd, currency, lang);
  const rate = rateText({ currency, needs }, lang);
  const e = estimate ? summarize(estimate) : null;
  const f = full ? summarize(full) : null;
  const shown = full ?? estimate;
  return (
    <div className="sim-figures">
      <table className="table sim-figures-table" aria-label={t('simulator.figures.title')} aria-busy={pending || undefined}>
        <TableHead cols={[t('simulator.figures.output'), numCol(t('simulator.figures.estimate')), numCol(t('simulator.figures.full'))]} />
        <tbody>
          {ROWS.map((r) => (
            <tr key={r.key}>
              <th scope="row">{t(`simulator.figures.${r.key}`, { archetype })}</th>
              <td className={`num${pending ? ' is-pending' : ''}`}>{e ? r.value(e, lang, money) : '—'}</td>
              <td className="num">{f ? r.value(f, lang, money) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rate && (
        <p className="muted small" data-testid="sim-rate">
          {t('simulator.figures.rate', { code: currency.code, rate })}
        </p>
      )}
      {shown && (
        <p className="muted small">
          {t('simulator.figures.engine', {
            engines: shown.engine.engines,
            tp: Math.max(1, Math.round(shown.engine.rolloutGpus / Math.max(1, shown.engine.engines))),
            seqs: formatNumber(shown.engine.sequencesPerEngine, lang, 1),
            pool: formatNumber(shown.kv?.poolTokensPerEngine ?? 0, lang, 0),
            weights: formatNumber(shown.engine.weightGB, lang, 1),
            minDecode: formatDuration(shown.engine.longestRolloutMinDecodeSeconds, lang),
          })}
        </p>
      )}
      {estimate?.estimateRegion && !estimate.estimateRegion.inside && (
        <div className="alert small" role="status">
          <p>
            {t('simulator.figures.outside', {
              reasons: estimate.estimateRegion.reasons
                .map((r) => t(`simulator.figures.region.${r}`, { n: ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE }))
                .join(t('simulator.listSep')),
            })}
          </p>
          {onRunFull && (
            <button type="button" className="btn btn-secondary" onClick={onRunFull}>
              {t('simulator.figures.runFull')}
            </button>
          )}
        </div>
      )}
      {estimate?.errorBand !== undefined && (
        <p className="muted small">
          {t('simulator.figures.band', {
            count: ESTIMATE_ACCURACY.gridScenarios,
            band: formatPercent(estimate.errorBand, lang),
            share: formatPercent(ESTIMATE_ACCURACY.tightShare, lang),
            tight: formatPercent(ESTIMATE_ACCURACY.tight, lang),
          })}
        </p>
      )}
      {shown?.overheads && shown.kv && shown.policyLag && (
        <p className="muted small">
          {t('simulator.figures.overheads', {
            update: formatDuration(shown.overheads.weightUpdateSeconds, lang),
            write: formatDuration(shown.overheads.checkpointWriteSeconds, lang),
            optimal: formatDuration(shown.overheads.optimalCheckpointMinutes * 60, lang),
            preemptions: formatNumber(shown.kv.preemptions, lang, 0),
            hits: formatPercent(shown.kv.toolCacheHitRate, lang),
            lagMean: formatNumber(shown.policyLag.mean, lang, 2),
            lagP99: formatNumber(shown.policyLag.p99, lang, 0),
            lagMax: formatNumber(shown.policyLag.max, lang, 0),
          })}
        </p>
      )}
      {shown && <Warnings result={shown} />}
    </div>
  );
}

function Warnings({ result }: { result: SimResult }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const s = summarize(result);
  const out: string[] = [];
  if (s.truncatedShare >= 0.2) out.push(t('simulator.warn.truncated', { share: formatPercent(s.truncatedShare, lang) }));
  if (!result.engine.trainFitsInMemory) out.push(t('simulator.warn.trainMemory', { gb: formatNumber(result.engine.activationGBPerGpu, lang, 1) }));
  if (s.failedShare >= 0.05) out.push(t('simulator.warn.failed', { share: formatPercent(s.failedShare, lang) }));
  if (!out.length) return null;
  return (
    <ul className="sim-warnings">
      {out.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
}
