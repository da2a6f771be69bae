import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { exportChart } from './exportChart';

/**
 * A chart with its title and export buttons (SVG, PNG at 2×). The chart renders its own
 * `<svg>` and hands its ref here; exported files are named after `filename`.
 */
export function ChartFigure({
  title,
  filename,
  svgRef,
  children,
  className = '',
  actions = true,
}: {
  title: string;
  filename: string;
  svgRef: RefObject<SVGSVGElement | null>;
  children: ReactNode;
  className?: string;
  actions?: boolean;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const save = (format: 'svg' | 'png') => {
    const svg = svgRef.current;
    if (!svg) return;
    setError(null);
    exportChart(svg, format, filename).catch((err: Error) => setError(err.message));
  };
  return (
    <figure className={`chart ${className}`} data-chart-bg>
      <figcaption className="chart-head">
        <span className="chart-title">{title}</span>
        {actions && (
          <span className="chart-export">
            <button type="button" className="btn btn-ghost btn-small" onClick={() => save('svg')} aria-label={t('room.chart.export', { title, format: 'SVG' })}>
              SVG
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => save('png')} aria-label={t('room.chart.export', { title, format: 'PNG' })}>
              PNG
            </button>
          </span>
        )}
      </figcaption>
      {children}
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
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  filename: string;
  title: string;
  desc: string;
  width: number;
  height: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <svg ref={svgRef} className={className} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${filename}-t ${filename}-d`}>
      <title id={`${filename}-t`}>{title}</title>
      <desc id={`${filename}-d`}>{desc}</desc>
      {children}
    </svg>
  );
}

/** Vertical grid lines over a plot `height` high, labelled underneath (the ticks of a horizontal axis). */
export function XTicks({ ticks, height }: { ticks: readonly { value: number; x: number; label: string }[]; height: number }) {
  return ticks.map((tk) => (
    <g key={tk.value} className="tick">
      <line x1={tk.x} x2={tk.x} y1={4} y2={height - 20} />
      <text x={tk.x} y={height - 6} textAnchor="middle">
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
