import { seriesColour } from '../../shared/charts/colours';
import { useRef } from 'react';
import { ChartFigure, ChartSvg, Lines, SvgLegend, svgLegendLayout, YTicks, type SvgLegendEntry } from './ChartFigure';
import { useChartBox, wrapLabel } from './measure';
import { stackedColumnsGeometry } from '../../shared/charts/columns';

export interface StackedColumnsProps {
  title: string;
  /** What the figures come from (estimate / full simulation). */
  source?: string;
  filename: string;
  caption?: string;
  /** Accessible summary of the numbers. */
  desc: string;
  columns: ReadonlyArray<{ label: string; parts: readonly number[]; highlight?: boolean }>;
  parts: readonly string[];
  /** Colour index per part (so a part keeps its colour across charts). */
  colours?: readonly number[];
  format: (v: number) => string;
  axisFormat: (v: number) => string;
  /** What the value axis counts, with its unit. */
  axisTitle: string;
  /** Width before the box is measured, px. */
  width?: number;
  /** A line across the columns (the budget), with its label (shown in the legend). */
  reference?: { value: number; label: string } | null;
}

/** Inset of the drawing from the chart's edges, px (an exported image keeps its text off the edge). */
const PAD = 4;
/** The budget line's colour (the theme's danger colour). */
export const REFERENCE_COLOUR = 'var(--danger, #c53030)';

/**
 * Columns side by side, each a stack of parts (step time split, cost split per archetype).
 * Laid out at the measured width of its box: the axis title above the plot, column labels
 * wrapped under their columns, the legend (parts, and the reference line) measured below.
 */
export function StackedColumnsChart({
  title,
  source,
  filename,
  caption,
  desc,
  columns,
  parts,
  colours,
  format,
  axisFormat,
  axisTitle,
  width: fallbackWidth = 460,
  reference = null,
}: StackedColumnsProps) {
  const ref = useRef<SVGSVGElement>(null);
  const box = useChartBox(fallbackWidth);
  const width = box.width;
  const lh = box.lineHeight;
  const fill = parts.map((_, i) => seriesColour(colours?.[i] ?? i, 'css'));
  const titleLines = wrapLabel(box, axisTitle, width - 2 * PAD);
  const titleHeight = titleLines.length * lh + Math.round(box.px * 0.3);
  // The tick labels do not depend on the plot's size: measure them first, then size the axis.
  const input = { columns, tickFormat: axisFormat, reference: reference?.value ?? null };
  const probe = stackedColumnsGeometry({ ...input, width, height: 200 });
  const tickWidth = Math.ceil(Math.max(0, ...probe.yTicks.map((t) => box.measure(t.label))));
  const axisWidth = PAD + tickWidth + 8;
  const band = (width - axisWidth - 8) / Math.max(1, columns.length);
  const labelLines = columns.map((c) => wrapLabel(box, c.label, Math.max(box.px * 3, band - 6), c.highlight ? 700 : 400));
  const bottom = Math.max(...labelLines.map((l) => l.length), 1) * lh + Math.round(box.px * 0.6);
  const top = lh + 4;
  const plotHeight = Math.round(Math.max(140, Math.min(230, width * 0.45)));
  const g = stackedColumnsGeometry({ ...input, width, height: top + plotHeight + bottom, axisWidth, top, bottom });
  const legendEntries: SvgLegendEntry[] = [
    ...parts.map((p, i) => ({ key: `part${i}`, label: p, colour: fill[i] })),
    ...(reference ? [{ key: 'reference', label: reference.label, colour: REFERENCE_COLOUR, mark: 'dashed' as const }] : []),
  ];
  const legend = svgLegendLayout(box, legendEntries, PAD, width - PAD);
  const legendY = titleHeight + g.height + Math.round(box.px * 0.6);
  const height = legendY + legend.height + PAD;
  return (
    <ChartFigure className="sim-chart" title={title} source={source} filename={filename} svgRef={ref} caption={caption} boxRef={box.ref}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={width} height={height} className="chart-svg sim-svg">
        <Lines className="axis-title" lines={titleLines} x={PAD} y={(titleLines.length * lh) / 2} lineHeight={lh} />
        <g transform={`translate(0, ${titleHeight})`}>
          <YTicks ticks={g.yTicks} plot={g.plot} />
          {g.columns.map((c, ci) => (
            <g key={c.label} className={columns[ci].highlight ? 'column highlight' : 'column'}>
              {c.segments.map((s) =>
                s.height > 0 ? (
                  <rect key={s.index} x={c.x} y={s.y} width={c.width} height={s.height} style={{ fill: fill[s.index] }}>
                    <title>{`${parts[s.index]}: ${format(s.value)}`}</title>
                  </rect>
                ) : null,
              )}
              <text className="column-total" x={c.centreX} y={c.topY - 5} textAnchor="middle">
                {format(c.total)}
              </text>
              <Lines
                className="column-label"
                lines={labelLines[ci]}
                full={c.label}
                x={c.centreX}
                y={g.plot.y + g.plot.height + 6 + (labelLines[ci].length * lh) / 2}
                lineHeight={lh}
                anchor="middle"
              />
            </g>
          ))}
          {reference && g.referenceY !== null && (
            <line
              className="reference-line"
              data-testid="budget-line"
              x1={g.plot.x}
              x2={g.plot.x + g.plot.width}
              y1={g.referenceY}
              y2={g.referenceY}
              style={{ stroke: REFERENCE_COLOUR, strokeWidth: 2, strokeDasharray: '6 3' }}
            >
              <title>{reference.label}</title>
            </line>
          )}
        </g>
        <SvgLegend layout={legend} y={legendY} />
      </ChartSvg>
    </ChartFigure>
  );
}
