import { useTranslation } from 'react-i18next';
import type { SimResult } from '../../../shared/contract/sim';
import { archetypeCosts, STEP_PARTS, stepBreakdown, type Archetype } from '../../../shared/model/simulation';
import { currentLang } from '../../i18n';
import { PoolUseChart } from './charts/PoolUseChart';
import { StackedColumnsChart } from './charts/StackedColumnsChart';
import { formatCompact, formatDuration, formatPercent, formatUsd } from './format';

/**
 * The result as pictures: where a step's time goes (estimate beside the full simulation),
 * how busy each GPU pool is, and what the same run costs under each archetype.
 */
export function ResultCharts({
  estimate,
  full,
  archetype,
  filePrefix,
}: {
  estimate: SimResult | null;
  full: SimResult | null;
  archetype: Archetype;
  filePrefix: string;
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
        caption={t('simulator.charts.costCaption', { archetype: t(`simulator.option.cost.archetype.${archetype}`) })}
        desc={costs.columns.map((c, i) => `${archetypeNames[i]}: ${formatUsd(c.total, lang)}`).join('; ')}
        columns={costs.columns.map((c, i) => ({ label: archetypeNames[i], parts: c.parts, highlight: c.archetype === archetype }))}
        parts={itemNames}
        axisTitle={t('simulator.charts.costAxis')}
        colours={costs.items.map((_, i) => i + 4)}
        format={(v) => formatUsd(v, lang)}
        axisFormat={(v) => formatCompact(v, lang)}
      />
    </div>
  );
}
