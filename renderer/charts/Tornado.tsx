import { memo, useRef } from 'react';
import { intervalsGeometry } from '../../shared/charts/bars';
import { ChartFigure, ChartSvg, XTicks, type ChartProps } from './ChartFigure';
import { truncate } from './RankingBars';

export interface TornadoItem {
  id: string;
  label: string;
  /** Stability interval of the criterion's weight (0…1) and its current weight. */
  from: number;
  to: number;
  weight: number;
  critical?: boolean;
}

/**
 * Weight stability as a tornado: per criterion, the range of its weight over which the
 * winner stays the winner (others rescaled in proportion), with the current weight marked.
 * Rows come sorted by how close the nearest flip is, most critical on top.
 */
export const Tornado = memo(function Tornado({ items, title, filename, desc, width = 620, actions }: ChartProps<TornadoItem>) {
  const ref = useRef<SVGSVGElement>(null);
  const g = intervalsGeometry({
    items: items.map((i) => ({ label: i.label, from: i.from, to: i.to, marker: i.weight })),
    width,
    labelWidth: Math.min(200, width * 0.32),
    tickFormat: (v) => `${Math.round(v * 100)}%`,
  });
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={g.width} height={g.height} className="chart-svg tornado">
        <XTicks ticks={g.ticks} height={g.height} />
        {g.intervals.map((r, i) => {
          const item = items[i];
          return (
            <g key={item.id} className={item.critical ? 'interval critical' : 'interval'}>
              <text className="bar-label" x={g.plotX - 8} y={r.labelY} textAnchor="end" dominantBaseline="middle">
                {truncate(r.label, 24)}
              </text>
              <rect className="range" x={r.fromX} y={r.y} width={Math.max(1, r.toX - r.fromX)} height={r.height} rx={3} />
              <line className="marker" x1={r.markerX} x2={r.markerX} y1={r.y - 3} y2={r.y + r.height + 3} />
              <text className="bound" x={r.fromX - 4} y={r.labelY} textAnchor="end" dominantBaseline="middle">
                {item.from > 0.0005 ? `${(item.from * 100).toFixed(1)}` : ''}
              </text>
              <text className="bound" x={r.toX + 4} y={r.labelY} dominantBaseline="middle">
                {item.to < 0.9995 ? `${(item.to * 100).toFixed(1)}` : ''}
              </text>
            </g>
          );
        })}
      </ChartSvg>
    </ChartFigure>
  );
});
