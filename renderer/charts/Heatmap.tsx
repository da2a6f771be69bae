import { memo, useRef } from 'react';
import { heatmapGeometry } from '../../shared/charts/heatmap';
import { ChartFigure, ChartSvg } from './ChartFigure';
import { truncate } from './RankingBars';

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
}) {
  const ref = useRef<SVGSVGElement>(null);
  const g = heatmapGeometry({
    rows: rows.map((r) => truncate(r, 22)),
    cols: cols.map((c) => truncate(c, Math.max(6, Math.floor(60 / Math.max(1, cols.length))))),
    intensity,
    width,
    rowLabelWidth: Math.min(180, width * 0.3),
  });
  const legendY = g.height + 6;
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={g.width} height={g.height + 26} className="chart-svg heatmap">
        {g.colLabels.map((l, i) => (
          <text key={i} className="col-label" x={l.x} y={l.y} textAnchor="middle">
            {l.label}
          </text>
        ))}
        {g.rowLabels.map((l, i) => (
          <text key={i} className="bar-label" x={l.x} y={l.y} textAnchor="end" dominantBaseline="middle">
            {l.label}
          </text>
        ))}
        {g.cells.map((c) => (
          <g key={`${c.row}-${c.col}`}>
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
        <g className="legend">
          <text x={g.rowLabels[0]?.x ?? 0} y={legendY + 7} textAnchor="end" dominantBaseline="middle">
            {legend[0]}
          </text>
          {[0, 1, 2, 3, 4].map((b) => (
            <rect key={b} className={`cell heat-${b}`} x={(g.rowLabels[0]?.x ?? 0) + 8 + b * 26} y={legendY} width={24} height={14} />
          ))}
          <text x={(g.rowLabels[0]?.x ?? 0) + 8 + 5 * 26 + 4} y={legendY + 7} dominantBaseline="middle">
            {legend[1]}
          </text>
        </g>
      </ChartSvg>
    </ChartFigure>
  );
});
