import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { clearMetrics, summarizeMetrics, type MetricSeries, type WorkshopDoc } from '../../../shared/model';
import { currentLang } from '../../i18n';
import { edit } from '../../parts/fields';
import { candidateName, formatNumber } from '../../parts/text';
import { formatPercent } from '../../../shared/format';
import { BarChart, LineChart, type LineSeries } from './charts';
import { numCol, TableHead } from '../../ui/TableHead';
import { Swatch } from '../../charts/ChartFigure';

const BUCKETS = ['short', 'medium', 'long', ''] as const;

/** The pilot metrics side by side: reward curves, success by horizon, utilization, iteration speed, and the figures. */
export const ComparisonPanel = memo(function ComparisonPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const colour = new Map(doc.candidates.map((c) => [c.id, c.colour]));
  const name = (id: string) => candidateName(doc, id, lang, t('wizard.field.unnamed'));
  const summaries = summarizeMetrics(doc);
  const measured = doc.candidates.filter((c) => summaries.some((s) => s.candidateId === c.id));
  const lines = (metric: MetricSeries['metric']): LineSeries[] =>
    doc.metrics.series
      .filter((s) => s.metric === metric && colour.has(s.candidateId))
      .map((s) => ({ key: `${s.candidateId}|${s.bucket}`, label: name(s.candidateId), slot: colour.get(s.candidateId)!, points: s.points }));
  const pct = (v: number | undefined) => (v === undefined ? '—' : formatPercent(v, lang, 1));
  const num = (v: number | undefined, d = 2) => (v === undefined ? '—' : formatNumber(v, lang, d));
  const legend = measured.map((c) => ({ key: c.id, label: name(c.id), slot: colour.get(c.id)! }));
  const list = (items: string[]) => items.join(lang === 'zh-CN' ? '；' : '; ') || t('wizard.metrics.noData');
  const buckets = BUCKETS.filter((b) => summaries.some((s) => s.success[b] !== undefined));
  /** A metric over training steps, one line per candidate (and horizon); `summary` is what a screen reader hears. */
  const line = (title: string, summary: string[], metric: MetricSeries['metric'], yLabel: string, percent?: boolean) => (
    <LineChart
      title={title}
      summary={list(summary)}
      series={lines(metric)}
      xLabel={t('wizard.metrics.step')}
      yLabel={yLabel}
      lang={lang}
      percent={percent}
      noData={t('wizard.metrics.noData')}
    />
  );

  if (doc.metrics.series.length === 0) {
    return (
      <section className="panel" aria-labelledby="cmp-h">
        <h2 id="cmp-h">{t('wizard.metrics.charts')}</h2>
        <p className="empty">{t('wizard.metrics.noMetrics')}</p>
      </section>
    );
  }
  return (
    <section className="panel" aria-labelledby="cmp-h">
      <h2 id="cmp-h">{t('wizard.metrics.charts')}</h2>
      <div className="charts-grid">
        {line(
          t('wizard.metrics.reward'),
          summaries.filter((s) => s.finalReward !== undefined).map((s) => `${name(s.candidateId)} ${num(s.finalReward)}`),
          'reward',
          t('wizard.metrics.rewardAxis'),
        )}
        <BarChart
          title={t('wizard.metrics.successByHorizon')}
          summary={list(
            summaries.map((s) => `${name(s.candidateId)} ${buckets.map((b) => `${t(`wizard.metrics.horizon.${b}`)} ${pct(s.success[b])}`).join(', ')}`),
          )}
          groups={buckets.map((b) => ({
            key: b || 'all',
            label: t(`wizard.metrics.horizon.${b}`),
            values: Object.fromEntries(summaries.map((s) => [s.candidateId, s.success[b]])),
          }))}
          series={legend}
          lang={lang}
          percent
          yLabel={t('wizard.metrics.successByHorizon')}
          noData={t('wizard.metrics.noData')}
        />
        {line(
          t('wizard.metrics.utilization'),
          summaries.filter((s) => s.utilization !== undefined).map((s) => `${name(s.candidateId)} ${pct(s.utilization)}`),
          'utilization',
          t('wizard.metrics.utilization'),
          true,
        )}
        {line(
          t('wizard.metrics.iterationSpeed'),
          summaries
            .filter((s) => s.iterationSpeed !== undefined)
            .map((s) => `${name(s.candidateId)} ${num(s.iterationSpeed, 1)} ${t('wizard.metrics.iterationsPerHour')}`),
          'iteration-speed',
          t('wizard.metrics.iterationsPerHour'),
        )}
      </div>
      <table className="table figures-table">
        <caption>{t('wizard.metrics.dataTable')}</caption>
        <TableHead
          cols={[
            t('wizard.metrics.candidate'),
            numCol(t('wizard.metrics.meanSpeed')),
            numCol(t('wizard.metrics.finalReward')),
            ...buckets.map((b) => numCol(t('wizard.metrics.meanSuccess', { bucket: t(`wizard.metrics.horizon.${b}`) }))),
            numCol(t('wizard.metrics.meanUtil')),
            { label: t('wizard.field.remove'), hidden: true },
          ]}
        />
        <tbody>
          {summaries.map((s) => (
            <tr key={s.candidateId}>
              <th scope="row">
                <Swatch slot={colour.get(s.candidateId)!} />
                {name(s.candidateId)}
              </th>
              <td className="num">{num(s.iterationSpeed, 1)}</td>
              <td className="num">{num(s.finalReward, 3)}</td>
              {buckets.map((b) => (
                <td key={b} className="num">
                  {pct(s.success[b])}
                </td>
              ))}
              <td className="num">{pct(s.utilization)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-danger small"
                  aria-label={t('wizard.metrics.clear', { name: name(s.candidateId) })}
                  onClick={() => edit('Remove metrics', (d) => clearMetrics(d, s.candidateId))}
                >
                  {t('wizard.field.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {doc.metrics.imports.length > 0 && (
        <details className="imports">
          <summary>{t('wizard.metrics.imports')}</summary>
          <ul>
            {doc.metrics.imports
              .slice()
              .reverse()
              .map((imp, i) => (
                <li key={i}>
                  {imp.file} · {new Date(imp.importedAt).toLocaleString(lang)} · {t('wizard.metrics.rows', { formatted: formatNumber(imp.rows, lang) })}
                </li>
              ))}
          </ul>
        </details>
      )}
    </section>
  );
});
