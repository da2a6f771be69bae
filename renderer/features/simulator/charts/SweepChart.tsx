import { seriesColour } from '../../../../shared/charts/colours';
import { useRef } from 'react';
import { ChartFigure, ChartSvg, YTicks } from '../../../charts/ChartFigure';
import { linesGeometry } from '../../../../shared/charts/lines';
import { linearTrend } from '../../../../shared/model/simulation';
import { SvgLegend } from './SimFigure';

export interface SweepPanel {
  /** Axis title, with its unit. */
  title: string;
  values: readonly number[];
  format: (v: number) => string;
}

const PANEL_W = 440;
const PANEL_H = 230;

/**
 * Curves of a sweep over rollout length, one panel per output (cost per step, step time),
 * each with the straight line through its first two points: where the curve leaves that line
 * upwards, longer rollouts cost more than proportionally.
 */
export function SweepChart({
  title,
  source,
  filename,
  caption,
  xs,
  xTitle,
  panels,
  legend,
  axisFormat,
}: {
  title: string;
  source?: string;
  filename: string;
  caption?: string;
  xs: readonly number[];
  xTitle: string;
  panels: readonly SweepPanel[];
  legend: readonly [string, string];
  axisFormat: (v: number) => string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const width = PANEL_W * panels.length;
  const height = PANEL_H + 64;
  const desc = panels.map((p) => `${p.title}: ${xs.map((x, i) => `${x} → ${p.format(p.values[i])}`).join(', ')}`).join('. ');
  return (
    <ChartFigure className="sim-chart" title={title} source={source} filename={filename} svgRef={ref} caption={caption}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={width} height={height} className="chart-svg sim-svg">
        {panels.map((p, k) => {
          const trend = linearTrend(xs, p.values);
          // One single-point series per value: its `last` is where the marker goes.
          const series = [
            { id: 'curve', points: xs.map((x, i) => [x, p.values[i]] as const) },
            { id: 'trend', points: xs.map((x, i) => [x, trend[i]] as const) },
            ...xs.map((x, i) => ({ id: `pt${i}`, points: [[x, p.values[i]] as const] })),
          ];
          const g = linesGeometry({ series, width: PANEL_W, height: PANEL_H, tickFormat: axisFormat });
          return (
            <g key={p.title} transform={`translate(${k * PANEL_W}, 18)`} className="sweep-panel">
              <text className="axis-title" x={g.plot.x} y={-4}>
                {p.title}
              </text>
              <YTicks ticks={g.yTicks} plot={g.plot} />
              {g.xTicks.map((tk) => (
                <g key={`x${tk.value}`} className="tick">
                  <text x={tk.x} y={g.plot.y + g.plot.height + 16} textAnchor="middle">
                    {tk.label}
                  </text>
                </g>
              ))}
              <path className="trend" d={g.paths[1].path} style={{ fill: 'none', stroke: 'var(--muted)', strokeWidth: 1.5, strokeDasharray: '5 4' }} />
              <path className="curve" d={g.paths[0].path} style={{ fill: 'none', stroke: seriesColour(0, 'css'), strokeWidth: 2.5 }} />
              {g.paths.slice(2).map((pt, i) =>
                pt.last ? (
                  <circle key={pt.id} cx={pt.last[0]} cy={pt.last[1]} r={3.5} style={{ fill: seriesColour(0, 'css') }}>
                    <title>{`${xs[i]}: ${p.format(p.values[i])}`}</title>
                  </circle>
                ) : null,
              )}
              <text className="axis-title" x={g.plot.x + g.plot.width} y={g.plot.y + g.plot.height + 32} textAnchor="end">
                {xTitle}
              </text>
            </g>
          );
        })}
        <SvgLegend labels={legend} width={width} y={height - 6} colours={[seriesColour(0, 'css'), 'var(--muted)']} />
      </ChartSvg>
    </ChartFigure>
  );
}
