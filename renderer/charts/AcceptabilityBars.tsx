import { memo } from 'react';
import { stackedGeometry } from '../../shared/charts/bars';
import { Lines, type ChartProps, type ChartRow } from './ChartFigure';
import { legendLayout, rowLabels, useChartBox, withFittingTicks } from './measure';
import { RowChart } from './RowChart';

export interface AcceptabilityItem extends ChartRow {
  /** Share of samples at each rank (index 0 = first), each row sums to 1. */
  ranks: readonly number[];
  /** Monte Carlo standard error of P(first), written as ± after it. */
  error?: number;
}

/** P(first) as written at the end of a bar: "67%", or "67 ± 0.5%" with its standard error (percentage points). */
export function firstRankText(p: number, error?: number): string {
  const pct = Math.round(p * 100);
  return error === undefined ? `${pct}%` : `${pct} ± ${(error * 100).toFixed(1)}%`;
}

/** SMAA rank acceptability: stacked shares of each rank per candidate, with P(first) (± its standard error) written at the end. */
export const AcceptabilityBars = memo(function AcceptabilityBars({
  rankLabel,
  width = 620,
  labelShare = 0.42,
  ...chart
}: ChartProps<AcceptabilityItem> & {
  rankLabel: (rank: number) => string;
  /** Largest share of the width the names may take (they wrap within it). */
  labelShare?: number;
}) {
  const { items } = chart;
  const box = useChartBox(width);
  const rows = rowLabels(
    box,
    items.map((i) => i.label),
    box.width,
    undefined,
    labelShare,
  );
  const g = withFittingTicks(box, (tickCount) =>
    stackedGeometry({
      items: items.map((i) => ({ label: i.label, parts: i.ranks })),
      ...rows.frame,
      valueWidth: Math.ceil(box.measure(items.some((i) => i.error !== undefined) ? firstRankText(1, 0.1) : '100%', 600)) + Math.round(box.px),
      tickFormat: (v) => `${Math.round(v * 100)}%`,
      tickCount,
    }),
  );
  const ranks = items[0]?.ranks.length ?? 0;
  const swatch = Math.round(box.px);
  const legend = legendLayout(
    box,
    Array.from({ length: Math.min(ranks, 5) }, (_, r) => (r === 4 && ranks > 5 ? `${rankLabel(5)}+` : rankLabel(r + 1))),
    g.plotX,
    g.width,
    swatch,
  );
  const legendY = g.height + Math.round(box.px * 0.5);
  return (
    <RowChart
      {...chart}
      frame={{ box, layout: g, lines: rows.lines }}
      rows={g.rows}
      className="acceptability"
      height={legendY + legend.height + 4}
      row={(item, row) => (
        <>
          {row.segments.map((s) => (
            <rect key={s.index} className={`rank rank-${Math.min(s.index, 4)}`} x={s.x} y={row.y} width={s.width} height={row.height} />
          ))}
          <text className="bar-value" x={g.plotX + g.plotWidth + 6} y={row.labelY} dominantBaseline="middle">
            {firstRankText(item.ranks[0] ?? 0, item.error)}
          </text>
        </>
      )}
    >
      {legend.entries.map((e, r) => (
        <g key={r} className="chart-key">
          <rect className={`rank rank-${r}`} x={e.x} y={legendY + e.y + (box.lineHeight - swatch) / 2} width={swatch} height={swatch} />
          <Lines lines={e.lines} x={e.textX} y={legendY + e.y + (e.lines.length * box.lineHeight) / 2} lineHeight={box.lineHeight} />
        </g>
      ))}
    </RowChart>
  );
});
