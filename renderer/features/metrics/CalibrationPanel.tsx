import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimCalibrateRequest } from '../../../shared/cost/schema';
import {
  GPU_NAMES,
  attachCalibration,
  calibrationInput,
  calibrationStatus,
  candidateName,
  fromUsd,
  newId,
  nowIso,
  pilotGpusFrom,
  pilotRows,
  pilotValue,
  setPilotValue,
  type CalibrationStatus,
  type PilotField,
  type WorkshopDoc,
} from '../../../shared/model';
import { call } from '../../api/client';
import { ContractError, toContractError } from '../../../shared/contract/errors';
import { ensureSimulation, setScenarioValue } from '../../../shared/model/simulation';
import { navigate } from '../../nav/route';
import { SimIssues, issueField } from '../../parts/SimIssues';
import { currentLang, type ScreenText, type TextKeysOf } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { formatDateTime, formatDuration, formatHours, formatMoney, formatNumber, formatPercent } from '../../parts/costFormat';
import { CostBandChart } from '../../charts/CostBandChart';
import { edit, NumberField } from '../../parts/fields';

/**
 * Step 4: calibration by the pilot. Per candidate: its pilot configuration, the pilot
 * rows imported, a button that asks `sim.calibrate` (Node side) and keeps its answer with its
 * provenance, and the projected full-scale run with its p10–p90 band against the budget.
 */
export function CalibrationPanel({ doc, shown }: { doc: WorkshopDoc; shown: WorkshopDoc }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="panel calibration" aria-labelledby={`${id}-h`} data-testid="calibration">
      <h2 id={`${id}-h`}>{t('simulator.calibration.title')}</h2>
      <p className="muted small">{t('simulator.calibration.intro')}</p>
      {shown.candidates.map((c) => (
        <CandidateCalibration key={c.id} doc={shown} live={doc} candidateId={c.id} />
      ))}
    </section>
  );
}

/** Scenario fields the pilot configuration sets here (a problem with one opens its input, not the simulator). */
const PILOT_INPUTS: Record<string, PilotField> = {
  'model.paramsB': 'model.paramsB',
  'cluster.gpus': 'cluster.gpus',
  'cluster.gpu': 'cluster.gpu',
  promptsPerStep: 'promptsPerStep',
  rolloutsPerPrompt: 'rolloutsPerPrompt',
};

const NUMBER_FIELDS: { path: PilotField; key: TextKeysOf<ScreenText['simulator']['calibration']>; integer: boolean; min: number; max: number }[] = [
  { path: 'model.paramsB', key: 'paramsB', integer: false, min: 0.1, max: 10_000 },
  { path: 'cluster.gpus', key: 'gpus', integer: true, min: 1, max: 1_000_000 },
  { path: 'promptsPerStep', key: 'prompts', integer: true, min: 1, max: 10_000_000 },
  { path: 'rolloutsPerPrompt', key: 'rollouts', integer: true, min: 1, max: 100_000 },
];

