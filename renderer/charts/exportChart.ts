/**
 * Chart export for any `<svg>` chart on screen: as a standalone SVG file, or as a PNG at
 * 2× scale. The file is built as text from the live chart: every style that comes from CSS
 * (theme variables, classes, React `style` props) is resolved through `getComputedStyle` and
 * written as an SVG presentation attribute, so the file looks like the screen without our
 * stylesheet. No element of the page is created or given a `style` attribute, so the app's
 * Content-Security-Policy (no inline styles) stays as strict as it is.
 */

import { estimateWidth, wrapText, type Measure } from '../../shared/charts/text';

/** Presentation properties copied from computed style; the rest is noise in an SVG. */
const PAINT_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
] as const;
const TEXT_PROPS = ['font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing'] as const;
/** Attributes never copied: CSS hooks and anything inline-styled (resolved above instead). */
const DROPPED_ATTRS = new Set(['class', 'style', 'tabindex']);
const SVG_NS = 'http://www.w3.org/2000/svg';

/** What an exported chart says about itself: its heading and where it came from. */
export interface ChartMeta {
  /** The workshop's title. */
  workshop: string;
  /** The chart's title, shown above it. */
  title: string;
  /** A line under the title (the source of the figures, e.g. a scenario name). */
  subtitle?: string;
  /** Export date; today by default. */
  date?: Date;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `YYYY-MM-DD` of the local date (file names sort by it). */
export function isoDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/**
 * A file name that says which workshop, which chart and which day: "GPU plan – Ranking – 2026-05-01.png".
 * Characters that file systems reject are replaced; CJK and spaces are kept.
 */
export function chartFilename(meta: ChartMeta, format: 'svg' | 'png'): string {
  const clean = (s: string) =>
    s
      .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, 80)
      .trim();
  const parts = [clean(meta.workshop), clean(meta.title), isoDate(meta.date ?? new Date())].filter(Boolean);
  return `${parts.join(' – ')}.${format}`;
}

/** The element's computed presentation properties (`fill` → `rgb(…)`, …), to be written as attributes. */
function presentation(el: Element, isText: boolean): Map<string, string> {
  const cs = getComputedStyle(el);
  const out = new Map<string, string>();
  for (const p of isText ? [...PAINT_PROPS, ...TEXT_PROPS] : PAINT_PROPS) {
    const v = cs.getPropertyValue(p);
    if (v && v !== 'normal') out.set(p, v);
  }
  if (cs.display === 'none') out.set('display', 'none');
  if (cs.visibility === 'hidden') out.set('visibility', 'hidden');
  return out;
}

/** Serialises `el` and its subtree as SVG markup with computed styles as attributes. */
function serialise(el: Element, root: boolean): string {
  const tag = el.tagName;
  // One value per attribute name (an XML parser rejects duplicates): the computed style wins over
  // the element's own presentation attribute, as it does on screen.
  const attrs = new Map<string, string>();
  for (const a of Array.from(el.attributes)) {
    if (DROPPED_ATTRS.has(a.name) || a.name.startsWith('xmlns')) continue;
    if (root && (a.name === 'width' || a.name === 'height' || a.name === 'x' || a.name === 'y')) continue;
    attrs.set(a.name, a.value);
  }
  const isText = tag === 'text' || tag === 'tspan' || tag === 'textPath';
  if (tag !== 'title' && tag !== 'desc') for (const [k, v] of presentation(el, isText || root)) attrs.set(k, v);
  let inner = '';
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType === Node.ELEMENT_NODE) inner += serialise(node as Element, false);
    else if (node.nodeType === Node.TEXT_NODE) inner += escapeXml(node.textContent ?? '');
  }
  const attrText = [...attrs].map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('');
  return `<${tag}${attrText}>${inner}</${tag}>`;
}

/** Text widths in `font` (a 2D canvas measures them; an estimate where there is none). */
function measurer(font: string, px: number): Measure {
  const ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return estimateWidth(px);
  ctx.font = font;
  return (text) => ctx.measureText(text).width;
}

