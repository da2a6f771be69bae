import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimScenario, SimSweepRequest, SimSweepResult } from '../../../shared/cost/schema';
import { fromUsd, type WorkshopDoc } from '../../../shared/model';
import {
  DEFAULT_TURN_SWEEP,
  growth,
  horizonBudget,
  joinSweeps,
  parseTurnSweep,
  withTurnsScaled,
  type SweepValuesError,
} from '../../../shared/model/simulation';
import { effectiveValue } from '../../../shared/cost/form';
import { useJob } from '../../api/job';
import { currentLang } from '../../i18n';
import { FieldNotes, notesIds } from '../../ui/Field';
import { SweepChart } from './charts/SweepChart';
import { formatCompact, formatDuration, formatMoney, formatNumber } from '../../parts/costFormat';
import { JobProgress } from './JobProgress';
import { sweepAll } from './useSim';

type Method = 'discrete-event' | 'analytic';
interface Sweep {
  scenarioKey: string;
  method: Method;
  scaleTail: boolean;
  result: SimSweepResult;
}

// Sweeps are not saved with the workshop; keep the last one per candidate for this session.
const lastSweeps = new Map<string, Sweep>();

/** Runs the scenario across rollout lengths (`rollout.turns.median`) and draws cost and step time against them. */
export function SweepPanel({
  candidateId,
  scenario,
  valid,
  filePrefix,
  doc,
}: {
  candidateId: string;
  scenario: Record<string, unknown>;
  valid: boolean;
  filePrefix: string;
  /** The workshop: its currency and budget (the cost curves are in its currency, with the cost chart's budget line). */
  doc: Pick<WorkshopDoc, 'needs' | 'currency'>;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = useId();
  const [text, setText] = useState(DEFAULT_TURN_SWEEP.join(', '));
  const [method, setMethod] = useState<Method>('discrete-event');
  const [scaleTail, setScaleTail] = useState(true);
  const [sweep, setSweep] = useState<Sweep | null>(() => lastSweeps.get(candidateId) ?? null);
  const job = useJob<SimSweepResult[]>();
  const tail = {
    median: effectiveValue(scenario, 'rollout.turns.median') as number,
    p99: effectiveValue(scenario, 'rollout.turns.p99') as number,
    max: effectiveValue(scenario, 'rollout.turns.max') as number,
  };
  const parsed = parseTurnSweep(text, scaleTail ? undefined : tail);
  const notes = { error: parsed.ok ? undefined : sweepError(t, parsed.error, lang) };
  const scenarioKey = JSON.stringify(scenario);
  const running = job.state.status === 'running';

  const run = async () => {
    if (!parsed.ok || !valid) return;
    const field = 'rollout.turns.median' as const;
    // Lengthening the tail with the median takes one scenario per value; otherwise one sweep of the median.
    const requests: SimSweepRequest[] = scaleTail
      ? parsed.values.map((v) => ({ scenario: withTurnsScaled(scenario, v) as SimScenario, field, values: [v], method }))
      : [{ scenario: scenario as SimScenario, field, values: parsed.values, method }];
    const parts = await job.start(sweepAll(requests));
    if (parts) {
      const next = { scenarioKey, method, scaleTail, result: joinSweeps(parts) };
      lastSweeps.set(candidateId, next);
      setSweep(next);
    }
  };

  return (
    <section className="panel sim-sweep" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('simulator.sweep.title')}</h3>
      <p className="muted small">{t('simulator.sweep.intro')}</p>
      <div className="sim-sweep-form">
        <div className={`field${parsed.ok ? '' : ' has-error'}`}>
          <label htmlFor={`${id}-values`}>
            {t('simulator.sweep.values')} <span className="sim-unit">({t('simulator.unit.turns')})</span>
          </label>
          <input
            id={`${id}-values`}
            className="input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={parsed.ok ? undefined : true}
            aria-describedby={notesIds(`${id}-values`, notes)}
          />
          <FieldNotes id={`${id}-values`} {...notes} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-method`}>{t('simulator.sweep.method')}</label>
          <select id={`${id}-method`} className="input" value={method} onChange={(e) => setMethod(e.target.value as Method)}>
            <option value="discrete-event">{t('simulator.sweep.methodFull')}</option>
            <option value="analytic">{t('simulator.sweep.methodAnalytic')}</option>
          </select>
        </div>
        <div className="field sim-check">
          <span className="inline-label">
            <input id={`${id}-scale`} type="checkbox" checked={scaleTail} onChange={(e) => setScaleTail(e.target.checked)} />
            <label htmlFor={`${id}-scale`}>
              {t('simulator.sweep.scaleTail', { p99: formatNumber(tail.p99 / tail.median, lang, 1), max: formatNumber(tail.max / tail.median, lang, 1) })}
            </label>
          </span>
        </div>
        <button type="button" className="btn btn-primary" onClick={run} disabled={!parsed.ok || !valid || running}>
          {t('simulator.sweep.run')}
        </button>
      </div>
      {!valid && <p className="muted small">{t('simulator.fixFirst')}</p>}
      <JobProgress state={job.state} label={t('simulator.sweep.progress')} onCancel={job.cancel} />
      {sweep ? (
        <SweepResult sweep={sweep} stale={sweep.scenarioKey !== scenarioKey} filePrefix={filePrefix} doc={doc} />
      ) : (
        <p className="empty">{t('simulator.sweep.empty')}</p>
      )}
    </section>
  );
}

function SweepResult({ sweep, stale, filePrefix, doc }: { sweep: Sweep; stale: boolean; filePrefix: string; doc: Pick<WorkshopDoc, 'needs' | 'currency'> }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { values, curves, points } = sweep.result;
  const code = doc.currency.code;
  const money = (v: number) => formatMoney(v, code, lang);
  // The run's cost over the billing horizon at each swept length, against the cost chart's budget line (horizonBudget) for the same horizon.
  const budgets = points.map((p) => horizonBudget(doc, p));
  const budgetValues = budgets.every((b) => b !== null) ? budgets.map((b) => b!.line) : null;
  const budgetText = budgetValues
    ? budgetValues.every((v) => Math.abs(v - budgetValues[0]) < 1e-9 * Math.max(1, Math.abs(v)))
      ? money(budgetValues[0])
      : `${money(Math.min(...budgetValues))}–${money(Math.max(...budgetValues))}`
    : '';
  const g = growth(values, curves.costPerStep);
  const x = (n: number) => formatNumber(n, lang, 1);
  const caption = [
    t('simulator.sweep.captionSeed'),
    g
      ? t(g.vsLinear > 1.05 ? 'simulator.sweep.faster' : 'simulator.sweep.notFaster', {
          turns: x(g.ratioX),
          cost: x(g.ratioY),
          vsLinear: x(g.vsLinear),
          at: x(g.atX),
        })
      : '',
    g && g.vsLinear > 1.05 && g.atX < values[values.length - 1] ? t('simulator.sweep.bends', { at: x(g.atX) }) : '',
    t(sweep.scaleTail ? 'simulator.sweep.tailScaled' : 'simulator.sweep.tailFixed'),
  ]
    .filter(Boolean)
    .join(lang === 'zh-CN' ? '' : ' ');
  return (
    <>
      {stale && (
        <p className="sim-note" role="status">
          {t('simulator.sweep.stale')}
        </p>
      )}
      <SweepChart
        title={t('simulator.sweep.chartTitle')}
        source={t(sweep.method === 'analytic' ? 'simulator.source.estimate' : 'simulator.source.full')}
        filename={`${filePrefix}-turns-sweep`}
        caption={caption}
        xs={values}
        xTitle={t('simulator.sweep.xTitle')}
        legend={[t('simulator.sweep.legendCurve'), t('simulator.sweep.legendTrend')]}
        axisFormat={(v) => formatCompact(v, lang)}
        panels={[
          { title: t('simulator.sweep.costAxisIn', { currency: code }), values: curves.costPerStep.map((v) => fromUsd(v, doc.currency)), format: money },
          {
            title: t('simulator.charts.costAxisIn', { currency: code }),
            values: curves.costTotal.map((v) => fromUsd(v, doc.currency)),
            format: money,
            reference: budgetValues ? { values: budgetValues, label: t('simulator.charts.budgetLabel', { line: budgetText }) } : null,
          },
          { title: t('simulator.sweep.timeAxis'), values: curves.stepMeanSeconds, format: (v) => formatDuration(v, lang) },
        ]}
      />
    </>
  );
}

function sweepError(t: TFunction, e: SweepValuesError, lang: ReturnType<typeof currentLang>): string {
  switch (e.code) {
    case 'notNumber':
      return t('simulator.sweep.error.notNumber', { text: e.text });
    case 'notPositive':
      return t('simulator.sweep.error.notPositive', { value: e.value });
    case 'tooMany':
      return t('simulator.sweep.error.tooMany', { max: e.max });
    case 'aboveTail':
      return t('simulator.sweep.error.aboveTail', { value: formatNumber(e.value, lang, 2), limit: formatNumber(e.limit, lang, 2) });
    default:
      return t('simulator.sweep.error.empty');
  }
}
