import { memo, useRef } from 'react';
import { stackedGeometry } from '../../shared/charts/bars';
import { ChartFigure, ChartSvg, XTicks, type ChartProps } from './ChartFigure';
import { truncate } from './RankingBars';

export interface AcceptabilityItem {
  id: string;
  label: string;
  /** Share of samples at each rank (index 0 = first), each row sums to 1. */
  ranks: readonly number[];
}

/** SMAA rank acceptability: stacked shares of each rank per candidate, with P(first) written at the end. */
export const AcceptabilityBars = memo(function AcceptabilityBars({
  items,
  title,
  filename,
  desc,
  rankLabel,
  width = 620,
  actions,
}: ChartProps<AcceptabilityItem> & { rankLabel: (rank: number) => string }) {
  const ref = useRef<SVGSVGElement>(null);
  const g = stackedGeometry({
    items: items.map((i) => ({ label: i.label, parts: i.ranks })),
    width,
    labelWidth: Math.min(200, width * 0.32),
    tickFormat: (v) => `${Math.round(v * 100)}%`,
  });
  const ranks = items[0]?.ranks.length ?? 0;
  const legendY = g.height + 6;
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={g.width} height={g.height + 28} className="chart-svg acceptability">
        <XTicks ticks={g.ticks} height={g.height} />
        {g.rows.map((row, i) => (
          <g key={items[i].id}>
            <text className="bar-label" x={g.plotX - 8} y={row.labelY} textAnchor="end" dominantBaseline="middle">
              {truncate(row.label, 24)}
            </text>
            {row.segments.map((s) => (
              <rect key={s.index} className={`rank rank-${Math.min(s.index, 4)}`} x={s.x} y={row.y} width={s.width} height={row.height} />
            ))}
            <text className="bar-value" x={g.plotX + g.plotWidth + 6} y={row.labelY} dominantBaseline="middle">
              {Math.round((items[i].ranks[0] ?? 0) * 100)}%
            </text>
          </g>
        ))}
        {Array.from({ length: Math.min(ranks, 5) }, (_, r) => (
          <g key={r} className="legend">
            <rect className={`rank rank-${r}`} x={g.plotX + r * 92} y={legendY} width={14} height={12} />
            <text x={g.plotX + r * 92 + 18} y={legendY + 6} dominantBaseline="middle">
              {r === 4 && ranks > 5 ? `${rankLabel(5)}+` : rankLabel(r + 1)}
            </text>
          </g>
        ))}
      </ChartSvg>
    </ChartFigure>
  );
});
