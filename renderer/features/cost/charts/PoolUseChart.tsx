import { seriesColour } from '../../../../shared/charts/colours';
import { useRef } from 'react';
import { ChartFigure, ChartSvg, Lines, XTicks } from '../../../charts/ChartFigure';
import { rowLabels, useChartBox, withFittingTicks } from '../../../charts/measure';
import { barsGeometry } from '../../../../shared/charts/bars';

/**
 * Utilization and idle share of the rollout and training pools, on 0–100 %. Laid out at the
 * measured width of its box, as the room's bar charts are: long row names wrap.
 */
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
  const box = useChartBox(460);
  const labels = rows.map((r) => r.label);
  const values = rows.map((r) => format(r.value));
  const layout = rowLabels(box, labels, box.width);
  const valueWidth = Math.ceil(Math.max(box.measure(format(1)), ...values.map((v) => box.measure(v, 600)))) + 12;
  const geometry = (tickCount: number) =>
    barsGeometry({ items: rows.map((r) => ({ label: r.label, value: r.value })), ...layout.frame, domain: [0, 1], valueWidth, tickFormat: format, tickCount });
  const g = withFittingTicks(box, geometry);
  const desc = rows.map((r, i) => `${r.label}: ${values[i]}`).join('; ');
  return (
    <ChartFigure className="sim-chart" title={title} source={source} filename={filename} svgRef={ref} caption={caption} boxRef={box.ref}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={g.width} height={g.height} className="chart-svg sim-svg">
        <XTicks ticks={g.ticks} height={g.height} axisHeight={g.axisHeight} />
        {g.bars.map((b, i) => (
          <g key={rows[i].label}>
            <Lines lines={layout.lines[i]} full={labels[i]} x={g.plotX - Math.round(box.px * 0.6)} y={b.labelY} lineHeight={box.lineHeight} anchor="end" />
            <rect
              x={b.x}
              y={b.y}
              width={Math.max(0, b.barWidth)}
              height={b.height}
              rx={3}
              style={{ fill: rows[i].kind === 'use' ? seriesColour(0, 'css') : seriesColour(3, 'css') }}
            />
            <text className="bar-value" x={b.valueX} y={b.labelY} dominantBaseline="middle">
              {values[i]}
            </text>
          </g>
        ))}
      </ChartSvg>
    </ChartFigure>
  );
}
