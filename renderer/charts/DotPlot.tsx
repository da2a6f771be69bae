import { useRef } from 'react';
import { dotPlot } from '../../shared/charts/dotplot';
import { ChartFigure, ChartSvg, XTicks } from './ChartFigure';
import { useChartBox } from './measure';

/**
 * One cell's scores as a dot plot (shared/charts/dotplot): a dot per score on the scale's axis,
 * equal scores stacked, the group's median as a line. It lays itself out at its box's width and
 * font, so on the projector the dots and ticks grow with the room's text size.
 */
export function DotPlot({
  values,
  scale,
  median,
  title,
  filename,
  desc,
  caption,
  width = 560,
  actions = true,
  tickLabel,
}: {
  values: readonly number[];
  scale: { min: number; max: number };
  median: number | null;
  title: string;
  filename: string;
  desc: string;
  caption?: string;
  /** Width before the box is measured (the chart then fills its box). */
  width?: number;
  actions?: boolean;
  /** How an axis value reads (default: the number). */
  tickLabel?: (value: number) => string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const box = useChartBox(width);
  const r = Math.max(6, Math.round(box.px * 0.75));
  const layout = dotPlot(values, scale, { width: box.width, r, axisHeight: box.lineHeight + 8, median, tickLabel });
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions} boxRef={box.ref} caption={caption} className="dot-plot">
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={layout.width} height={layout.height} className="chart-svg dot-plot-svg">
        <XTicks ticks={layout.ticks} height={layout.height} axisHeight={layout.axisHeight} />
        <line className="dot-axis" x1={layout.plotX} x2={layout.plotX + layout.plotWidth} y1={layout.axisY} y2={layout.axisY} />
        {layout.dots.map((d, i) => (
          <circle key={i} className="dot" data-value={d.value} cx={d.x} cy={d.y} r={layout.r - 1} />
        ))}
        {/* The median over the dots, so a stack on it does not hide it. */}
        {layout.medianX !== null && <line className="dot-median" x1={layout.medianX} x2={layout.medianX} y1={2} y2={layout.axisY} />}
      </ChartSvg>
    </ChartFigure>
  );
}
