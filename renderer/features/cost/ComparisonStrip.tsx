import { Options } from '../../ui/Options';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import { budgetCheck, CURRENCIES, fromUsd, monthlyBudget, setCurrency, type CurrencyCode } from '../../../shared/model';
import { comparisonRows } from '../../../shared/model/simulation';
import { useWorkshop } from '../../store/workshop';
import { hrefFor } from '../../nav/route';
import { currentLang } from '../../i18n';
import { formatDateTime, formatDuration, formatHours, formatMoney, formatNumber, formatPercent } from '../../parts/costFormat';
import { candidateName } from '../../../shared/model';
import { numCol, TableHead } from '../../ui/TableHead';

/**
 * Every candidate's last full simulation side by side — the figures the "cost structure"
 * and "throughput" discussion of the evaluation needs.
 */
export function ComparisonStrip({ doc, currentId }: { doc: WorkshopDoc; currentId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = useId();
  const rows = comparisonRows(doc);
  const anyRun = rows.some((r) => r.summary);
  const cur = doc.currency;
  const budget = monthlyBudget(doc);
  const money = (x: number) => formatMoney(x, cur.code, lang);
  const fromUsdOf = (usd: number) => fromUsd(usd, cur);
  const edit = (patch: Partial<typeof cur>) => useWorkshop.getState().edit('Set workshop currency', (d) => setCurrency(d, patch));
  return (
    <section className="panel sim-compare" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('simulator.compare.title')}</h3>
      <p className="muted small">{t('simulator.compare.intro')}</p>
      <div className="sim-currency">
        <label className="inline-label">
          <span>{t('simulator.compare.currency')}</span>
          <select className="input" value={cur.code} onChange={(e) => edit({ code: e.target.value as CurrencyCode })}>
            <Options items={CURRENCIES} label={(c) => t(`simulator.compare.currencyName.${c}`)} />
          </select>
        </label>
        <label className="inline-label">
          <span>{t('simulator.compare.rate')}</span>
          <input
            key={cur.cnyPerUsd}
            className="input input-narrow"
            inputMode="decimal"
            defaultValue={String(cur.cnyPerUsd)}
            onBlur={(e) => edit({ cnyPerUsd: Number(e.target.value.replace(',', '.')) })}
          />
        </label>
        <p className="small" data-testid="sim-budget">
          {budget === null ? t('simulator.compare.noBudget') : t('simulator.compare.budget', { budget: money(budget) })}
        </p>
      </div>
      <div className="sim-scroll">
        <table className="table" aria-labelledby={`${id}-h`}>
          <TableHead
            cols={[
              t('simulator.compare.candidate'),
              t('simulator.compare.archetype'),
              numCol(t('simulator.compare.cost')),
              numCol(t('simulator.compare.costPerStep')),
              numCol(t('simulator.compare.wall')),
              numCol(t('simulator.compare.gpuHours')),
              numCol(t('simulator.compare.step')),
              numCol(t('simulator.compare.monthlyRate')),
              numCol(t('simulator.compare.againstBudget')),
              t('simulator.compare.ranAt'),
            ]}
          />
          <tbody>
            {rows.map((r) => {
              const c = doc.candidates.find((x) => x.id === r.candidateId)!;
              const name = candidateName(doc, c.id, lang);
              const s = r.summary;
              const b = s ? budgetCheck(doc, s.costRun, s.wallHours) : null;
              return (
                <tr
                  key={r.candidateId}
                  className={r.candidateId === currentId ? 'is-current' : undefined}
                  aria-current={r.candidateId === currentId ? 'true' : undefined}
                >
                  <th scope="row">
                    <a href={hrefFor({ name: 'workshop', id: doc.id, step: 'validation', sim: r.candidateId })}>{name}</a>
                  </th>
                  <td>{t(`simulator.option.cost.archetype.${r.archetype}`)}</td>
                  {s ? (
                    <>
                      <td className="num">{money(fromUsdOf(s.costTotal))}</td>
                      <td className="num">{money(fromUsdOf(s.costPerStep))}</td>
                      <td className="num">{formatHours(s.wallHours, lang)}</td>
                      <td className="num">{formatNumber(s.gpuHours, lang, 0)}</td>
                      <td className="num">{formatDuration(s.stepSeconds, lang)}</td>
                      <td className="num">{money(b!.monthlyRate)}</td>
                      <td className={b!.share !== null && b!.share > 1 ? 'num sim-over' : 'num'}>
                        {b!.share === null
                          ? '—'
                          : t(b!.share > 1 ? 'simulator.compare.over' : 'simulator.compare.under', {
                              share: formatPercent(b!.share, lang),
                              budget: money(b!.budgetForRun!),
                            })}
                      </td>
                      <td className="small">
                        {formatDateTime(r.ranAt, lang)}
                        {r.status?.stale && <span className="badge badge-warn">{t('simulator.run.staleMark')}</span>}
                      </td>
                    </>
                  ) : r.kept ? (
                    <>
                      <td className="num">{dash(r.kept.figures.costTotal, (v) => money(fromUsdOf(v)))}</td>
                      <td className="num">—</td>
                      <td className="num">—</td>
                      <td className="num">{dash(r.kept.figures.gpuHours, (v) => formatNumber(v, lang, 0))}</td>
                      <td className="num">{dash(r.kept.figures.stepSeconds, (v) => formatDuration(v, lang))}</td>
                      <td className="num">—</td>
                      <td className="num">—</td>
                      <td className="small">
                        {r.kept.ranAt ? formatDateTime(r.kept.ranAt, lang) : '—'}
                        <span className="badge badge-warn">{t('simulator.run.outdatedMark')}</span>
                      </td>
                    </>
                  ) : (
                    <td colSpan={8} className="muted small">
                      {t('simulator.compare.notRun')}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!anyRun && <p className="muted small">{t('simulator.compare.empty')}</p>}
    </section>
  );
}

const dash = (v: number | null, f: (v: number) => string) => (v === null ? '—' : f(v));
