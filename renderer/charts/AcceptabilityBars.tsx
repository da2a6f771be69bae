import { memo, useRef } from 'react';
import { stackedGeometry } from '../../shared/charts/bars';
import { ChartFigure } from './ChartFigure';
import { truncate } from './RankingBars';

export interface AcceptabilityItem {
  id: string;
  label: string;
  /** Share of samples at each rank (index 0 = first), each row sums to 1. */
  ranks: readonly number[];
}

/** SMAA rank acceptability: stacked shares of each rank per candidate, with P(first) written at the end. */
export const AcceptabilityBars = memo(function AcceptabilityBars({ items, title, filename, desc, rankLabel, width = 620, actions }: { items: readonly AcceptabilityItem[]; title: string; filename: string; desc: string; rankLabel: (rank: number) => string; width?: number; actions?: boolean }) {
  const ref = useRef<SVGSVGElement>(null);
  const g = stackedGeometry({ items: items.map((i) => ({ label: i.label, parts: i.ranks })), width, labelWidth: Math.min(200, width * 0.32), tickFormat: (v) => `${Math.round(v * 100)}%` });
  const ranks = items[0]?.ranks.length ?? 0;
  const legendY = g.height + 6;
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions}>
      <svg ref={ref} className="chart-svg acceptability" viewBox={`0 0 ${g.width} ${g.height + 28}`} role="img" aria-labelledby={`${filename}-t ${filename}-d`}>
        <title id={`${filename}-t`}>{title}</title>
        <desc id={`${filename}-d`}>{desc}</desc>
        {g.ticks.map((tk) => (
          <g key={tk.value} className="tick">
            <line x1={tk.x} x2={tk.x} y1={4} y2={g.height - 20} />
            <text x={tk.x} y={g.height - 6} textAnchor="middle">
              {tk.label}
            </text>
          </g>
        ))}
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
      </svg>
    </ChartFigure>
  );
});
