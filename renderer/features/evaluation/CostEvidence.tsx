import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE, type SimScenario } from '../../../shared/cost/schema';
import { formatDateTime, formatDuration, formatHours, formatMoney, formatNumber, formatPercent } from '../../../shared/format';
import {
  candidateName,
  costEvidence,
  evidenceEstimateRequest,
  type CostEvidence as Evidence,
  type EvidenceBand,
  type EvidenceEstimate,
  type WorkshopDoc,
} from '../../../shared/model';
import { call } from '../../api/client';
import { derivedKey, useDerivedKey } from '../../api/derived';
import { currentLang } from '../../i18n';
import { numCol, TableHead } from '../../ui/TableHead';
import { CostBandChart } from '../../charts/CostBandChart';

/**
 * Step 5's cost and throughput evidence: per candidate, the full-scale run as its pilot
 * calibrated it (step 4), with the p10–p90 band, or the uncalibrated estimate of the same run
 * where there is no pilot, against the budget for the run. The evidence is chosen by
 * `costEvidence()` (shared/model), the same function the report's cost section uses.
 */
export function CostEvidence({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = useId();
  // The uncalibrated candidates' full-scale runs, estimated on the Node side in one answer.
  const asks = useMemo(
    () =>
      doc.candidates.flatMap((c) => {
        const scenario = evidenceEstimateRequest(doc, c.id);
        return scenario ? [{ candidateId: c.id, scenario: scenario as SimScenario }] : [];
      }),
    [doc],
  );
  const requests = useMemo(() => asks.map((a) => a.scenario), [asks]);
  // Each answer on its own: a run the simulator refuses (a model too big for its GPUs) says so in its row.
  const estimates = useDerivedKey(asks.length ? derivedKey('sim.estimate[]', requests) : null, (ctx) =>
    Promise.all(
      requests.map((r) =>
        call('sim.estimate', r, { signal: ctx.signal }).catch((err: unknown): EvidenceEstimate => {
          if (ctx.signal.aborted) throw err;
          return 'refused';
        }),
      ),
    ),
  );
  const byCandidate = new Map<string, EvidenceEstimate>();
  if (estimates.current && estimates.value) asks.forEach((a, i) => byCandidate.set(a.candidateId, estimates.value![i]));
  const rows = costEvidence(doc, (cid) => byCandidate.get(cid) ?? null);

  const money = (v: number) => formatMoney(v, doc.currency.code, lang);
  const band = (b: EvidenceBand | null, f: (v: number) => string) =>
    b === null ? '—' : b.p10 === null || b.p90 === null ? f(b.mid) : t('room.cost.band', { mid: f(b.mid), p10: f(b.p10), p90: f(b.p90) });
  const anyBudget = rows.some((r) => r.budget?.budgetForRun != null);
  return (
    <section className="panel cost-evidence" aria-labelledby={`${id}-h`} data-testid="cost-evidence">
      <h2 id={`${id}-h`}>{t('room.cost.title')}</h2>
      <p className="muted small">{t('room.cost.intro')}</p>
      <div className="cost-evidence-scroll">
        <table className="table" aria-labelledby={`${id}-h`} data-testid="cost-evidence-table">
          <TableHead
            cols={[
              t('room.cost.candidate'),
              t('room.cost.source'),
              t('room.cost.run'),
              numCol(t('room.cost.step')),
              numCol(t('room.cost.wall')),
              numCol(t('room.cost.cost')),
              numCol(t('room.cost.budgetForRun')),
              numCol(t('room.cost.share')),
            ]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.candidateId} data-testid={`cost-evidence-${r.candidateId}`} data-source={r.source}>
                <th scope="row">{candidateName(doc, r.candidateId, lang)}</th>
                <td>
                  <SourceText row={r} />
                </td>
                <td className="small">
                  {r.run ? (
                    <>
                      {t('room.cost.runText', { steps: formatNumber(r.run.steps, lang), paramsB: formatNumber(r.run.paramsB, lang), gpus: r.run.gpus })}{' '}
                      {/* A product name, the same in every language. */}
                      <bdi>{r.run.gpu}</bdi>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="num">{band(r.stepSeconds, (v) => formatDuration(v, lang))}</td>
                <td className="num">{band(r.wallHours, (v) => formatHours(v, lang))}</td>
                <td className="num">{band(r.cost, money)}</td>
                <td className="num">{r.budget?.budgetForRun != null ? money(r.budget.budgetForRun) : '—'}</td>
                <td className={r.budget?.share != null && r.budget.share > 1 ? 'num cost-over' : 'num'}>
                  {r.budget?.share != null ? formatPercent(r.budget.share, lang) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.map((r) =>
        r.outsideRegion ? (
          <p key={r.candidateId} className="alert small" role="status" data-testid={`cost-evidence-outside-${r.candidateId}`}>
            {t('room.cost.outside', {
              name: candidateName(doc, r.candidateId, lang),
              reasons: r.outsideRegion.map((x) => t(`room.cost.region.${x}`, { n: ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE })).join(t('room.cost.regionSep')),
            })}
          </p>
        ) : null,
      )}
      {!anyBudget && <p className="muted small">{t('room.cost.noBudget')}</p>}
      <div className="cost-evidence-charts">{rows.map((r) => (r.cost ? <EvidenceChart key={r.candidateId} doc={doc} row={r} /> : null))}</div>
    </section>
  );
}

function SourceText({ row }: { row: Evidence }) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (row.source === 'calibrated')
    return (
      <>
        {t('room.cost.calibrated', { at: formatDateTime(row.at!, lang) })}
        {row.stale && (
          <span className="badge badge-warn" data-testid="cost-evidence-stale" title={t('room.cost.staleHint')}>
            {t('room.cost.stale')}
          </span>
        )}
      </>
    );
  if (row.source === 'estimate')
    return (
      <>
        <span className="badge">{t('room.cost.estimate')}</span>
        {row.outsideRegion && (
          <span className="badge badge-warn" data-testid="cost-evidence-outside" title={t('room.cost.outsideTag')}>
            {t('room.cost.outsideTag')}
          </span>
        )}
      </>
    );
  return <span className="muted small">{t(row.reason === 'invalid-scenario' ? 'room.cost.invalid' : 'room.cost.pending')}</span>;
}

/** One candidate's cost at p10, at the fit and at p90 (or its estimate), with the budget for the run as a line. */
function EvidenceChart({ doc, row }: { doc: WorkshopDoc; row: Evidence }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const line = row.budget?.budgetForRun ?? null;
  return (
    <div data-testid={`cost-evidence-chart-${row.candidateId}`}>
      <CostBandChart
        title={t('room.cost.chart', { name: candidateName(doc, row.candidateId, lang), currency: doc.currency.code })}
        source={t(row.source === 'calibrated' ? 'room.cost.sourceCalibrated' : 'room.cost.estimate')}
        filename={`cost-evidence-${row.candidateId}`}
        cost={row.cost!}
        budget={line === null ? null : { line, months: row.budget!.months }}
        money={(v) => formatMoney(v, doc.currency.code, lang)}
        lang={lang}
      />
    </div>
  );
}
