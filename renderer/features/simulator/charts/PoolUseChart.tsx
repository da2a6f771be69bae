import { seriesColour } from '../../../../shared/charts/colours';
import { useRef } from 'react';
import { ChartFigure, ChartSvg, XTicks } from '../../../charts/ChartFigure';
import { barsGeometry } from '../../../../shared/charts/bars';

/** Utilization and idle share of the rollout and training pools, on 0–100 %. */
export function PoolUseChart({
  title,
  source,
  filename,
  caption,
  rows,
  format,
}: {
  title: string;
  source?: string;
  filename: string;
  caption?: string;
  rows: ReadonlyArray<{ label: string; value: number; kind: 'use' | 'idle' }>;
  format: (v: number) => string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const width = 460;
  const g = barsGeometry({ items: rows.map((r) => ({ label: r.label, value: r.value })), width, domain: [0, 1], labelWidth: 190, tickFormat: format });
  const desc = rows.map((r) => `${r.label}: ${format(r.value)}`).join('; ');
  return (
    <ChartFigure className="sim-chart" title={title} source={source} filename={filename} svgRef={ref} caption={caption}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={g.width} height={g.height} className="chart-svg sim-svg">
        <XTicks ticks={g.ticks} height={g.height} />
        {g.bars.map((b, i) => (
          <g key={rows[i].label}>
            <text x={g.plotX - 8} y={b.labelY} textAnchor="end" dominantBaseline="middle">
              {b.label}
            </text>
            <rect
              x={b.x}
              y={b.y}
              width={Math.max(0, b.barWidth)}
              height={b.height}
              rx={3}
              style={{ fill: rows[i].kind === 'use' ? seriesColour(0, 'css') : seriesColour(3, 'css') }}
            />
            <text className="bar-value" x={b.valueX} y={b.labelY} dominantBaseline="middle">
              {format(b.value)}
            </text>
          </g>
        ))}
      </ChartSvg>
    </ChartFigure>
  );
}
