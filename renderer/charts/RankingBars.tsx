import { seriesColour } from '../../shared/charts/colours';
import { memo, useRef } from 'react';
import { barsGeometry } from '../../shared/charts/bars';
import { ChartFigure, ChartSvg, XTicks, type ChartProps } from './ChartFigure';

export interface RankingItem {
  id: string;
  label: string;
  /** Weighted total, 0…1. */
  value: number;
  /** Series colour index (the candidate's, so bars and radar match). */
  colour: number;
  /** Share of the weight with scores, 0…1: below 1 the total is a lower bound. */
  coverage?: number;
}

/** Candidates' weighted totals, best first, on a fixed 0–100 axis (so a drag visibly moves them). */
export const RankingBars = memo(function RankingBars({ items, title, filename, desc, width = 560, actions }: ChartProps<RankingItem>) {
  const ref = useRef<SVGSVGElement>(null);
  const g = barsGeometry({
    items: items.map((i) => ({ label: i.label, value: i.value })),
    width,
    domain: [0, 1],
    labelWidth: Math.min(230, width * 0.38),
    tickFormat: (v) => String(Math.round(v * 100)),
  });
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={g.width} height={g.height} className="chart-svg ranking-bars">
        <XTicks ticks={g.ticks} height={g.height} />
        {g.bars.map((b, i) => {
          const item = items[i];
          return (
            <g key={item.id} className={i === 0 ? 'bar leader' : 'bar'}>
              <text className="bar-label" x={g.plotX - 8} y={b.labelY} textAnchor="end" dominantBaseline="middle">
                {i + 1}. {truncate(b.label, 24)}
              </text>
              <rect x={b.x} y={b.y} width={Math.max(0, b.barWidth)} height={b.height} rx={3} style={{ fill: seriesColour(item.colour, 'css') }} />
              <text className="bar-value" x={b.valueX} y={b.labelY} dominantBaseline="middle">
                {(item.value * 100).toFixed(1)}
                {item.coverage !== undefined && item.coverage < 0.999 ? '*' : ''}
              </text>
            </g>
          );
        })}
      </ChartSvg>
    </ChartFigure>
  );
});

export function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
