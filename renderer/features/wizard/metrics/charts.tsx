import { extent, line, max, min, scaleBand, scaleLinear, type ScaleLinear } from 'd3';
import { useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { seriesColour } from '../../../../shared/charts/colours';
import { ChartFigure, type LegendEntry } from '../../../charts/ChartFigure';
import { lttb } from './lttb';

/**
 * Small comparison charts: d3 computes scales and paths, React renders the SVG.
 * Each series is in its candidate's colour slot (`seriesColour`).
 */
const W = 480;
const H = 250;
const M = { top: 12, right: 14, bottom: 34, left: 52 };
/** Points drawn per line: about one per two pixels of plot width. */
const DRAWN_POINTS = 220;

/** One line: a legend entry (key, label, the candidate's colour slot) and its points. */
export interface LineSeries extends LegendEntry {
  points: [number, number][];
}

const tickFormat = (lang: string, percent?: boolean) => {
  const f = new Intl.NumberFormat(lang, percent ? { style: 'percent', maximumFractionDigits: 0 } : { notation: 'compact', maximumFractionDigits: 2 });
  return (v: number) => f.format(v);
};

interface LineChartProps {
  title: string;
  summary: string;
  series: LineSeries[];
  xLabel: string;
  yLabel: string;
  lang: string;
  percent?: boolean;
  noData: string;
}

export function LineChart({ title, summary, series, xLabel, yLabel, lang, percent, noData }: LineChartProps) {
  const ref = useRef<SVGSVGElement>(null);
  const drawn = useMemo(() => series.map((s) => ({ ...s, points: lttb(s.points, DRAWN_POINTS) })), [series]);
  const all = drawn.flatMap((s) => s.points);
  const [x0, x1] = extent(all, (p) => p[0]) as [number | undefined, number | undefined];
  const yMin = percent ? 0 : Math.min(0, min(all, (p) => p[1]) ?? 0);
  const yMax = percent ? Math.max(1, max(all, (p) => p[1]) ?? 1) : (max(all, (p) => p[1]) ?? 1);
  const x = scaleLinear()
    .domain([x0 ?? 0, x1 === x0 ? (x1 ?? 0) + 1 : (x1 ?? 1)])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([yMin, yMax === yMin ? yMin + 1 : yMax])
    .nice()
    .range([H - M.bottom, M.top]);
  const path = line<readonly [number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  const fmtY = tickFormat(lang, percent);
  const fmtX = tickFormat(lang);
  return (
    <Figure title={title} summary={summary} legend={series} svgRef={ref}>
      <Plot
        svgRef={ref}
        label={`${title}: ${summary}`}
        points={all.length}
        empty={all.length === 0}
        noData={noData}
        y={y}
        fmtY={fmtY}
        xLabel={xLabel}
        yLabel={yLabel}
        xTicks={x.ticks(5).map((v) => (
          <text key={v} x={x(v)} y={H - M.bottom + 14} textAnchor="middle">
            {fmtX(v)}
          </text>
        ))}
      >
        {drawn.map((s) => (
          <path key={s.key} className="line" style={{ stroke: seriesColour(s.slot, 'css') }} d={path(s.points) ?? ''} />
        ))}
      </Plot>
    </Figure>
  );
}

export interface BarGroup {
  key: string;
  label: string;
  /** One value per series key (missing = no bar). */
  values: Record<string, number | undefined>;
}

interface BarChartProps {
  title: string;
  summary: string;
  groups: BarGroup[];
  series: LegendEntry[];
  lang: string;
  percent?: boolean;
  yLabel: string;
  noData: string;
}

/** Grouped vertical bars: one group per category (e.g. horizon), one bar per candidate. */
export function BarChart({ title, summary, groups, series, lang, percent, yLabel, noData }: BarChartProps) {
  const ref = useRef<SVGSVGElement>(null);
  const values = groups.flatMap((g) => series.map((s) => g.values[s.key]).filter((v): v is number => v !== undefined));
  const x = scaleBand()
    .domain(groups.map((g) => g.key))
    .range([M.left, W - M.right])
    .padding(0.2);
  const inner = scaleBand()
    .domain(series.map((s) => s.key))
    .range([0, x.bandwidth()])
    .padding(0.08);
  const y = scaleLinear()
    .domain([0, percent ? Math.max(1, max(values) ?? 1) : (max(values) ?? 1) || 1])
    .nice()
    .range([H - M.bottom, M.top]);
  const fmt = tickFormat(lang, percent);
  return (
    <Figure title={title} summary={summary} legend={series} svgRef={ref}>
      <Plot
        svgRef={ref}
        label={`${title}: ${summary}`}
        empty={values.length === 0}
        noData={noData}
        y={y}
        fmtY={fmt}
        yLabel={yLabel}
        xTicks={groups.map((g) => (
          <text key={g.key} x={(x(g.key) ?? 0) + x.bandwidth() / 2} y={H - M.bottom + 14} textAnchor="middle">
            {g.label}
          </text>
        ))}
      >
        {groups.map((g) =>
          series.map((s) => {
            const v = g.values[s.key];
            if (v === undefined) return null;
            return (
              <rect
                key={`${g.key}-${s.key}`}
                style={{ fill: seriesColour(s.slot, 'css') }}
                x={(x(g.key) ?? 0) + (inner(s.key) ?? 0)}
                width={inner.bandwidth()}
                y={y(v)}
                height={Math.max(0, y(0) - y(v))}
              >
                <title>{`${g.label} · ${s.label}: ${fmt(v)}`}</title>
              </rect>
            );
          }),
        )}
      </Plot>
    </Figure>
  );
}

/** The house figure (title, SVG/PNG export, legend) around a metrics chart. */
function Figure({
  title,
  summary,
  legend,
  svgRef,
  children,
}: {
  title: string;
  summary: string;
  legend: readonly LegendEntry[];
  svgRef: RefObject<SVGSVGElement | null>;
  children: ReactNode;
}) {
  return (
    <ChartFigure className="chart-card" title={title} svgRef={svgRef} legend={legend} legendLabel={summary}>
      {children}
    </ChartFigure>
  );
}

/**
 * The plot area both metrics charts share: the SVG (labelled for screen readers), a "no data"
 * note when empty, else the horizontal grid, the axes with their ticks and labels, and the marks.
 */
function Plot({
  svgRef,
  label,
  points,
  empty,
  noData,
  y,
  fmtY,
  xTicks,
  xLabel,
  yLabel,
  children,
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  label: string;
  /** Points drawn (a line chart's `data-points`). */
  points?: number;
  empty: boolean;
  noData: string;
  y: ScaleLinear<number, number>;
  fmtY: (v: number) => string;
  xTicks: ReactNode;
  xLabel?: string;
  yLabel: string;
  children: ReactNode;
}) {
  return (
    <svg ref={svgRef} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-points={points}>
      {empty ? (
        <text x={W / 2} y={H / 2} textAnchor="middle" className="no-data">
          {noData}
        </text>
      ) : (
        <>
          <g className="grid" aria-hidden="true">
            {y.ticks(5).map((v) => (
              <line key={v} x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} />
            ))}
          </g>
          <g className="axis" aria-hidden="true">
            <line x1={M.left} x2={W - M.right} y1={H - M.bottom} y2={H - M.bottom} />
            {xTicks}
            {y.ticks(5).map((v) => (
              <text key={v} x={M.left - 6} y={y(v) + 3} textAnchor="end">
                {fmtY(v)}
              </text>
            ))}
            {xLabel && (
              <text x={(M.left + W - M.right) / 2} y={H - 4} textAnchor="middle">
                {xLabel}
              </text>
            )}
            <text transform={`translate(12 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">
              {yLabel}
            </text>
          </g>
          {children}
        </>
      )}
    </svg>
  );
}
