import { seriesColour } from '../../shared/charts/colours';
import { memo } from 'react';
import { barsGeometry } from '../../shared/charts/bars';
import type { ChartProps, ChartRow } from './ChartFigure';
import { rowLabels, useChartBox } from './measure';
import { RowChart } from './RowChart';

export interface RankingItem extends ChartRow {
  /** Weighted total, 0…1. */
  value: number;
  /** Series colour index (the candidate's, so bars and radar match). */
  colour: number;
  /** Share of the weight with scores, 0…1: below 1 the total is a lower bound. */
  coverage?: number;
}

/**
 * Candidates' weighted totals, best first, on a fixed 0–100 axis (so a drag visibly moves them).
 * Laid out at the measured width of its box: long names wrap, the leader's in bold.
 */
export const RankingBars = memo(function RankingBars({ width = 560, fillHeight, ...chart }: ChartProps<RankingItem> & { fillHeight?: number }) {
  const { items } = chart;
  const box = useChartBox(width);
  const labels = items.map((item, i) => `${i + 1}. ${item.label}`);
  const values = items.map((item) => `${(item.value * 100).toFixed(1)}${item.coverage !== undefined && item.coverage < 0.999 ? '*' : ''}`);
  const rows = rowLabels(box, labels, box.width, (i) => (i === 0 ? 700 : 400));
  // Filling a given height (the projector): the rows grow, never shrink below their text.
  if (fillHeight !== undefined && items.length > 0)
    rows.frame.rowHeight = Math.max(rows.frame.rowHeight, Math.floor((fillHeight - rows.frame.axisHeight) / items.length));
  const valueWidth = Math.ceil(Math.max(box.measure('100'), ...values.map((v) => box.measure(v, 600)))) + 12;
  const g = barsGeometry({
    items: items.map((i, k) => ({ label: labels[k], value: i.value })),
    ...rows.frame,
    domain: [0, 1],
    valueWidth,
    tickFormat: (v) => String(Math.round(v * 100)),
  });
  return (
    <RowChart
      {...chart}
      frame={{ box, layout: g, lines: rows.lines }}
      rows={g.bars}
      full={labels}
      className="ranking-bars"
      rowClassName={(_, i) => (i === 0 ? 'bar leader' : 'bar')}
      row={(item, b, i) => (
        <>
          <rect x={b.x} y={b.y} width={Math.max(0, b.barWidth)} height={b.height} rx={3} style={{ fill: seriesColour(item.colour, 'css') }} />
          <text className="bar-value" x={b.valueX} y={b.labelY} dominantBaseline="middle">
            {values[i]}
          </text>
        </>
      )}
    />
  );
});
