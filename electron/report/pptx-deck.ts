import PptxGenJS from 'pptxgenjs';
import { seriesColour } from '../../shared/charts/colours';
import { formatPercent as formatPercentIntl } from '../../shared/format';
import type { ReportContent } from './content';
import { cleanText } from './escape';

/**
 * The slide deck's page: a 16:9 deck with the report's fonts and the shared pieces every
 * slide uses (a titled slide, a table that continues on further slides, a small table beside
 * a chart). pptx.ts writes the deck's own slides with it, pptx-blocks.ts any report section.
 */

export const W = 13.333;
export const MARGIN = 0.5;
export const BODY_W = W - 2 * MARGIN;
export const TEXT = '1F2937';
export const MUTED = '5A6675';
export const ACCENT = '1F5FBF';
/** Rows of a table per slide before it continues on the next. */
export const ROWS_PER_SLIDE = 12;
/** Categories from the top down (the first candidate on top); the library supports it, its types list only the default. */
export const TOP_DOWN = 'maxMin' as 'minMax';
/** Where a slide's body starts and must end (above the footer). */
export const BODY_TOP = 1.15;
export const BODY_BOTTOM = 6.9;

const hex = (colour: string) => colour.replace('#', '').toUpperCase();
export const clean = (s: string) => cleanText(s).trim();

export interface Deck {
  pptx: PptxGenJS;
  r: ReportContent;
  font: string;
  zh: boolean;
  pct: (v: number, digits?: number) => string;
  candidateColour: (id: string) => string;
  /** A slide with its title and the workshop's name as footer. */
  slide: (title: string) => PptxGenJS.Slide;
  /** A table that continues on further slides, each with the header row. */
  tableSlides: (title: string, head: string[], rows: string[][], colW?: number[], intro?: string) => void;
  /** A small table beside a chart: a shaded header row, then the rows as text. */
  sideTable: (sl: PptxGenJS.Slide, head: string[], rows: string[][], box: { x: number; y: number; w: number; colW: number[] }) => void;
  /** A one-series horizontal bar chart (weights, costs): names top-down, each bar labelled in `format`. */
  oneSeriesBars: (format: string) => PptxGenJS.IChartOpts;
}

export function createDeck(r: ReportContent): Deck {
  const { s, doc, lang } = r;
  const zh = lang === 'zh-CN';
  const font = zh ? 'Microsoft YaHei' : 'Calibri';
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = clean(r.title);
  pptx.subject = s.reportTitle;
  pptx.company = s.generatedBy;
  pptx.theme = { headFontFace: font, bodyFontFace: font };
  const slide = (title: string) => {
    const sl = pptx.addSlide();
    sl.addText(title, { x: MARGIN, y: 0.3, w: BODY_W, h: 0.7, fontFace: font, fontSize: 28, bold: true, color: TEXT });
    sl.addText(clean(r.title), { x: MARGIN, y: 7.0, w: BODY_W, h: 0.3, fontFace: font, fontSize: 10, color: MUTED });
    return sl;
  };
  const deck: Deck = {
    pptx,
    r,
    font,
    zh,
    pct: (v, digits = 0) => formatPercentIntl(v, lang, digits),
    candidateColour: (id) => hex(seriesColour(doc.candidates.find((c) => c.id === id)?.colour ?? 0)),
    slide,
    tableSlides: (title, head, rows, colW, intro) => tableSlides(deck, title, head, rows, colW, intro),
    sideTable: (sl, head, rows, box) => {
      const header = head.map((h) => ({ text: h, options: { bold: true, fill: { color: 'EEF2F7' } } }));
      sl.addTable([header, ...rows.map((row) => row.map((c) => ({ text: c })))], {
        ...box,
        fontFace: font,
        fontSize: 12,
        color: TEXT,
        border: { type: 'solid', pt: 0.5, color: 'C9D1DB' },
      });
    },
    oneSeriesBars: (format) => ({
      barDir: 'bar',
      chartColors: [ACCENT],
      catAxisOrientation: TOP_DOWN,
      catAxisLabelFontSize: 12,
      catAxisLabelFontFace: font,
      valAxisLabelFontSize: 12,
      showValue: true,
      dataLabelFontSize: 12,
      dataLabelFormatCode: format,
      showLegend: false,
    }),
  };
  return deck;
}

/** Rows in chunks of `ROWS_PER_SLIDE` (one empty chunk for no rows). */
export function chunkRows<T>(rows: T[]): T[][] {
  return rows.length
    ? Array.from({ length: Math.ceil(rows.length / ROWS_PER_SLIDE) }, (_, i) => rows.slice(i * ROWS_PER_SLIDE, (i + 1) * ROWS_PER_SLIDE))
    : [[]];
}

function tableSlides(deck: Deck, title: string, head: string[], rows: string[][], colW?: number[], intro?: string): void {
  const { font, r } = deck;
  chunkRows(rows).forEach((chunk, i) => {
    const sl = deck.slide(i === 0 ? title : `${title} ${r.s.deckContinued}`);
    let y = BODY_TOP;
    if (intro && i === 0) {
      sl.addText(intro, { x: MARGIN, y, w: BODY_W, h: 0.5, fontFace: font, fontSize: 14, color: MUTED });
      y += 0.6;
    }
    if (!chunk.length) {
      sl.addText(r.s.none, { x: MARGIN, y, w: BODY_W, h: 0.5, fontFace: font, fontSize: 18, color: MUTED });
      return;
    }
    const header = head.map((h) => ({ text: h, options: { bold: true, fill: { color: 'EEF2F7' }, color: TEXT } }));
    sl.addTable([header, ...chunk.map((row) => row.map((c) => ({ text: clean(c) })))], {
      x: MARGIN,
      y,
      w: BODY_W,
      colW,
      fontFace: font,
      fontSize: 14,
      color: TEXT,
      border: { type: 'solid', pt: 0.5, color: 'C9D1DB' },
      valign: 'middle',
    });
  });
}
