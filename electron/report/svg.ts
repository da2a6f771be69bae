import { barsGeometry, intervalsGeometry, stackedGeometry, type BarLayout } from '../../shared/charts/bars';
import { linesGeometry, type LineSeriesInput } from '../../shared/charts/lines';
import { seriesColour } from '../../shared/charts/colours';
import { radarGeometry } from '../../shared/charts/radar';
import { cleanText, escapeHtml } from './escape';

/**
 * Chart geometry (shared/charts) → inline SVG strings for the HTML report. Every text node
 * and attribute value is escaped; labels are shortened for the drawing only (the tables
 * beside each chart carry the full text).
 */

const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif"`;
const n = (v: number) => (Number.isFinite(v) ? +v.toFixed(2) : 0);

/** Approximate advance of a character at 11 px: CJK and other wide scripts are twice as wide. */
const charWidth = (ch: string) => (ch.codePointAt(0)! >= 0x2e80 ? 11 : 6.3);

/** A label cut (whole code points, with an ellipsis) to fit `maxPx` pixels at the charts' 11 px font. */
export function shortLabel(text: string, maxPx = 160): string {
  const chars = Array.from(cleanText(text).replace(/\s+/g, ' ').trim());
  let width = 0;
  for (let i = 0; i < chars.length; i++) {
    width += charWidth(chars[i]);
    if (width > maxPx) return chars.slice(0, Math.max(1, i - 1)).join('') + '…';
  }
  return chars.join('');
}

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}"${attrs ? ' ' + attrs : ''}>${escapeHtml(content)}</text>`;
}

function open(width: number, height: number, title: string, cls: string, top = 0): string {
  return `<svg class="chart ${cls}" xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 ${n(top)} ${n(width)} ${n(height)}" role="img" aria-label="${escapeHtml(title)}" ${FONT} font-size="11"><title>${escapeHtml(title)}</title>`;
}

/** A wrapped legend; `colours` are the entries' colour slots (their positions when absent). */
function legend(names: readonly string[], x: number, y: number, width: number, colours?: readonly number[]): { svg: string; height: number } {
  let cx = x;
  let cy = y;
  const parts: string[] = [];
  names.forEach((name, i) => {
    const label = shortLabel(name, 190);
    const w = 18 + Array.from(label).reduce((a, ch) => a + charWidth(ch), 0) + 14;
    if (cx + w > x + width && cx > x) {
      cx = x;
      cy += 16;
    }
    parts.push(
      `<rect x="${n(cx)}" y="${n(cy - 8)}" width="10" height="10" rx="2" fill="${seriesColour(colours?.[i] ?? i)}"/>`,
      text(cx + 14, cy + 1, label, 'fill="#333"'),
    );
    cx += w;
  });
  return { svg: parts.join(''), height: cy - y + 16 };
}

function valueAxis(l: BarLayout): string {
  const bottom = l.height - 22;
  const ticks = l.ticks
    .map(
      (t) =>
        `<line x1="${n(t.x)}" x2="${n(t.x)}" y1="4" y2="${n(bottom)}" stroke="#e3e7ed"/>` +
        text(t.x, bottom + 14, t.label, 'text-anchor="middle" fill="#5a6675"'),
    )
    .join('');
  return ticks + `<line x1="${n(l.plotX)}" x2="${n(l.plotX + l.plotWidth)}" y1="${n(bottom)}" y2="${n(bottom)}" stroke="#9aa7b6"/>`;
}

export interface RadarSvgInput {
  title: string;
  axes: readonly string[];
  /** `colour`: the candidate's colour slot (its position when absent). */
  series: ReadonlyArray<{ name: string; values: ReadonlyArray<number | null>; colour?: number }>;
  size?: number;
}

export function radarSvg({ title, axes, series, size = 560 }: RadarSvgInput): string {
  const g = radarGeometry({
    axes: axes.map((a) => shortLabel(a, 128)),
    series: series.map((s, i) => ({ id: String(i), values: s.values })),
    size,
    labelMargin: 145,
  });
  // The square leaves room for long labels left and right; above and below only a line is needed.
  const top = Math.max(0, g.cy - g.radius - 30);
  const bottom = g.cy + g.radius + 30;
  const leg = legend(
    series.map((s) => s.name),
    10,
    bottom + 8,
    size - 20,
    series.map((s, i) => s.colour ?? i),
  );
  const height = bottom - top + leg.height + 8;
  const rings = g.rings.map((r) => `<path d="${r.path}" fill="none" stroke="#d5dbe3"/>`).join('');
  const spokes = g.axes.map((a) => `<line x1="${n(g.cx)}" y1="${n(g.cy)}" x2="${n(a.x)}" y2="${n(a.y)}" stroke="#d5dbe3"/>`).join('');
  const labels = g.axes.map((a) => text(a.labelX, a.labelY + 4, a.label, `text-anchor="${a.anchor}" fill="#16202c"`)).join('');
  const polys = g.polygons
    .map((p, i) => {
      const c = seriesColour(series[i].colour ?? i);
      const dots = p.points.map(([x, y]) => `<circle cx="${n(x)}" cy="${n(y)}" r="2.5" fill="${c}"/>`).join('');
      return `<path d="${p.path}" fill="${c}" fill-opacity="0.12" stroke="${c}" stroke-width="2"/>${dots}`;
    })
    .join('');
  return open(size, height, title, 'radar', top) + rings + spokes + polys + labels + leg.svg + '</svg>';
}

