import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { estimateWidth, wrapText, type Measure } from '../../shared/charts/text';

/**
 * The box a chart is drawn in, measured: its width in CSS px and the font its text is set in.
 * Charts lay themselves out at this width with a viewBox of the same size, so one SVG unit is
 * one CSS pixel and text is drawn at its stylesheet size (12 px and up in the app, 18 px and up
 * on the projector) instead of being scaled down with the drawing.
 */
export interface ChartBox {
  /** Attach to the element whose width the chart fills (ChartFigure's `boxRef`). */
  ref: React.RefObject<HTMLDivElement | null>;
  width: number;
  /** Font size of the chart's text, px (the box's computed font size). */
  px: number;
  /** Width of a string in the chart's font, px; `weight` for bold labels. */
  measure: (text: string, weight?: number) => number;
  /** `measure` at a fixed weight, for `wrapText`. */
  measurer: (weight?: number) => Measure;
  /** Line height of chart text, px. */
  lineHeight: number;
}

let canvas: CanvasRenderingContext2D | null | undefined;
/** Measured text widths by font and text (bounded). */
const widths = new Map<string, number>();
function context(): CanvasRenderingContext2D | null {
  if (canvas === undefined) canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return canvas;
}

export function useChartBox(fallbackWidth: number): ChartBox {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: fallbackWidth, px: 12, family: 'sans-serif' });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const cs = getComputedStyle(el);
      const width = Math.floor(el.clientWidth);
      const px = parseFloat(cs.fontSize) || 12;
      const family = cs.fontFamily || 'sans-serif';
      setBox((b) => (b.width === width && b.px === px && b.family === family ? b : { width: width > 0 ? width : b.width, px, family }));
    };
    read();
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const { px, family } = box;
  const measure = useCallback(
    (text: string, weight = 400) => {
      const font = `${weight} ${px}px ${family}`;
      const key = `${font}\u0000${text}`;
      const known = widths.get(key);
      if (known !== undefined) return known;
      const ctx = context();
      let w: number;
      if (ctx) {
        ctx.font = font;
        w = ctx.measureText(text).width;
      } else w = estimateWidth(px)(text);
      // Charts redraw on every edit (an undo, a slider drag): widths are measured once per font.
      if (widths.size > 20_000) widths.clear();
      widths.set(key, w);
      return w;
    },
    [px, family],
  );
  const measurer = useCallback((weight?: number) => (text: string) => measure(text, weight), [measure]);
  return useMemo(() => ({ ref, width: box.width, px, measure, measurer, lineHeight: Math.ceil(px * 1.25) }), [box.width, px, measure, measurer]);
}

/** A label wrapped to `maxWidth` in the chart's font (never cut short). */
export function wrapLabel(box: ChartBox, text: string, maxWidth: number, weight?: number): string[] {
  return wrapText(text, maxWidth, box.measurer(weight));
}

/**
 * Row labels of a bar chart, measured: the label column is as wide as the longest label up to
 * `maxShare` of the chart, longer labels wrap (never cut), and the rows grow to hold the lines.
 */
export function rowLabels(box: ChartBox, labels: readonly string[], width: number, weightOf: (i: number) => number = () => 400, maxShare = 0.4) {
  const natural = labels.reduce((w, l, i) => Math.max(w, box.measure(l, weightOf(i))), 0);
  const textWidth = Math.max(box.px * 4, Math.min(Math.ceil(natural) + 1, width * maxShare));
  const lines = labels.map((l, i) => wrapLabel(box, l, textWidth, weightOf(i)));
  const most = lines.reduce((n, l) => Math.max(n, l.length), 1);
  const frame = {
    width,
    /** Label column including the gap to the plot. */
    labelWidth: textWidth + Math.round(box.px * 0.8),
    rowHeight: Math.max(Math.round(box.px * 2.1), most * box.lineHeight + Math.round(box.px * 0.6)),
    axisHeight: Math.round(box.lineHeight + box.px * 0.6),
  };
  /** `frame`: the chart's width and the label column, row and axis sizes, as the row geometries take them. */
  return { lines, frame };
}

/**
 * The value axis with as many ticks (5 at most) as leave a gap of one em between their labels:
 * a narrow plot, or the projector's large type, gets fewer. `geometry` lays the chart out for a
 * tick count (`barsGeometry`, `stackedGeometry`, … of shared/charts/bars).
 */
export function withFittingTicks<G extends { ticks: ReadonlyArray<{ x: number; label: string }> }>(box: ChartBox, geometry: (tickCount: number) => G): G {
  const fits = (t: G['ticks']) => t.every((tk, i) => i === 0 || tk.x - t[i - 1].x >= (box.measure(tk.label) + box.measure(t[i - 1].label)) / 2 + box.px);
  let g = geometry(5);
  for (let n = 4; n >= 1 && !fits(g.ticks); n--) g = geometry(n);
  return g;
}

/**
 * A legend of swatch + label entries laid out left to right from `x`, wrapping within `width`;
 * a label longer than a whole row wraps onto several lines. Positions are of each swatch's top left.
 */
export function legendLayout(box: ChartBox, labels: readonly string[], x0: number, width: number, swatch: number) {
  const gap = Math.round(box.px * 1.2);
  const textX = swatch + Math.round(box.px * 0.4);
  const room = Math.max(box.px * 4, width - x0 - textX);
  let x = x0;
  let y = 0;
  let rowHeight = 0;
  const entries = labels.map((label) => {
    const lines = wrapLabel(box, label, room);
    const w = textX + Math.max(...lines.map((l) => box.measure(l)));
    const h = lines.length * box.lineHeight;
    if (x > x0 && x + w > width) {
      x = x0;
      y += rowHeight + Math.round(box.px * 0.4);
      rowHeight = 0;
    }
    const entry = { label, lines, x, y, textX: x + textX };
    x += w + gap;
    rowHeight = Math.max(rowHeight, h);
    return entry;
  });
  return { entries, height: y + rowHeight };
}
