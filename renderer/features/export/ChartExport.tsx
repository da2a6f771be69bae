import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { exportChart } from '../../charts/exportChart';
import './export.css';

/**
 * Two small buttons that save the chart next to them as SVG or PNG. Put it beside any
 * chart: `<ChartExport target={svgRef} name="reward-curves" />` (`name` is the file name).
 */
export function ChartExport({ target, name }: { target: RefObject<SVGSVGElement | null>; name: string }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const save = (format: 'svg' | 'png') => {
    const svg = target.current;
    if (!svg) return;
    setProblem(null);
    exportChart(svg, format, name).catch((err: Error) => setProblem(err.message));
  };
  return (
    <span className="chart-export" role="group" aria-label={t('export.chart.menu')}>
      <button type="button" className="btn btn-ghost" onClick={() => save('svg')} title={t('export.chart.svg')} aria-label={t('export.chart.svg')}>
        SVG
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => save('png')} title={t('export.chart.png')} aria-label={t('export.chart.png')}>
        PNG
      </button>
      {problem && (
        <span className="field-error small" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