/** The first non-transparent background colour from `el` upwards (white if none). */
function backgroundOf(el: Element | null): string {
  for (let e = el; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && bg !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#ffffff';
}

/** Legend entries shown beside the chart in HTML (`[data-legend-item]` with a `[data-swatch]`), with their on-screen colours. */
function htmlLegend(figure: Element | null): { label: string; colour: string }[] {
  if (!figure) return [];
  return Array.from(figure.querySelectorAll('[data-legend-item]')).map((li) => {
    const sw = li.querySelector('[data-swatch]');
    const cs = sw ? getComputedStyle(sw) : null;
    const colour = cs ? (cs.backgroundColor && !/rgba\(0, 0, 0, 0\)/.test(cs.backgroundColor) ? cs.backgroundColor : cs.borderTopColor) : '#888';
    return { label: (li.textContent ?? '').trim(), colour };
  });
}

/**
 * A standalone SVG document of the chart as shown: its title (and source) above, the chart at
 * its on-screen size, an HTML legend (if the figure has one) redrawn below, on the figure's
 * background colour, in the screen's fonts and colours.
 */
export function standaloneSvg(svg: SVGSVGElement, meta: ChartMeta): { markup: string; width: number; height: number } {
  const figure = svg.closest('[data-chart-bg]');
  const box = svg.getBoundingClientRect();
  const viewBox = svg.viewBox?.baseVal;
  const chartWidth = Math.round(box.width || viewBox?.width || 600);
  const chartHeight = Math.round(box.height || viewBox?.height || 400);
  const bodyStyle = getComputedStyle(figure ?? document.body);
  const fg = bodyStyle.color || '#111111';
  const font = bodyStyle.fontFamily || 'sans-serif';
  const muted = figure?.querySelector('.muted, .badge') ? getComputedStyle(figure.querySelector('.muted, .badge')!).color : fg;
  const pad = 8;
  // The image is the chart with a margin all round: text drawn at the chart's edge (a tick
  // label, a legend entry) stays off the image's edge.
  const width = chartWidth + 2 * pad;
  const titleSize = 16;
  const subSize = 12;
  let y = pad;
  let head = '';
  // The title and the line under it wrap at the image's width (a long workshop title never runs off the edge).
  const line = (text: string, size: number, weight: number, colour: string) => {
    for (const l of wrapText(text, width - 2 * pad, measurer(`${weight} ${size}px ${font}`, size))) {
      y += size * 1.25;
      head += `<text x="${pad}" y="${y}" fill="${escapeXml(colour)}" font-family="${escapeXml(font)}" font-size="${size}px" font-weight="${weight}">${escapeXml(l)}</text>`;
    }
  };
  line(meta.title, titleSize, 600, fg);
  const sub = [meta.subtitle, meta.workshop, isoDate(meta.date ?? new Date())].filter(Boolean).join(' · ');
  line(sub, subSize, 400, muted);
  y += pad;
  const chartY = y;
  // The chart itself at its on-screen size, its viewBox kept so the drawing scales as on screen.
  const inner = serialise(svg, true).replace(/^<svg/, `<svg x="${pad}" y="${chartY}" width="${chartWidth}" height="${chartHeight}"`);
  y += chartHeight;
  // The HTML legend, redrawn as SVG, wrapping at the chart's width.
  let legend = '';
  const entries = htmlLegend(figure);
  if (entries.length) {
    const legendWidth = measurer(`400 12px ${font}`, 12);
    let x = pad;
    y += 8;
    let rowY = y + 12;
    for (const e of entries) {
      const w = 16 + legendWidth(e.label) + 18;
      if (x + w > width && x > pad) {
        x = pad;
        rowY += 20;
      }
      legend += `<rect x="${x}" y="${rowY - 10}" width="12" height="12" rx="2" fill="${escapeXml(e.colour)}"/>`;
      legend += `<text x="${x + 16}" y="${rowY}" fill="${escapeXml(fg)}" font-family="${escapeXml(font)}" font-size="12px">${escapeXml(e.label)}</text>`;
      x += w;
    }
    y = rowY + 8;
  }
  const height = Math.ceil(y + pad);
  const bg = backgroundOf(figure ?? svg);
  const markup =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${escapeXml(bg)}"/>` +
    head +
    inner +
    legend +
    '</svg>';
  return { markup, width, height };
}

export function svgBlob(svg: SVGSVGElement, meta: ChartMeta): Blob {
  return new Blob([standaloneSvg(svg, meta).markup], { type: 'image/svg+xml;charset=utf-8' });
}

/** The chart as a PNG, drawn onto a canvas at `scale`× (default 2, for sharp slides and print). */
export async function pngBlob(svg: SVGSVGElement, meta: ChartMeta, scale = 2): Promise<Blob> {
  const { markup, width, height } = standaloneSvg(svg, meta);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas available.');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed.'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a blob as a download with the given file name. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Exports a chart in one step, named by `chartFilename`. */
export async function exportChart(svg: SVGSVGElement, format: 'svg' | 'png', meta: ChartMeta): Promise<void> {
  const blob = format === 'svg' ? svgBlob(svg, meta) : await pngBlob(svg, meta);
  downloadBlob(blob, chartFilename(meta, format));
}
