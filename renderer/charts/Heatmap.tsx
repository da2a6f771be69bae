import { memo, useRef, type KeyboardEvent } from 'react';
import { heatmapGeometry } from '../../shared/charts/heatmap';
import { ChartFigure, ChartSvg, Lines } from './ChartFigure';
import { useChartBox, wrapLabel } from './measure';

/**
 * The disagreement heatmap: criteria × candidates, the colour is how much the participants
 * disagree on the cell, the number is the group score. Dark cells are where to talk.
 */
export const Heatmap = memo(function Heatmap({
  rows,
  cols,
  intensity,
  labels,
  title,
  filename,
  desc,
  legend,
  width = 640,
  actions,
  onCell,
  cellName,
}: {
  rows: readonly string[];
  cols: readonly string[];
  intensity: ReadonlyArray<ReadonlyArray<number | null>>;
  labels: ReadonlyArray<ReadonlyArray<string>>;
  title: string;
  filename: string;
  desc: string;
  legend: [string, string];
  width?: number;
  actions?: boolean;
  /** Opens a cell (row, column): cells with data become buttons (click, Enter or Space). */
  onCell?: (row: number, col: number) => void;
  /** The accessible name of a cell's button. */
  cellName?: (row: number, col: number) => string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const box = useChartBox(width);
  const lh = box.lineHeight;
  const gap = Math.round(box.px * 0.6);
  // Row names wrap within a third of the width, column names within their column.
  const natural = rows.reduce((w, r) => Math.max(w, box.measure(r)), 0);
  const rowText = Math.max(box.px * 5, Math.min(Math.ceil(natural) + 1, box.width * 0.3));
  const rowLines = rows.map((r) => wrapLabel(box, r, rowText));
  const colWidth = (box.width - rowText - gap - 4) / Math.max(1, cols.length);
  const colLines = cols.map((c) => wrapLabel(box, c, Math.max(box.px * 3, colWidth - gap), 600));
  const colLabelHeight = Math.max(...colLines.map((l) => l.length), 1) * lh + gap;
  const cellHeight = Math.max(Math.round(box.px * 2.4), Math.max(...rowLines.map((l) => l.length), 1) * lh + gap);
  const g = heatmapGeometry({ rows, cols, intensity, width: box.width, rowLabelWidth: rowText + gap, colLabelHeight, cellHeight });
  // Legend: "agree ■■■■■ disagree" under the grid, its first word ending at the row names' edge.
  const swatch = Math.round(box.px * 1.8);
  const first = box.measure(legend[0]);
  const legendX = Math.max(0, rowText - first);
  const scaleX = legendX + first + gap;
  const legendY = g.height + gap;
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions} boxRef={box.ref}>
      <ChartSvg
        svgRef={ref}
        filename={filename}
        title={title}
        desc={desc}
        width={g.width}
        height={legendY + lh + 4}
        className="chart-svg heatmap"
        interactive={!!onCell}
      >
        {g.colLabels.map((l, i) => (
          <Lines key={i} className="col-label" lines={colLines[i]} full={l.label} x={l.x} y={(colLabelHeight - gap) / 2} lineHeight={lh} anchor="middle" />
        ))}
        {g.rowLabels.map((l, i) => (
          <Lines key={i} className="bar-label" lines={rowLines[i]} full={l.label} x={l.x} y={l.y} lineHeight={lh} anchor="end" />
        ))}
        {g.cells.map((c) => (
          <g
            key={`${c.row}-${c.col}`}
            {...(onCell && c.band !== null
              ? {
                  role: 'button',
                  tabIndex: 0,
                  className: 'cell-button',
                  // The name carries the cell's visible figure too (a control's name contains its visible text).
                  'aria-label': [cellName?.(c.row, c.col), labels[c.row]?.[c.col]].filter(Boolean).join(': '),
                  'data-testid': 'heatmap-cell',
                  onClick: () => onCell(c.row, c.col),
                  onKeyDown: (e: KeyboardEvent) => {
                    if (e.key !== 'Enter' && e.key !== ' ') return;
                    e.preventDefault();
                    onCell(c.row, c.col);
                  },
                }
              : {})}
          >
            <rect className={c.band === null ? 'cell empty' : `cell heat-${c.band}`} x={c.x} y={c.y} width={c.width} height={c.height} rx={3} />
            <text
              className={c.band !== null && c.band >= 3 ? 'cell-text on-dark' : 'cell-text'}
              x={c.x + c.width / 2}
              y={c.y + c.height / 2}
              textAnchor="middle"
              dominantBaseline="middle"
            >
              {labels[c.row]?.[c.col] ?? ''}
            </text>
          </g>
        ))}
        <g className="chart-key">
          <text x={legendX} y={legendY + lh / 2} dominantBaseline="middle">
            {legend[0]}
          </text>
          {[0, 1, 2, 3, 4].map((b) => (
            <rect key={b} className={`cell heat-${b}`} x={scaleX + b * (swatch + 2)} y={legendY + (lh - box.px) / 2} width={swatch} height={box.px} />
          ))}
          <text x={scaleX + 5 * (swatch + 2) + gap} y={legendY + lh / 2} dominantBaseline="middle">
            {legend[1]}
          </text>
        </g>
      </ChartSvg>
    </ChartFigure>
  );
});
