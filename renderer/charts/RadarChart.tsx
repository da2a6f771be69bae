import { seriesColour } from '../../shared/charts/colours';
import { memo, useRef } from 'react';
import { radarGeometry } from '../../shared/charts/radar';
import { ChartFigure, ChartSvg } from './ChartFigure';
import { truncate } from './RankingBars';

/** Room left and right of the plot for long axis labels, px. */
const PAD = 36;

export interface RadarSeries {
  id: string;
  label: string;
  /** Per axis, 0…1 (`null` = not scored). */
  values: ReadonlyArray<number | null>;
  colour: number;
  emphasis?: boolean;
}

/**
 * Candidates overlaid across the criteria. The dashed outline is the weight profile
 * (each criterion's weight relative to the largest), so a weight drag moves it too.
 */
export const RadarChart = memo(function RadarChart({
  axes,
  series,
  weights,
  title,
  filename,
  desc,
  weightsLabel,
  size = 460,
  actions,
}: {
  axes: readonly string[];
  series: readonly RadarSeries[];
  weights?: readonly number[];
  title: string;
  filename: string;
  desc: string;
  weightsLabel: string;
  size?: number;
  actions?: boolean;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const maxW = weights ? Math.max(...weights, 1e-9) : 1;
  const withWeights = weights ? [...series, { id: '__weights', label: weightsLabel, values: weights.map((w) => w / maxW), colour: -1 }] : series;
  const g = radarGeometry({ axes, series: withWeights, size, labelMargin: 92 });
  const legendRows = Math.ceil(withWeights.length / 2);
  const height = size + legendRows * 20 + 8;
  // Draw the emphasised (leading) candidate last, on top.
  const order = g.polygons.map((p, i) => i).sort((a, b) => Number(withWeights[a].emphasis ?? false) - Number(withWeights[b].emphasis ?? false));
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={size + 2 * PAD} height={height} className="chart-svg radar">
        <g transform={`translate(${PAD} 0)`}>
          {g.rings.map((r) => (
            <path key={r.level} className="ring" d={r.path} />
          ))}
          {g.axes.map((a, i) => (
            <g key={i}>
              <line className="axis" x1={g.cx} y1={g.cy} x2={a.x} y2={a.y} />
              <text className="axis-label" x={a.labelX} y={a.labelY} textAnchor={a.anchor} dominantBaseline="middle">
                {a.label}
              </text>
            </g>
          ))}
          {order.map((i) => {
            const p = g.polygons[i];
            const s = withWeights[i];
            if (s.id === '__weights') return <path key={p.id} className="weights-outline" d={p.path} />;
            return (
              <path
                key={p.id}
                className={s.emphasis ? 'series leader' : 'series'}
                d={p.path}
                style={{ stroke: seriesColour(s.colour, 'css'), fill: seriesColour(s.colour, 'css') }}
              />
            );
          })}
          {withWeights.map((s, i) => {
            const x = 16 + (i % 2) * (size / 2);
            const y = size + 6 + Math.floor(i / 2) * 20;
            return (
              <g key={s.id} className="legend">
                {s.id === '__weights' ? (
                  <line className="weights-outline" x1={x} x2={x + 18} y1={y + 6} y2={y + 6} />
                ) : (
                  <rect x={x} y={y} width={18} height={12} rx={2} style={{ fill: seriesColour(s.colour, 'css') }} />
                )}
                <text x={x + 24} y={y + 6} dominantBaseline="middle">
                  {truncate(s.label, 28)}
                </text>
              </g>
            );
          })}
        </g>
      </ChartSvg>
    </ChartFigure>
  );
});
