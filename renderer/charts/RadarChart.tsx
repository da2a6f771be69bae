import { seriesColour } from '../../shared/charts/colours';
import { memo, useRef } from 'react';
import { fitRadar, radarGeometry, radarLabelBox } from '../../shared/charts/radar';
import { ChartFigure, ChartSvg, Lines } from './ChartFigure';
import { legendLayout, useChartBox, wrapLabel } from './measure';

/** Left margin of the legend, px. */
const PAD = 8;

export interface RadarSeries {
  id: string;
  label: string;
  /** Per axis, 0…1 (`null` = not scored). */
  values: ReadonlyArray<number | null>;
  colour: number;
  emphasis?: boolean;
}

/**
 * Candidates overlaid across the criteria. The dashed outline is the weight profile
 * (each criterion's weight relative to the largest), so a weight drag moves it too.
 */
export const RadarChart = memo(function RadarChart({
  axes,
  series,
  weights,
  title,
  filename,
  desc,
  weightsLabel,
  size = 460,
  maxHeight,
  actions,
}: {
  axes: readonly string[];
  series: readonly RadarSeries[];
  weights?: readonly number[];
  title: string;
  filename: string;
  desc: string;
  weightsLabel: string;
  /** Width before the box is measured, px. */
  size?: number;
  /** Tallest the drawing may be (the projector's screen), px. */
  maxHeight?: number;
  actions?: boolean;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const box = useChartBox(size);
  const width = box.width;
  const lh = box.lineHeight;
  const maxW = weights ? Math.max(...weights, 1e-9) : 1;
  const withWeights = weights ? [...series, { id: '__weights', label: weightsLabel, values: weights.map((w) => w / maxW), colour: -1 }] : series;
  // Axis labels wrap to at most a quarter of the width; the radar takes what room is left.
  const natural = axes.reduce((w, a) => Math.max(w, box.measure(a)), 0);
  const labelWidth = Math.max(box.px * 5, Math.min(Math.ceil(natural) + 1, width * 0.24));
  const axisLines = axes.map((a) => wrapLabel(box, a, labelWidth));
  const swatch = Math.round(box.px * 1.2);
  const legend = legendLayout(
    box,
    withWeights.map((s) => s.label),
    PAD,
    width - PAD,
    swatch,
  );
  const legendGap = Math.round(box.px * 0.6);
  const plotHeight = Math.max(200, Math.min(width, (maxHeight ?? Infinity) - legend.height - legendGap));
  const labelGap = Math.round(box.px * 0.6);
  const fit = fitRadar({
    labels: axisLines.map((lines) => ({ w: Math.max(...lines.map((l) => box.measure(l))), h: lines.length * lh })),
    width,
    height: plotHeight,
    labelGap,
  });
  const g = radarGeometry({ axes, series: withWeights, size: width, fit: { ...fit, labelGap } });
  const legendY = plotHeight + legendGap;
  const height = legendY + legend.height + 4;
  // Draw the emphasised (leading) candidate last, on top.
  const order = g.polygons.map((p, i) => i).sort((a, b) => Number(withWeights[a].emphasis ?? false) - Number(withWeights[b].emphasis ?? false));
  return (
    <ChartFigure title={title} filename={filename} svgRef={ref} actions={actions} boxRef={box.ref}>
      <ChartSvg svgRef={ref} filename={filename} title={title} desc={desc} width={width} height={height} className="chart-svg radar">
        {g.rings.map((r) => (
          <path key={r.level} className="ring" d={r.path} />
        ))}
        {g.axes.map((a, i) => {
          const h = axisLines[i].length * lh;
          const b = radarLabelBox(g.cx, g.cy, a.angle, g.radius + labelGap, 0, h);
          return (
            <g key={i}>
              <line className="axis" x1={g.cx} y1={g.cy} x2={a.x} y2={a.y} />
              <Lines className="axis-label" lines={axisLines[i]} full={a.label} x={a.labelX} y={b.middle} lineHeight={lh} anchor={a.anchor} />
            </g>
          );
        })}
        {order.map((i) => {
          const p = g.polygons[i];
          const s = withWeights[i];
          if (s.id === '__weights') return <path key={p.id} className="weights-outline" d={p.path} />;
          return (
            <path
              key={p.id}
              className={s.emphasis ? 'series leader' : 'series'}
              d={p.path}
              style={{ stroke: seriesColour(s.colour, 'css'), fill: seriesColour(s.colour, 'css') }}
            />
          );
        })}
        {withWeights.map((s, i) => {
          const e = legend.entries[i];
          const y = legendY + e.y + (lh - swatch) / 2;
          return (
            <g key={s.id} className="chart-key">
              {s.id === '__weights' ? (
                <line className="weights-outline" x1={e.x} x2={e.x + swatch} y1={y + swatch / 2} y2={y + swatch / 2} />
              ) : (
                <rect x={e.x} y={y} width={swatch} height={swatch} rx={2} style={{ fill: seriesColour(s.colour, 'css') }} />
              )}
              <Lines lines={e.lines} full={s.label} x={e.textX} y={legendY + e.y + (e.lines.length * lh) / 2} lineHeight={lh} />
            </g>
          );
        })}
      </ChartSvg>
    </ChartFigure>
  );
});
