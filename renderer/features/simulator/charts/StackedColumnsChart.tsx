import { seriesColour } from '../../../../shared/charts/colours';
import { useRef } from 'react';
import { ChartFigure, ChartSvg, YTicks } from '../../../charts/ChartFigure';
import { stackedColumnsGeometry } from '../../../../shared/charts/columns';
import { legendLayout, SvgLegend } from './SimFigure';

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
  width?: number;
  /** A line across the columns (the budget), with its label. */
  reference?: { value: number; label: string } | null;
}

/** Columns side by side, each a stack of parts (step time split, cost split per archetype). */
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
  width = 460,
  reference = null,
}: StackedColumnsProps) {
  const ref = useRef<SVGSVGElement>(null);
  const plotHeight = 230;
  const legend = legendLayout(parts, width);
  const height = plotHeight + 14 + legend.rows * 18;
  const g = stackedColumnsGeometry({ columns, width, height: plotHeight, tickFormat: axisFormat, reference: reference?.value ?? null });
  const fill = parts.map((_, i) => seriesColour(colours?.[i] ?? i, 'css'));
  return (
    <ChartFigure className="sim-chart" title={title} source={source} filename={filename} svgRef={ref} caption={caption}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={width} height={height} className="chart-svg sim-svg">
        <text className="axis-title" x={4} y={8}>
          {axisTitle}
        </text>
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
            <text className="column-label" x={c.centreX} y={g.plot.y + g.plot.height + 16} textAnchor="middle">
              {c.label}
            </text>
          </g>
        ))}
        {reference && g.referenceY !== null && (
          <g className="reference-line" data-testid="budget-line">
            <line
              x1={g.plot.x}
              x2={g.plot.x + g.plot.width}
              y1={g.referenceY}
              y2={g.referenceY}
              stroke="var(--danger, #c53030)"
              strokeWidth={2}
              strokeDasharray="6 3"
            />
            <text x={g.plot.x + g.plot.width} y={g.referenceY - 4} textAnchor="end" className="reference-label">
              {reference.label}
            </text>
          </g>
        )}
        <SvgLegend labels={parts} width={width} y={plotHeight + 14} colours={fill} />
      </ChartSvg>
    </ChartFigure>
  );
}
