import { memo } from 'react';
import { intervalsGeometry } from '../../shared/charts/bars';
import type { ChartProps, ChartRow } from './ChartFigure';
import { rowLabels, useChartBox } from './measure';
import { RowChart } from './RowChart';

export interface TornadoItem extends ChartRow {
  /** Stability interval of the criterion's weight (0…1) and its current weight. */
  from: number;
  to: number;
  weight: number;
  critical?: boolean;
}

/**
 * Weight stability as a tornado: per criterion, the range of its weight over which the
 * winner stays the winner (others rescaled in proportion), with the current weight marked.
 * Rows come sorted by how close the nearest flip is, most critical on top.
 */
export const Tornado = memo(function Tornado({ width = 620, ...chart }: ChartProps<TornadoItem>) {
  const { items } = chart;
  const box = useChartBox(width);
  const labels = items.map((i) => i.label);
  const rows = rowLabels(box, labels, box.width, (i) => (items[i].critical ? 700 : 400), 0.34);
  // The interval is written after the plot ("2.0–35.5"), where it cannot run into a name or a bar.
  const bounds = items.map((i) => `${(i.from * 100).toFixed(1)}–${(i.to * 100).toFixed(1)}`);
  const valueWidth = Math.ceil(Math.max(box.measure('100%'), ...bounds.map((b) => box.measure(b)))) + Math.round(box.px);
  const g = intervalsGeometry({
    items: items.map((i) => ({ label: i.label, from: i.from, to: i.to, marker: i.weight })),
    ...rows.frame,
    valueWidth,
    tickFormat: (v) => `${Math.round(v * 100)}%`,
  });
  return (
    <RowChart
      {...chart}
      frame={{ box, layout: g, lines: rows.lines }}
      rows={g.intervals}
      className="tornado"
      rowClassName={(item) => (item.critical ? 'interval critical' : 'interval')}
      row={(_, r, i) => (
        <>
          <rect className="range" x={r.fromX} y={r.y} width={Math.max(1, r.toX - r.fromX)} height={r.height} rx={3} />
          <line className="marker" x1={r.markerX} x2={r.markerX} y1={r.y - 3} y2={r.y + r.height + 3} />
          <text className="bound" x={g.plotX + g.plotWidth + Math.round(box.px)} y={r.labelY} dominantBaseline="middle">
            {bounds[i]}
          </text>
        </>
      )}
    />
  );
});
