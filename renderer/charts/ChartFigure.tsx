import { useId, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesColour } from '../../shared/charts/colours';
import { useWorkshop } from '../store/workshop';
import { exportChart } from './exportChart';
import { legendLayout, type ChartBox } from './measure';
import './charts.css';

/** One entry of a legend drawn beside the chart in HTML; its swatch is in the colour of series slot `slot` (a candidate's colour). */
export interface LegendEntry {
  key: string;
  label: string;
  slot: number;
}

/** The colour swatch of series slot `slot` (legends, figures tables): coloured by seriesColour(), as the charts are. */
export function Swatch({ slot }: { slot: number }) {
  return <span className="legend-swatch" style={{ background: seriesColour(slot, 'css') }} data-swatch aria-hidden="true" />;
}

/** A row of a row chart: its key and the name written beside it. */
export interface ChartRow {
  id: string;
  label: string;
}

/** What the row charts take: their rows, the title and description they are read and exported with, a width, and whether the save buttons show. */
export interface ChartProps<Item> {
  items: readonly Item[];
  title: string;
  filename: string;
  desc: string;
  width?: number;
  actions?: boolean;
}

/**
 * The one chart figure of the app (room, robustness, simulator, metrics): title, what it was
 * computed from (`source`), SVG/PNG export, an optional HTML legend and a caption that says how
 * to read it. The chart renders its own `<svg>` and hands its ref here. Exported files carry
 * the title, source and legend, and are named after the workshop, the chart and the date.
 */
