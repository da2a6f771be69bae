import { seriesColour } from '../../../../shared/charts/colours';
import { useRef } from 'react';
import { ChartFigure, ChartSvg, Lines, SvgLegend, svgLegendLayout, YTicks, type SvgLegendEntry } from '../../../charts/ChartFigure';
import { useChartBox, wrapLabel } from '../../../charts/measure';
import { linesGeometry } from '../../../../shared/charts/lines';
import { linearTrend } from '../../../../shared/model/simulation';
import { REFERENCE_COLOUR } from '../../../charts/StackedColumnsChart';

export interface SweepPanel {
  /** Axis title, with its unit. */
  title: string;
  values: readonly number[];
  format: (v: number) => string;
  /** A reference curve across the panel (the budget at each swept value), with its legend label. */
  reference?: { values: readonly number[]; label: string } | null;
}

/** Inset of the drawing from the chart's edges, px. */
const PAD = 4;

/**
 * Curves of a sweep over rollout length, one panel per output (cost, step time), each with
 * the straight line through its first two points: where the curve leaves that line upwards,
 * longer rollouts cost more than proportionally. Laid out at the measured width of its box:
 * the panels side by side where they fit (else one under the other), axis titles inside,
 * wrapped, and one measured legend under them.
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
  const box = useChartBox(880);
  const width = box.width;
  const lh = box.lineHeight;
  // A panel needs room for its ticks and about 20 characters of plot.
  const cols = Math.max(1, Math.min(panels.length, Math.floor(width / (box.px * 24))));
  const panelWidth = width / cols;
  const titleLines = panels.map((p) => wrapLabel(box, p.title, panelWidth - 2 * PAD));
  const titleHeight = Math.max(...titleLines.map((l) => l.length)) * lh + Math.round(box.px * 0.3);
  const xTitleLines = wrapLabel(box, xTitle, panelWidth - 2 * PAD);
  const plotHeight = Math.round(Math.max(140, Math.min(220, panelWidth * 0.5)));
  const geometries = panels.map((p) => {
    const trend = linearTrend(xs, p.values);
    // One single-point series per value: its `last` is where the marker goes.
    const series = [
      { id: 'curve', points: xs.map((x, i) => [x, p.values[i]] as const) },
      { id: 'trend', points: xs.map((x, i) => [x, trend[i]] as const) },
      ...(p.reference ? [{ id: 'reference', points: xs.map((x, i) => [x, p.reference!.values[i]] as const) }] : []),
      ...xs.map((x, i) => ({ id: `pt${i}`, points: [[x, p.values[i]] as const] })),
    ];
    // The tick labels do not depend on the plot's size: measure them, then leave them their room.
    const probe = linesGeometry({ series, width: panelWidth, height: 200, tickFormat: axisFormat });
    const yTick = Math.max(0, ...probe.yTicks.map((t) => box.measure(t.label)));
    const lastX = probe.xTicks.length ? box.measure(probe.xTicks[probe.xTicks.length - 1].label) : 0;
    const margin = {
      top: Math.ceil(box.px * 0.6),
      right: Math.ceil(Math.max(8, lastX / 2 + PAD)),
      bottom: lh + 6,
      left: Math.ceil(PAD + yTick + 8),
    };
    return linesGeometry({ series, width: panelWidth, height: margin.top + plotHeight + margin.bottom, tickFormat: axisFormat, margin });
  });
  const panelHeight = titleHeight + geometries[0].height + xTitleLines.length * lh + Math.round(box.px * 0.4);
  const rows = Math.ceil(panels.length / cols);
  const withReference = panels.find((p) => p.reference);
  const legendEntries: SvgLegendEntry[] = [
    { key: 'curve', label: legend[0], colour: seriesColour(0, 'css'), mark: 'line' },
    { key: 'trend', label: legend[1], colour: 'var(--muted)', mark: 'dashed' },
    ...(withReference?.reference ? [{ key: 'reference', label: withReference.reference.label, colour: REFERENCE_COLOUR, mark: 'dashed' as const }] : []),
  ];
  const legendLayout = svgLegendLayout(box, legendEntries, PAD, width - PAD);
  const legendY = rows * panelHeight + Math.round(box.px * 0.4);
  const height = legendY + legendLayout.height + PAD;
  const desc = panels.map((p) => `${p.title}: ${xs.map((x, i) => `${x} → ${p.format(p.values[i])}`).join(', ')}`).join('. ');
  return (
    <ChartFigure className="sim-chart" title={title} source={source} filename={filename} svgRef={ref} caption={caption} boxRef={box.ref}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={width} height={height} className="chart-svg sim-svg">
        {panels.map((p, k) => {
          const g = geometries[k];
          const x0 = (k % cols) * panelWidth;
          const y0 = Math.floor(k / cols) * panelHeight;
          const curveIndex = 0;
          const trendIndex = 1;
          const referenceIndex = p.reference ? 2 : -1;
          const markers = g.paths.slice(p.reference ? 3 : 2);
          const below = titleHeight + g.plot.y + g.plot.height;
          return (
            <g key={p.title} transform={`translate(${x0}, ${y0})`} className="sweep-panel">
              <Lines className="axis-title" lines={titleLines[k]} x={PAD} y={(titleLines[k].length * lh) / 2} lineHeight={lh} />
              <g transform={`translate(0, ${titleHeight})`}>
                <YTicks ticks={g.yTicks} plot={g.plot} />
                {g.xTicks.map((tk) => (
                  <g key={`x${tk.value}`} className="tick">
                    <text x={tk.x} y={g.plot.y + g.plot.height + 6 + lh / 2} textAnchor="middle" dominantBaseline="middle">
                      {tk.label}
                    </text>
                  </g>
                ))}
                <path
                  className="trend"
                  d={g.paths[trendIndex].path}
                  style={{ fill: 'none', stroke: 'var(--muted)', strokeWidth: 1.5, strokeDasharray: '5 4' }}
                />
                {referenceIndex >= 0 && (
                  <path
                    className="reference-line"
                    data-testid="budget-line"
                    d={g.paths[referenceIndex].path}
                    style={{ fill: 'none', stroke: REFERENCE_COLOUR, strokeWidth: 2, strokeDasharray: '6 3' }}
                  >
                    <title>{p.reference!.label}</title>
                  </path>
                )}
                <path className="curve" d={g.paths[curveIndex].path} style={{ fill: 'none', stroke: seriesColour(0, 'css'), strokeWidth: 2.5 }} />
                {markers.map((pt, i) =>
                  pt.last ? (
                    <circle key={pt.id} cx={pt.last[0]} cy={pt.last[1]} r={3.5} style={{ fill: seriesColour(0, 'css') }}>
                      <title>{`${xs[i]}: ${p.format(p.values[i])}`}</title>
                    </circle>
                  ) : null,
                )}
              </g>
              <Lines
                className="axis-title"
                lines={xTitleLines}
                x={panelWidth - PAD}
                y={below + lh + 6 + Math.round(box.px * 0.2) + (xTitleLines.length * lh) / 2}
                lineHeight={lh}
                anchor="end"
              />
            </g>
          );
        })}
        <SvgLegend layout={legendLayout} y={legendY} />
      </ChartSvg>
    </ChartFigure>
  );
}
