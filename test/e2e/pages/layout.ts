import type { Page } from '@playwright/test';

/**
 * Layout measurements of whatever is on screen: every chart's text boxes lie inside
 * their chart and the window, do not overlap each other, are not cut short with "…", are at
 * least `minFont` px tall as drawn (the SVG's scale counted in), and meet WCAG AA contrast
 * against what is drawn behind them. Written generically — it walks every `svg.chart-svg` and
 * every text element under `scope` — so charts and views added later are measured too.
 * Returns one line per problem (empty when all is well).
 */
export interface LayoutOptions {
  /** CSS selector of the part of the page to check (default: the whole page). */
  scope?: string;
  /** Smallest drawn text size, px (12 in the app, 18 on the projector). */
  minFont: number;
  /** Also check the HTML text (not only the charts') for size and horizontal clipping. */
  html?: boolean;
  /** Everything must be readable without scrolling (the projector). */
  noScroll?: boolean;
}

export async function layoutProblems(page: Page, options: LayoutOptions): Promise<string[]> {
  return page.evaluate(({ scope: scopeSel, minFont, html, noScroll }) => {
    const problems: string[] = [];
    const root = (scopeSel ? document.querySelector(scopeSel) : document.body) ?? document.body;
    const vw = document.documentElement.clientWidth;
    const short = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s).replace(/\s+/g, ' ');
    /** Whether `r` lies outside the visible part of a scrolling box around `el` (it would need scrolling to be read). */
    const scrolledAway = (el: Element, r: DOMRect) => {
      for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowY === 'visible' && cs.overflowX === 'visible') continue;
        const c = a.getBoundingClientRect();
        if (r.bottom > c.bottom + 1 || r.top < c.top - 1 || r.right > c.right + 1 || r.left < c.left - 1) return true;
      }
      return false;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0;
    };

    // Colours as [r, g, b, a] in 0…255 / 0…1, from rgb(), rgba() or color(srgb …).
    const parse = (c: string): [number, number, number, number] | null => {
      let m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(c);
      if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
      m = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)/.exec(c);
      if (m) return [Number(m[1]) * 255, Number(m[2]) * 255, Number(m[3]) * 255, m[4] === undefined ? 1 : Number(m[4])];
      return null;
    };
    const lum = ([r, g, b]: number[]) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const ratio = (a: number[], b: number[]) => {
      const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    /** What is painted behind the middle of `el`: the first opaque SVG shape or HTML background under it. */
    const backdrop = (el: Element): number[] | null => {
      const r = el.getBoundingClientRect();
      const stack = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      for (const under of stack) {
        if ((under !== el && el.contains(under)) || under.tagName === 'text' || under.tagName === 'tspan') continue;
        const cs = getComputedStyle(under);
        if (under instanceof SVGGeometryElement) {
          // A <line> paints only its stroke (a gridline, a tick): it has no fill behind a label.
          if (under.tagName === 'line') continue;
          const fill = parse(cs.fill);
          const alpha = Number(cs.fillOpacity) * Number(cs.opacity);
          if (fill && fill[3] > 0 && alpha >= 0.5) return fill;
          continue;
        }
        const bg = parse(cs.backgroundColor);
        if (bg && bg[3] >= 0.5) return bg;
      }
      return null;
    };
    const contrast = (el: Element, colour: string, px: number, weight: number, where: string) => {
      const fg = parse(colour);
      const bg = backdrop(el);
      if (!fg || !bg) return;
      const need = px >= 24 || (px >= 18.66 && weight >= 700) ? 3 : 4.5;
      const got = ratio(fg, bg);
      if (got + 1e-6 < need) problems.push(`${where}: contrast ${got.toFixed(2)} < ${need} for "${short(el.textContent ?? '')}"`);
    };

    // Charts: SVG text inside its chart, not overlapping, legible.
    for (const svg of root.querySelectorAll<SVGSVGElement>('svg.chart-svg')) {
      if (!visible(svg)) continue;
      const box = svg.getBoundingClientRect();
      const vb = svg.viewBox.baseVal;
      const scale = vb && vb.width > 0 ? box.width / vb.width : 1;
      const chart = svg.querySelector('title')?.textContent ?? svg.getAttribute('class') ?? 'chart';
      const texts = [...svg.querySelectorAll('text')].filter((t) => (t.textContent ?? '').trim() !== '' && visible(t));
      const rects = texts.map((t) => t.getBoundingClientRect());
      texts.forEach((t, i) => {
        const r = rects[i];
        const label = `${chart} › "${short(t.textContent ?? '')}"`;
        const cs = getComputedStyle(t);
        const px = parseFloat(cs.fontSize) * scale;
        if (px < minFont - 0.05) problems.push(`${label}: text ${px.toFixed(1)} px < ${minFont} px`);
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) problems.push(`${label}: outside its chart`);
        if (r.left < -1 || r.right > vw + 1) problems.push(`${label}: outside the window`);
        if (noScroll && scrolledAway(t, r)) problems.push(`${label}: scrolled out of view`);
        if ((t.textContent ?? '').includes('…')) problems.push(`${label}: cut short`);
        for (let j = i + 1; j < texts.length; j++) {
          const o = rects[j];
          const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
          const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
          if (w > 1 && h > 1) problems.push(`${label} overlaps "${short(texts[j].textContent ?? '')}"`);
        }
        contrast(t, cs.fill, px, Number(cs.fontWeight), chart);
      });
    }

    // HTML text: size and horizontal clipping (an ellipsis, or a box wider than its clip).
    if (html) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || seen.has(el) || !(n.textContent ?? '').trim() || el.closest('svg, .sr-only, title, desc')) continue;
        seen.add(el);
        if (!visible(el)) continue;
        const cs = getComputedStyle(el);
        const px = parseFloat(cs.fontSize);
        const label = `"${short(el.textContent ?? '')}"`;
        if (px < minFont - 0.05) problems.push(`${label}: text ${px.toFixed(1)} px < ${minFont} px`);
        const r = el.getBoundingClientRect();
        if (r.left < -1 || r.right > vw + 1) problems.push(`${label}: outside the window`);
        if (noScroll && scrolledAway(el, r)) problems.push(`${label}: scrolled out of view`);
        if (cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) problems.push(`${label}: clipped`);
        contrast(el, cs.color, px, Number(cs.fontWeight), 'text');
      }
    }
    return problems;
  }, options);
}
