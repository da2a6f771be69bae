import { useTranslation } from 'react-i18next';
import { formatCompact } from '../../shared/format';
import type { Lang } from '../../shared/framework';
import { StackedColumnsChart } from './StackedColumnsChart';

export interface CostBandChartProps {
  title: string;
  /** What the figures come from (the pilot's calibration, an uncalibrated estimate). */
  source: string;
  filename: string;
  /** The projected cost: p10 and p90 of the fit's band, or only `mid` for an estimate without one. */
  cost: { p10: number | null; mid: number; p90: number | null };
  /** The budget for the run (the monthly budget over the run's months), or null without a budget. */
  budget: { line: number; months: number } | null;
  /** The workshop's money, in its currency. */
  money: (v: number) => string;
  lang: Lang;
}

/**
 * One candidate's projected cost of the full-scale run: columns at p10, at the fit and at p90
 * (or the single estimate), against the budget for the run as a dashed line. Step 4's
 * calibration and step 5's cost evidence draw the same chart.
 */
export function CostBandChart({ title, source, filename, cost, budget, money, lang }: CostBandChartProps) {
  const { t } = useTranslation();
  const columns =
    cost.p10 !== null && cost.p90 !== null
      ? [
          { label: t('simulator.costBand.p10'), parts: [cost.p10] },
          { label: t('simulator.costBand.fit'), parts: [cost.mid], highlight: true },
          { label: t('simulator.costBand.p90'), parts: [cost.p90] },
        ]
      : [{ label: t('simulator.costBand.estimate'), parts: [cost.mid], highlight: true }];
  const caption =
    budget === null
      ? t('simulator.costBand.noBudget')
      : t('simulator.costBand.caption', { line: money(budget.line), months: formatCompact(budget.months, lang) });
  return (
    <StackedColumnsChart
      title={title}
      source={source}
      filename={filename}
      caption={caption}
      desc={`${columns.map((col) => `${col.label}: ${money(col.parts[0])}`).join('; ')}. ${caption}`}
      columns={columns}
      parts={[t('simulator.costBand.cost')]}
      format={money}
      axisFormat={(v) => formatCompact(v, lang)}
      // The currency is in the title: an axis title would sit above the top tick label.
      axisTitle=""
      width={360}
      reference={budget === null ? null : { value: budget.line, label: t('simulator.costBand.budget', { line: money(budget.line) }) }}
    />
  );
}