export function rankingBarsSvg(title: string, items: ReadonlyArray<{ label: string; value: number; highlight?: boolean }>, width = 720): string {
  const g = barsGeometry({
    items: items.map((i) => ({ label: shortLabel(i.label, 215), value: i.value })),
    width,
    domain: [0, 1],
    labelWidth: 230,
    tickFormat: (v) => `${Math.round(v * 100)}`,
  });
  const rows = g.bars
    .map((b, i) => {
      const fill = items[i].highlight ? '#1f5fbf' : '#8fb3de';
      return (
        text(g.plotX - 8, b.labelY + 4, b.label, 'text-anchor="end" fill="#16202c"') +
        `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.barWidth)}" height="${n(b.height)}" rx="3" fill="${fill}"/>` +
        text(b.valueX, b.labelY + 4, (b.value * 100).toFixed(1), 'fill="#16202c"')
      );
    })
    .join('');
  return open(g.width, g.height, title, 'bars') + valueAxis(g) + rows + '</svg>';
}

export function intervalsSvg(title: string, items: ReadonlyArray<{ label: string; from: number; to: number; marker: number }>, width = 720): string {
  const g = intervalsGeometry({
    items: items.map((i) => ({ ...i, label: shortLabel(i.label, 215) })),
    width,
    labelWidth: 230,
    tickFormat: (v) => `${Math.round(v * 100)}%`,
  });
  const rows = g.intervals
    .map(
      (r) =>
        text(g.plotX - 8, r.labelY + 4, r.label, 'text-anchor="end" fill="#16202c"') +
        `<rect x="${n(g.plotX)}" y="${n(r.labelY - 2)}" width="${n(g.plotWidth)}" height="4" fill="#eef1f5"/>` +
        `<rect x="${n(r.fromX)}" y="${n(r.y + r.height * 0.2)}" width="${n(Math.max(1, r.toX - r.fromX))}" height="${n(r.height * 0.6)}" rx="3" fill="#2a9d8f" fill-opacity="0.55"/>` +
        `<line x1="${n(r.markerX)}" x2="${n(r.markerX)}" y1="${n(r.y)}" y2="${n(r.y + r.height)}" stroke="#16202c" stroke-width="2"/>`,
    )
    .join('');
  return open(g.width, g.height, title, 'intervals') + valueAxis(g) + rows + '</svg>';
}

export function stackedSvg(
  title: string,
  items: ReadonlyArray<{ label: string; parts: readonly number[] }>,
  partNames: readonly string[],
  width = 720,
): string {
  const g = stackedGeometry({
    items: items.map((i) => ({ ...i, label: shortLabel(i.label, 215) })),
    width,
    labelWidth: 230,
    tickFormat: (v) => `${Math.round(v * 100)}%`,
  });
  const leg = legend(partNames, g.plotX, g.height + 8, g.plotWidth);
  const rows = g.rows
    .map(
      (r) =>
        text(g.plotX - 8, r.labelY + 4, r.label, 'text-anchor="end" fill="#16202c"') +
        r.segments
          .filter((s) => s.width > 0.05)
          .map(
            (s) =>
              `<rect x="${n(s.x)}" y="${n(r.y)}" width="${n(s.width)}" height="${n(r.height)}" fill="${seriesColour(s.index)}"><title>${escapeHtml(`${partNames[s.index] ?? ''}: ${(s.value * 100).toFixed(1)}%`)}</title></rect>`,
          )
          .join(''),
    )
    .join('');
  return open(g.width, g.height + leg.height + 12, title, 'stacked') + valueAxis(g) + rows + leg.svg + '</svg>';
}

/** `colour`: the candidate's colour slot of each line (its position when absent). */
export function linesSvg(title: string, series: ReadonlyArray<LineSeriesInput & { name: string; colour?: number }>, width = 320, height = 190): string {
  // 160 points per line: more than a 250-pixel-wide plot can show; peaks survive thinning.
  const g = linesGeometry({ series, width, height, tickFormat: compact, maxPoints: 160 });
  const leg = legend(
    series.map((s) => s.name),
    g.plot.x,
    height + 6,
    g.plot.width,
    series.map((s, i) => s.colour ?? i),
  );
  const bottom = g.plot.y + g.plot.height;
  const grid =
    g.yTicks
      .map(
        (t) =>
          `<line x1="${n(g.plot.x)}" x2="${n(g.plot.x + g.plot.width)}" y1="${n(t.y)}" y2="${n(t.y)}" stroke="#e3e7ed"/>` +
          text(g.plot.x - 6, t.y + 4, t.label, 'text-anchor="end" fill="#5a6675"'),
      )
      .join('') +
    g.xTicks.map((t) => text(t.x, bottom + 15, t.label, 'text-anchor="middle" fill="#5a6675"')).join('') +
    `<line x1="${n(g.plot.x)}" x2="${n(g.plot.x + g.plot.width)}" y1="${n(bottom)}" y2="${n(bottom)}" stroke="#9aa7b6"/>`;
  const paths = g.paths
    .map((p, i) => `<path d="${p.path}" fill="none" stroke="${seriesColour(series[i].colour ?? i)}" stroke-width="1.8" stroke-linejoin="round"/>`)
    .join('');
  return open(width, height + leg.height + 8, title, 'lines') + grid + paths + leg.svg + '</svg>';
}

/** Axis numbers: 1200 → 1.2k, 0.25 → 0.25. */
export function compact(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1e9) return `${+(v / 1e9).toFixed(1)}G`;
  if (abs >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${+(v / 1e3).toFixed(1)}k`;
  return String(+v.toPrecision(3));
}
