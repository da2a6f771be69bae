import { useTranslation } from 'react-i18next';
import type { SimResult } from '../../../shared/cost/schema';
import { budgetCheck, fromUsd, type WorkshopDoc } from '../../../shared/model';
import { archetypeCosts, horizonBudget, STEP_PARTS, stepBreakdown, type Archetype } from '../../../shared/model/simulation';
import { currentLang } from '../../i18n';
import { PoolUseChart } from './charts/PoolUseChart';
import { StackedColumnsChart } from '../../charts/StackedColumnsChart';
import { formatCompact, formatDuration, formatMoney, formatPercent } from '../../parts/costFormat';

/**
 * The result as pictures: where a step's time goes (estimate beside the full simulation),
 * how busy each GPU pool is, and what the same run costs under each archetype.
 */
export function ResultCharts({
  estimate,
  full,
  archetype,
  filePrefix,
  doc,
}: {
  estimate: SimResult | null;
  full: SimResult | null;
  archetype: Archetype;
  filePrefix: string;
  /** The workshop: its currency and budget (the cost chart is in its currency, with the budget line). */
  doc: Pick<WorkshopDoc, 'needs' | 'currency'>;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const shown = full ?? estimate;
  if (!shown)
    return (
      <p className="empty" role="status">
        {t('simulator.charts.empty')}
      </p>
    );
  const source = t(full ? 'simulator.source.full' : 'simulator.source.estimate');
  const stepColumns = [
    ...(estimate ? [{ label: t('simulator.source.estimate'), parts: STEP_PARTS.map((p) => stepBreakdown(estimate)[p]) }] : []),
    ...(full ? [{ label: t('simulator.source.full'), parts: STEP_PARTS.map((p) => stepBreakdown(full)[p]), highlight: true }] : []),
  ];
  const partNames = STEP_PARTS.map((p) => t(`simulator.part.${p}`));
  const costs = archetypeCosts(shown);
  const archetypeNames = costs.columns.map((c) => t(`simulator.archetypeShort.${c.archetype}`));
  const itemNames = costs.items.map((k) => t(`simulator.costItem.${k}`));
  const pct = (v: number) => formatPercent(v, lang);
  // Costs in the workshop's currency; the budget line is the monthly budget × the months the
  // chart's costs cover (the billing horizon), and the caption gives the run's monthly rate.
  const money = (v: number) => formatMoney(v, doc.currency.code, lang);
  const budget = horizonBudget(doc, shown);
  const check = budgetCheck(doc, shown.totals.costRun, shown.totals.wallHours);
  const budgetLine = budget?.line ?? null;
  const budgetCaption =
    budget === null
      ? t('simulator.charts.noBudgetLine', { rate: money(check.monthlyRate) })
      : t(budget.runs > 1 ? 'simulator.charts.budgetLineShared' : 'simulator.charts.budgetLine', {
          budget: money(budget.perMonth),
          months: formatCompact(budget.months, lang),
          runs: formatCompact(budget.runs, lang),
          line: money(budget.line),
          rate: money(check.monthlyRate),
        });
  return (
    <div className="sim-charts">
      <StackedColumnsChart
        title={t('simulator.charts.stepTitle')}
        filename={`${filePrefix}-step-time`}
        caption={t('simulator.charts.stepCaption')}
        desc={stepColumns.map((c) => `${c.label}: ${c.parts.map((v, i) => `${partNames[i]} ${formatDuration(v, lang)}`).join(', ')}`).join('. ')}
        columns={stepColumns}
        parts={partNames}
        axisTitle={t('simulator.charts.stepAxis')}
        format={(v) => formatDuration(v, lang)}
        axisFormat={(v) => formatCompact(v, lang)}
      />
      <PoolUseChart
        title={t('simulator.charts.poolTitle')}
        source={source}
        filename={`${filePrefix}-utilization`}
        caption={t('simulator.charts.poolCaption')}
        format={pct}
        rows={[
          { label: t('simulator.charts.rolloutUse'), value: shown.gpuUtilization.rollout, kind: 'use' },
          { label: t('simulator.charts.rolloutIdle'), value: shown.idleFraction.rollout, kind: 'idle' },
          { label: t('simulator.charts.trainUse'), value: shown.gpuUtilization.train, kind: 'use' },
          { label: t('simulator.charts.trainIdle'), value: shown.idleFraction.train, kind: 'idle' },
        ]}
      />
      <StackedColumnsChart
        title={t('simulator.charts.costTitle')}
        source={source}
        filename={`${filePrefix}-cost-by-archetype`}
        caption={`${t('simulator.charts.costCaption', { archetype: t(`simulator.option.cost.archetype.${archetype}`) })} ${budgetCaption}`}
        desc={`${costs.columns.map((c, i) => `${archetypeNames[i]}: ${money(fromUsd(c.total, doc.currency))}`).join('; ')}. ${budgetCaption}`}
        columns={costs.columns.map((c, i) => ({
          label: archetypeNames[i],
          parts: c.parts.map((v) => fromUsd(v, doc.currency)),
          highlight: c.archetype === archetype,
        }))}
        reference={budgetLine === null ? null : { value: budgetLine, label: t('simulator.charts.budgetLabel', { line: money(budgetLine) }) }}
        parts={itemNames}
        axisTitle={t('simulator.charts.costAxisIn', { currency: doc.currency.code })}
        colours={costs.items.map((_, i) => i + 4)}
        format={money}
        axisFormat={(v) => formatCompact(v, lang)}
      />
    </div>
  );
}
