import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { exportChart } from './exportChart';

/**
 * A chart with its title and export buttons (SVG, PNG at 2×). The chart renders its own
 * `<svg>` and hands its ref here; exported files are named after `filename`.
 */
export function ChartFigure({ title, filename, svgRef, children, className = '', actions = true }: { title: string; filename: string; svgRef: RefObject<SVGSVGElement | null>; children: ReactNode; className?: string; actions?: boolean }) {
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

/** The CSS colour of series `i` (the theme's --c1…--c10, cycling). */
export const seriesVar = (i: number) => `var(--c${(((i % 10) + 10) % 10) + 1})`;