/** `doc` may lag behind (deferred, for the rows and charts); the configuration's fields read `live`, so what is typed stays. */
function CandidateCalibration({ doc, live, candidateId }: { doc: WorkshopDoc; live: WorkshopDoc; candidateId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const gpuId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ContractError | null>(null);
  const name = candidateName(doc, candidateId, lang);
  const { xs } = pilotRows(doc, candidateId);
  const gpusFrom = pilotGpusFrom(doc, candidateId);
  const status = calibrationStatus(doc, candidateId);
  const action = t('simulator.calibration.config', { name });
  const gpu = pilotValue(live, candidateId, 'cluster.gpu');

  const run = async () => {
    const current = useWorkshop.getState().doc;
    if (!current) return;
    const input = calibrationInput(current, candidateId);
    if (!input) return;
    setBusy(true);
    setError(null);
    try {
      const result = await call('sim.calibrate', input.request as SimCalibrateRequest);
      edit(t('simulator.calibration.run', { name }), (d) => attachCalibration(d, candidateId, input, result, nowIso()));
    } catch (err) {
      setError(toContractError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="calibration-candidate" data-testid={`calibration-${candidateId}`}>
      <h3 className="small-h">{action}</h3>
      <div className="calibration-config">
        {NUMBER_FIELDS.map((f) => (
          <div key={f.path} data-pilot-field={f.path} className="calibration-field">
            <NumberField
              label={t(`simulator.calibration.${f.key}`)}
              value={Number(pilotValue(live, candidateId, f.path))}
              optional={false}
              integer={f.integer}
              min={f.min}
              max={f.max}
              action={action}
              onChange={(d, v) => setPilotValue(d, candidateId, f.path, v)}
            />
          </div>
        ))}
        <div className="field" data-pilot-field="cluster.gpu">
          <label htmlFor={gpuId}>{t('simulator.calibration.gpu')}</label>
          <select
            id={gpuId}
            className="input"
            value={typeof gpu === 'string' ? gpu : ''}
            onChange={(e) => edit(action, (d) => setPilotValue(d, candidateId, 'cluster.gpu', e.target.value))}
          >
            {typeof gpu !== 'string' && <option value="">{t('simulator.calibration.gpu')}</option>}
            {GPU_NAMES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="small">
        {xs.length === 0
          ? t('simulator.calibration.noRows')
          : t('simulator.calibration.rows', { count: xs.length, from: formatNumber(xs[0], lang), to: formatNumber(xs[xs.length - 1], lang) })}
      </p>
      {gpusFrom.length > 0 && (
        <p className="small" data-testid="pilot-gpus-from">
          {t('simulator.calibration.gpusFrom', {
            list: gpusFrom
              .map(([step, gpus]) => t('simulator.calibration.gpusFromItem', { step: formatNumber(step, lang), gpus }))
              .join(t('simulator.listSep')),
          })}
        </p>
      )}
      <button type="button" className="btn" disabled={busy || xs.length === 0} onClick={() => void run()}>
        {busy ? t('simulator.calibration.running') : t('simulator.calibration.run', { name })}
      </button>
      {error && (
        <SimIssues
          error={error}
          lead={t('simulator.calibration.failedLead')}
          testId="calibration-error"
          onSetTp={(tp) => {
            // The pilot and the full-scale run both take the candidate scenario's tensor parallel.
            edit(t('simulator.fix.setTp', { tp }), (d) =>
              setScenarioValue(ensureSimulation(d, candidateId, newId()), candidateId, 'cluster.tensorParallel', tp),
            );
            setError(null);
          }}
          onOpen={(issue) => {
            const field = issueField(issue);
            const pilotInput = (PILOT_INPUTS[field] ?? (field === 'rows' ? 'cluster.gpus' : null)) as PilotField | null;
            const el = pilotInput
              ? document.querySelector<HTMLElement>(
                  `[data-testid="calibration-${candidateId}"] [data-pilot-field="${pilotInput}"] input, [data-testid="calibration-${candidateId}"] [data-pilot-field="${pilotInput}"] select`,
                )
              : null;
            if (el) el.focus();
            else navigate({ name: 'workshop', id: doc.id, step: 'validation', sim: candidateId });
          }}
        />
      )}
      {status && <CalibrationResult doc={doc} name={name} status={status} />}
    </div>
  );
}

/** The fitted parameters, the residual and the projection with its band against the budget (also the evidence in step 5). */
export function CalibrationResult({ doc, name, status }: { doc: WorkshopDoc; name: string; status: CalibrationStatus }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { record, stale, budget } = status;
  const r = record.result;
  const p = r.projection;
  const money = (usd: number) => formatMoney(fromUsd(usd, doc.currency), doc.currency.code, lang);
  const pct = (x: number) => formatPercent(x, lang, 1);
  const param = (key: 'mfu' | 'eff' | 'overhead', v: { value: number; fitted: boolean; se: number }) => {
    const value = key === 'overhead' ? formatDuration(v.value, lang) : pct(v.value);
    const se = key === 'overhead' ? formatDuration(v.se, lang) : pct(v.se);
    return (
      <tr key={key}>
        <th scope="row">{t(`simulator.calibration.${key}`)}</th>
        <td className="num">{value}</td>
        <td>{v.fitted ? `${t('simulator.calibration.fitted')} ${t('simulator.calibration.seLabel', { se })}` : t('simulator.calibration.assumed')}</td>
      </tr>
    );
  };
  const at = formatDateTime(record.at, lang);
  const band = (b: { p10: number; mid: number; p90: number }, f: (x: number) => string) =>
    t('simulator.calibration.band', { mid: f(b.mid), p10: f(b.p10), p90: f(b.p90) });
  return (
    <div className="calibration-result" data-testid="calibration-result">
      <p className={stale ? 'alert' : 'ok-note'} role="status">
        {stale
          ? t('simulator.calibration.stale', { at })
          : t('simulator.calibration.current', { at, rows: record.rows, from: formatNumber(record.firstStep, lang), to: formatNumber(record.lastStep, lang) })}
      </p>
      <table className="table">
        <tbody>
          {param('mfu', r.parameters.mfu)}
          {param('eff', r.parameters.decodeBandwidthEfficiency)}
          {param('overhead', r.parameters.overheadSeconds)}
        </tbody>
      </table>
      <p className="small">{t('simulator.calibration.residual', { rms: pct(r.residual.rms), n: r.residual.observations })}</p>
      <h4 className="small-h">
        {t('simulator.calibration.projection', {
          steps: formatNumber(p.steps, lang),
          paramsB: formatNumber(p.paramsB, lang),
          gpus: p.gpus,
          gpu: p.gpu,
          archetype: t(`simulator.archetypeShort.${p.archetype}`),
        })}
      </h4>
      <table className="table" data-testid="calibration-projection">
        <tbody>
          <tr>
            <th scope="row">{t('simulator.calibration.step')}</th>
            <td className="num">{band(p.stepSeconds, (x) => formatDuration(x, lang))}</td>
          </tr>
          <tr>
            <th scope="row">{t('simulator.calibration.wall')}</th>
            <td className="num">{band(p.wallHours, (x) => formatHours(x, lang))}</td>
          </tr>
          <tr>
            <th scope="row">{t('simulator.calibration.cost')}</th>
            <td className="num">{band(p.costUsd, money)}</td>
          </tr>
          <tr>
            <th scope="row">{t('simulator.calibration.monthly')}</th>
            <td className="num">{formatMoney(budget.monthlyRate, doc.currency.code, lang)}</td>
          </tr>
          {budget.budgetForRun !== null && (
            <tr>
              <th scope="row">{t('simulator.calibration.budgetForRun')}</th>
              <td className="num">{formatMoney(budget.budgetForRun, doc.currency.code, lang)}</td>
            </tr>
          )}
          {budget.share !== null && (
            <tr>
              <th scope="row">{t('simulator.calibration.share')}</th>
              <td className="num">{pct(budget.share)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div data-testid="calibration-chart">
        <CostBandChart
          title={t('simulator.calibration.chart', { name, currency: doc.currency.code })}
          source={t('simulator.calibration.evidence')}
          filename={`calibration-${name}`}
          cost={{ p10: fromUsd(p.costUsd.p10, doc.currency), mid: fromUsd(p.costUsd.mid, doc.currency), p90: fromUsd(p.costUsd.p90, doc.currency) }}
          budget={budget.budgetForRun === null ? null : { line: budget.budgetForRun, months: budget.months }}
          money={(v) => formatMoney(v, doc.currency.code, lang)}
          lang={lang}
        />
      </div>
    </div>
  );
}