export function ChartFigure({
  title,
  svgRef,
  children,
  source,
  caption,
  legend,
  legendLabel,
  className = '',
  actions = true,
  boxRef,
}: {
  title: string;
  /** Kept for the charts' element ids; the exported file is named by workshop, title and date. */
  filename?: string;
  svgRef: RefObject<SVGSVGElement | null>;
  children: ReactNode;
  source?: string;
  caption?: ReactNode;
  legend?: readonly LegendEntry[];
  legendLabel?: string;
  className?: string;
  actions?: boolean;
  /** The measured box the chart fills (`useChartBox`), if the chart lays itself out at its size. */
  boxRef?: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const workshop = useWorkshop((s) => s.doc?.meta.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const save = (format: 'svg' | 'png') => {
    const svg = svgRef.current;
    if (!svg) return;
    setError(null);
    exportChart(svg, format, { workshop, title, subtitle: source }).catch((err: Error) => setError(err.message));
  };
  return (
    <figure className={`chart ${className}`} data-chart-bg aria-labelledby={titleId}>
      <div className="chart-head">
        <span className="chart-title" id={titleId}>
          {title}
        </span>
        {source && <span className="badge">{source}</span>}
        {actions && (
          <span className="chart-export">
            {(['svg', 'png'] as const).map((f) => (
              <button
                key={f}
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => save(f)}
                aria-label={t('chart.export', { title, format: f.toUpperCase() })}
              >
                {f.toUpperCase()}
              </button>
            ))}
          </span>
        )}
      </div>
      <div className="chart-box" ref={boxRef}>
        {children}
      </div>
      {legend && legend.length > 0 && (
        <ul className="chart-key" aria-label={legendLabel}>
          {legend.map((s) => (
            <li key={s.key} data-legend-item>
              <Swatch slot={s.slot} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      {caption && <figcaption className="muted small">{caption}</figcaption>}
      {error && (
        <p className="alert small" role="alert">
          {error}
        </p>
      )}
    </figure>
  );
}

/**
 * A chart's `<svg>` with its accessible name and description (`<title>`, `<desc>`): read by
 * screen readers and kept in an exported SVG file.
 */
export function ChartSvg({
  svgRef,
  filename,
  title,
  desc,
  width,
  height,
  className,
  children,
  interactive = false,
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  filename: string;
  title: string;
  desc: string;
  width: number;
  height: number;
  className: string;
  children: ReactNode;
  /** The chart holds controls (buttons): a named group then, since an image may not contain interactive parts. */
  interactive?: boolean;
}) {
  return (
    <svg
      ref={svgRef}
      className={className}
      viewBox={`0 0 ${width} ${height}`}
      role={interactive ? 'group' : 'img'}
      aria-labelledby={`${filename}-t ${filename}-d`}
    >
      <title id={`${filename}-t`}>{title}</title>
      <desc id={`${filename}-d`}>{desc}</desc>
      {children}
    </svg>
  );
}

/**
 * A label of one or more lines (a wrapped long name), centred vertically on `y`, with the full
 * text as its tooltip.
 */
export function Lines({
  lines,
  full,
  x,
  y,
  lineHeight,
  anchor = 'start',
  className,
}: {
  lines: readonly string[];
  full?: string;
  x: number;
  y: number;
  lineHeight: number;
  anchor?: 'start' | 'middle' | 'end';
  className?: string;
}) {
  const top = y - ((lines.length - 1) * lineHeight) / 2;
  return (
    <g>
      <title>{full ?? lines.join(' ')}</title>
      <text className={className} x={x} y={top} textAnchor={anchor} dominantBaseline="middle">
        {lines.map((l, i) => (
          <tspan key={i} x={x} y={top + i * lineHeight}>
            {l}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** Vertical grid lines over a plot `height` high, labelled underneath (the ticks of a horizontal axis). */
export function XTicks({
  ticks,
  height,
  axisHeight = 22,
}: {
  ticks: readonly { value: number; x: number; label: string }[];
  height: number;
  axisHeight?: number;
}) {
  return ticks.map((tk) => (
    <g key={tk.value} className="tick">
      <line x1={tk.x} x2={tk.x} y1={4} y2={height - axisHeight + 2} />
      <text x={tk.x} y={height - axisHeight / 2} textAnchor="middle" dominantBaseline="middle">
        {tk.label}
      </text>
    </g>
  ));
}

/** Horizontal grid lines across a plot, labelled on its left (the ticks of a vertical axis). */
export function YTicks({ ticks, plot }: { ticks: readonly { value: number; y: number; label: string }[]; plot: { x: number; width: number } }) {
  return ticks.map((tk) => (
    <g key={`y${tk.value}`} className="tick">
      <line x1={plot.x} x2={plot.x + plot.width} y1={tk.y} y2={tk.y} />
      <text x={plot.x - 6} y={tk.y} textAnchor="end" dominantBaseline="middle">
        {tk.label}
      </text>
    </g>
  ));
}

/**
 * An entry of a legend drawn inside a chart's SVG (exported with it): a colour swatch for a
 * series or part, or a line sample for a curve (`line`) or a reference line such as the
 * budget (`dashed`).
 */
export interface SvgLegendEntry {
  key: string;
  label: string;
  /** CSS colour of the swatch or line (`seriesColour(slot, 'css')`, a theme variable). */
  colour: string;
  mark?: 'swatch' | 'line' | 'dashed';
}

/**
 * The legend of `entries` laid out in the chart's font (measure.ts `legendLayout`): left to
 * right from `x0`, wrapping within `width`, long labels on several lines. Its `height` is what
 * the chart reserves for it; draw it with `SvgLegend`.
 */
export function svgLegendLayout(box: ChartBox, entries: readonly SvgLegendEntry[], x0: number, width: number) {
  const swatch = Math.round(box.px * 1.2);
  const layout = legendLayout(
    box,
    entries.map((e) => e.label),
    x0,
    width,
    swatch,
  );
  return { ...layout, swatch, lineHeight: box.lineHeight, items: entries };
}

/** A legend laid out by `svgLegendLayout`, its top at `y`. */
export function SvgLegend({ layout, y }: { layout: ReturnType<typeof svgLegendLayout>; y: number }) {
  const { swatch, lineHeight: lh } = layout;
  return (
    <g className="chart-key">
      {layout.items.map((item, i) => {
        const e = layout.entries[i];
        const top = y + e.y + (lh - swatch) / 2;
        return (
          <g key={item.key}>
            {item.mark === 'line' || item.mark === 'dashed' ? (
              <line
                x1={e.x}
                x2={e.x + swatch}
                y1={top + swatch / 2}
                y2={top + swatch / 2}
                style={{ stroke: item.colour, strokeWidth: 2.5, strokeDasharray: item.mark === 'dashed' ? '5 3' : undefined }}
              />
            ) : (
              <rect x={e.x} y={top} width={swatch} height={swatch} rx={2} style={{ fill: item.colour }} />
            )}
            <Lines lines={e.lines} full={item.label} x={e.textX} y={y + e.y + (e.lines.length * lh) / 2} lineHeight={lh} />
          </g>
        );
      })}
    </g>
  );
}
