import { extent, line, max, min, scaleBand, scaleLinear, type ScaleLinear } from 'd3';
import { useMemo, useRef, type ReactNode } from 'react';
import { seriesColour } from '../../../shared/charts/colours';
import { ChartFigure, Lines, type LegendEntry } from '../../charts/ChartFigure';
import { useChartBox, wrapLabel, type ChartBox } from '../../charts/measure';
import { lttb } from '../../charts/lttb';

/**
 * Small comparison charts: d3 computes scales and paths, React renders the SVG, laid out at
 * the measured width of their box (the room's `useChartBox`): axis titles inside the chart,
 * above the plot (the value axis) and under it (the x axis), wrapped; tick labels measured.
 * Each series is in its candidate's colour slot (`seriesColour`).
 */
/** Inset of the drawing from the chart's edges, px. */
const PAD = 4;
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

/** Where the plot sits in a chart `box.width` wide: room for the value axis' title above, its ticks on the left, the x ticks and title below. */
interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  yTitle: string[];
  xTitle: string[];
  /** Height of the x tick labels' strip. */
  xTickHeight: number;
}

function frame(
  box: ChartBox,
  { yTitle, xTitle, yTicks, lastXTick, xTickLines = 1 }: { yTitle: string; xTitle?: string; yTicks: string[]; lastXTick: string; xTickLines?: number },
): Frame {
  const width = box.width;
  const lh = box.lineHeight;
  const yLines = wrapLabel(box, yTitle, width - 2 * PAD);
  const xLines = xTitle ? wrapLabel(box, xTitle, width - 2 * PAD) : [];
  const top = yLines.length * lh + Math.round(box.px * 0.8);
  const xTickHeight = xTickLines * lh + 6;
  const bottom = xTickHeight + xLines.length * lh + (xLines.length ? Math.round(box.px * 0.3) : 0) + PAD;
  const left = Math.ceil(PAD + Math.max(0, ...yTicks.map((t) => box.measure(t))) + 8);
  const right = Math.ceil(Math.max(12, box.measure(lastXTick) / 2 + PAD));
  const plotHeight = Math.round(Math.max(150, Math.min(260, width * 0.45)));
  return { width, height: top + plotHeight + bottom, left, right, top, bottom, yTitle: yLines, xTitle: xLines, xTickHeight };
}

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
  const box = useChartBox(480);
  const drawn = useMemo(() => series.map((s) => ({ ...s, points: lttb(s.points, DRAWN_POINTS) })), [series]);
  const all = drawn.flatMap((s) => s.points);
  const [x0, x1] = extent(all, (p) => p[0]) as [number | undefined, number | undefined];
  const yMin = percent ? 0 : Math.min(0, min(all, (p) => p[1]) ?? 0);
  const yMax = percent ? Math.max(1, max(all, (p) => p[1]) ?? 1) : (max(all, (p) => p[1]) ?? 1);
  const fmtY = tickFormat(lang, percent);
  const fmtX = tickFormat(lang);
  const x = scaleLinear().domain([x0 ?? 0, x1 === x0 ? (x1 ?? 0) + 1 : (x1 ?? 1)]);
  const y = scaleLinear()
    .domain([yMin, yMax === yMin ? yMin + 1 : yMax])
    .nice();
  const xTicks = x.ticks(5);
  const f = frame(box, { yTitle: yLabel, xTitle: xLabel, yTicks: y.ticks(5).map(fmtY), lastXTick: fmtX(xTicks[xTicks.length - 1] ?? 0) });
  x.range([f.left, f.width - f.right]);
  y.range([f.height - f.bottom, f.top]);
  const path = line<readonly [number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  return (
    <Plot
      head={{ title, summary, legend: series, noData }}
      points={all.length}
      empty={all.length === 0}
      box={box}
      frame={f}
      y={y}
      fmtY={fmtY}
      xTicks={xTicks.map((v) => (
        <text key={v} x={x(v)} y={f.height - f.bottom + f.xTickHeight / 2} textAnchor="middle" dominantBaseline="middle">
          {fmtX(v)}
        </text>
      ))}
    >
      {drawn.map((s) => (
        <path key={s.key} className="line" style={{ stroke: seriesColour(s.slot, 'css') }} d={path(s.points) ?? ''} />
      ))}
    </Plot>
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

/** Grouped vertical bars: one group per category (e.g. horizon), one bar per candidate; group names wrap under their group. */
export function BarChart({ title, summary, groups, series, lang, percent, yLabel, noData }: BarChartProps) {
  const box = useChartBox(480);
  const values = groups.flatMap((g) => series.map((s) => g.values[s.key]).filter((v): v is number => v !== undefined));
  const y = scaleLinear()
    .domain([0, percent ? Math.max(1, max(values) ?? 1) : (max(values) ?? 1) || 1])
    .nice();
  const fmt = tickFormat(lang, percent);
  const yTicks = y.ticks(5).map(fmt);
  // The groups' width before the frame is known (the left margin is the tick labels'): wrap the names to it.
  const left = PAD + Math.max(0, ...yTicks.map((t) => box.measure(t))) + 8;
  const band = ((box.width - left - 12) / Math.max(1, groups.length)) * 0.8;
  const groupLines = groups.map((g) => wrapLabel(box, g.label, Math.max(box.px * 3, band)));
  const f = frame(box, { yTitle: yLabel, yTicks, lastXTick: '', xTickLines: Math.max(1, ...groupLines.map((l) => l.length)) });
  const x = scaleBand()
    .domain(groups.map((g) => g.key))
    .range([f.left, f.width - f.right])
    .padding(0.2);
  const inner = scaleBand()
    .domain(series.map((s) => s.key))
    .range([0, x.bandwidth()])
    .padding(0.08);
  y.range([f.height - f.bottom, f.top]);
  return (
    <Plot
      head={{ title, summary, legend: series, noData }}
      empty={values.length === 0}
      box={box}
      frame={f}
      y={y}
      fmtY={fmt}
      xTicks={groups.map((g, i) => (
        <Lines
          key={g.key}
          lines={groupLines[i]}
          full={g.label}
          x={(x(g.key) ?? 0) + x.bandwidth() / 2}
          y={f.height - f.bottom + 6 + (groupLines[i].length * box.lineHeight) / 2}
          lineHeight={box.lineHeight}
          anchor="middle"
        />
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
  );
}

/**
 * The house figure (title, SVG/PNG export, legend) around the plot area both metrics charts
 * share: the SVG (labelled for screen readers), a "no data" note when empty, else the value axis' title above the plot, the horizontal grid, the axes
 * with their ticks, the x axis' title under them, and the marks.
 */
function Plot({
  head: { title, summary, legend, noData },
  box,
  frame: f,
  points,
  empty,
  y,
  fmtY,
  xTicks,
  children,
}: {
  /** The figure's title, its one-line summary (the legend's label and the SVG's description), the legend and the empty note. */
  head: { title: string; summary: string; legend: readonly LegendEntry[]; noData: string };
  box: ChartBox;
  frame: Frame;
  /** Points drawn (a line chart's `data-points`). */
  points?: number;
  empty: boolean;
  y: ScaleLinear<number, number>;
  fmtY: (v: number) => string;
  xTicks: ReactNode;
  children: ReactNode;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const lh = box.lineHeight;
  const { width: W, height: H } = f;
  return (
    <ChartFigure className="chart-card" title={title} svgRef={svgRef} legend={legend} legendLabel={summary} boxRef={box.ref}>
      <svg ref={svgRef} className="chart-svg metrics-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}: ${summary}`} data-points={points}>
        {empty ? (
          <text x={W / 2} y={H / 2} textAnchor="middle" className="no-data">
            {noData}
          </text>
        ) : (
          <>
            <g className="grid" aria-hidden="true">
              {y.ticks(5).map((v) => (
                <line key={v} x1={f.left} x2={W - f.right} y1={y(v)} y2={y(v)} />
              ))}
            </g>
            <g className="axis" aria-hidden="true">
              <Lines lines={f.yTitle} x={PAD} y={(f.yTitle.length * lh) / 2} lineHeight={lh} />
              <line x1={f.left} x2={W - f.right} y1={H - f.bottom} y2={H - f.bottom} />
              {xTicks}
              {y.ticks(5).map((v) => (
                <text key={v} x={f.left - 6} y={y(v)} textAnchor="end" dominantBaseline="middle">
                  {fmtY(v)}
                </text>
              ))}
              {f.xTitle.length > 0 && (
                <Lines
                  lines={f.xTitle}
                  x={W - PAD}
                  y={H - f.bottom + f.xTickHeight + Math.round(box.px * 0.3) + (f.xTitle.length * lh) / 2}
                  lineHeight={lh}
                  anchor="end"
                />
              )}
            </g>
            {children}
          </>
        )}
      </svg>
    </ChartFigure>
  );
}
