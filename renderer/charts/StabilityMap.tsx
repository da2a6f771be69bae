import { memo, useRef } from 'react';
import { seriesColour } from '../../shared/charts/colours';
import { stabilityMapGeometry } from '../../shared/charts/stability-map';
import { ChartFigure, ChartSvg, type LegendEntry } from './ChartFigure';

/**
 * The two-dimension stability map: which candidate wins over the plane of two criteria's
 * weights (the others rescaled in proportion), each candidate in its colour slot, the team's
 * current weights marked.
 */
export const StabilityMap = memo(function StabilityMap({
  winners,
  resolution,
  current,
  slots,
  legend,
  xLabel,
  yLabel,
  title,
  filename,
  desc,
  width = 480,
}: {
  winners: ReadonlyArray<ReadonlyArray<number | null>>;
  resolution: number;
  current: readonly [number, number];
  /** Colour slot of each candidate (by index). */
  slots: readonly number[];
  legend: readonly LegendEntry[];
  xLabel: string;
  yLabel: string;
  title: string;
  filename: string;
  desc: string;
  width?: number;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const g = stabilityMapGeometry({ winners, resolution, current, width });
  const { plot } = g;
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} legend={legend}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={g.width} height={g.height} className="chart-svg stability-map">
        {g.cells.map((c) => (
          <rect
            key={`${c.i}-${c.j}`}
            className="cell"
            x={c.x}
            y={c.y}
            width={c.width + 0.3}
            height={c.height + 0.3}
            style={{ fill: seriesColour(slots[c.winner] ?? c.winner, 'css') }}
          />
        ))}
        <line className="axis" x1={plot.x} x2={plot.x + plot.size} y1={plot.y + plot.size} y2={plot.y + plot.size} />
        <line className="axis" x1={plot.x} x2={plot.x} y1={plot.y} y2={plot.y + plot.size} />
        {g.xTicks.map((tk) => (
          <text key={`x${tk.value}`} className="tick-label" x={tk.x} y={plot.y + plot.size + 16} textAnchor="middle">
            {tk.label}
          </text>
        ))}
        {g.yTicks.map((tk) => (
          <text key={`y${tk.value}`} className="tick-label" x={plot.x - 6} y={tk.y} textAnchor="end" dominantBaseline="middle">
            {tk.label}
          </text>
        ))}
        <text className="axis-label" x={plot.x + plot.size / 2} y={plot.y + plot.size + 34} textAnchor="middle">
          {xLabel}
        </text>
        <text className="axis-label" x={12} y={plot.y + plot.size / 2} textAnchor="middle" transform={`rotate(-90 12 ${plot.y + plot.size / 2})`}>
          {yLabel}
        </text>
        <circle className="current" cx={g.current.x} cy={g.current.y} r={6} />
        <circle className="current-dot" cx={g.current.x} cy={g.current.y} r={2} />
      </ChartSvg>
    </ChartFigure>
  );
});
