/**
 * Chart export for any `<svg>` chart on screen: as a standalone SVG file, or as a PNG at
 * 2× scale. Styles that come from CSS (theme variables, classes) are copied onto each
 * element as inline styles, so the file looks like the screen without our stylesheet.
 */

/** Presentation properties worth copying; the rest of computed style is noise in an SVG. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

/** A detached copy of `svg` with computed styles inlined and explicit size attributes. */
export function standaloneSvg(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const source = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const target = [clone, ...Array.from(clone.querySelectorAll('*'))];
  source.forEach((el, i) => {
    const computed = getComputedStyle(el);
    const style = STYLE_PROPS.map((p) => {
      const v = computed.getPropertyValue(p);
      return v ? `${p}:${v}` : '';
    })
      .filter(Boolean)
      .join(';');
    const t = target[i] as SVGElement;
    if (style) t.setAttribute('style', `${style};${t.getAttribute('style') ?? ''}`);
    t.removeAttribute('class');
  });
  const box = svg.getBoundingClientRect();
  const viewBox = svg.viewBox?.baseVal;
  const width = Math.round(box.width || viewBox?.width || 600);
  const height = Math.round(box.height || viewBox?.height || 400);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  if (!clone.getAttribute('viewBox') && !(viewBox && viewBox.width)) clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  // A background, so the PNG is not transparent (dark theme text on a transparent image is unreadable).
  const bg = getComputedStyle(svg.closest('[data-chart-bg]') ?? document.body).backgroundColor || '#ffffff';
  const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  rect.setAttribute('x', '0');
  rect.setAttribute('y', '0');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', bg);
  clone.insertBefore(rect, clone.firstChild);
  const markup = '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(clone);
  return { markup, width, height };
}

export function svgBlob(svg: SVGSVGElement): Blob {
  return new Blob([standaloneSvg(svg).markup], { type: 'image/svg+xml;charset=utf-8' });
}

/** The chart as a PNG, drawn onto a canvas at `scale`× (default 2, for sharp slides and print). */
export async function pngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const { markup, width, height } = standaloneSvg(svg);
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
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Exports a chart in one step: `chart.svg` or `chart.png`. */
export async function exportChart(svg: SVGSVGElement, format: 'svg' | 'png', basename: string): Promise<void> {
  const blob = format === 'svg' ? svgBlob(svg) : await pngBlob(svg);
  downloadBlob(blob, `${basename}.${format}`);
}
