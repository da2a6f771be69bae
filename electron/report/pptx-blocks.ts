import type PptxGenJS from 'pptxgenjs';
import { inlineText, type Block, type Inline, type ReportSection } from './blocks';
import { BODY_BOTTOM, BODY_TOP, BODY_W, MARGIN, MUTED, TEXT, clean, type Deck } from './pptx-deck';

/**
 * Any report section (sections.ts) as slides, one renderer per block kind: the section's title
 * on its first slide, the blocks from the top down, and a further slide ("continued") whenever
 * the next block does not fit. Tables continue over slides with their header row; charts with
 * data are native bar charts, charts without only their caption; groups are their blocks.
 */
export function sectionSlides(deck: Deck, section: ReportSection): void {
  const flow = { deck, title: section.title, slide: deck.slide(section.title), y: BODY_TOP };
  for (const block of section.blocks) drawBlock(flow, block);
}

interface Flow {
  deck: Deck;
  title: string;
  slide: PptxGenJS.Slide;
  y: number;
}

/** Text of an inline for a slide: user text cleaned of control characters, line breaks as breaks. */
const plain = (x: Inline) => inlineText(x, clean, (t) => t, '\n');

/** Room for `h` inches on the current slide, or a new one (continued). */
function room(flow: Flow, h: number): PptxGenJS.Slide {
  if (flow.y > BODY_TOP && flow.y + h > BODY_BOTTOM) {
    flow.slide = flow.deck.slide(`${flow.title} ${flow.deck.r.s.deckContinued}`);
    flow.y = BODY_TOP;
  }
  return flow.slide;
}

/** A text box of about `lines` lines at `size` points. */
function text(flow: Flow, content: string | PptxGenJS.TextProps[], options: { size: number; lines: number; bold?: boolean; color?: string }): void {
  const h = Math.min(BODY_BOTTOM - BODY_TOP, 0.3 + (options.lines * options.size) / 60);
  room(flow, h).addText(content, {
    x: MARGIN,
    y: flow.y,
    w: BODY_W,
    h,
    fontFace: flow.deck.font,
    fontSize: options.size,
    bold: options.bold,
    color: options.color ?? TEXT,
    valign: 'top',
  });
  flow.y += h + 0.1;
}

/** A text's width in ems: CJK and full-width characters about one em, others about 0.6 (the deck's sans fonts). */
const ems = (t: string) => [...t].reduce((n, ch) => n + (WIDE.test(ch) ? 1 : 0.6), 0);
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Lines a text takes in a box `width` inches wide at `size` points (its own line breaks kept). */
const linesIn = (t: string, width: number, size: number) =>
  t.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil((ems(line) * size) / (Math.max(0.5, width - 0.2) * 72))), 0);

/** Lines a text takes across the slide at `size` points. */
const linesOf = (t: string, size: number) => linesIn(t, BODY_W, size);

const bullets = (items: string[]): PptxGenJS.TextProps[] => items.map((t) => ({ text: t, options: { bullet: true, breakLine: true } }));

function drawBlock(flow: Flow, b: Block): void {
  switch (b.kind) {
    case 'heading':
      // A heading stays with what follows it: it starts a new slide unless about an inch is left below it.
      room(flow, 1.6);
      return text(flow, plain(b.text), { size: 16, lines: 1, bold: true });
    case 'paragraph': {
      const t = plain(b.text);
      if (t.trim()) text(flow, t, { size: 14, lines: linesOf(t, 14), color: b.style?.includes('muted') || b.style === 'empty' ? MUTED : TEXT });
      return;
    }
    case 'table':
      return drawTable(
        flow,
        b.head,
        b.rows.map((row) => row.map((c) => plain(c.text))),
        b.widths,
      );
    case 'pairs':
      return drawTable(
        flow,
        ['', ''],
        b.entries.map(([k, v]) => [plain(k), plain(v)]),
        b.widths,
      );
    case 'kpis':
      return drawTable(flow, ['', ''], b.items);
    case 'chart':
      return drawChart(flow, b);
    case 'callout': {
      const items = b.items.map(plain);
      text(flow, plain(b.title), { size: 16, lines: 1, bold: true });
      return text(flow, bullets(items), { size: 14, lines: items.reduce((n, t) => n + linesOf(t, 14), 0) });
    }
    case 'list': {
      const items = b.items.map(plain);
      return text(flow, bullets(items), { size: 14, lines: items.reduce((n, t) => n + linesOf(t, 14), 0) });
    }
    case 'group':
      if (b.summary) text(flow, b.summary, { size: 14, lines: 1, bold: true, color: MUTED });
      for (const inner of b.blocks) drawBlock(flow, inner);
      return;
  }
}

/** Table text size (points) and the height of one of its lines (inches). */
const TABLE_PT = 12;
const TABLE_LINE = (TABLE_PT * 1.3) / 72;

/**
 * A table whose rows are as tall as their wrapped text (estimated from the column widths), under
 * its header row, continuing on new slides when the next row does not fit; `widths` relative,
 * else equal columns.
 */
function drawTable(flow: Flow, head: string[], rows: string[][], widths?: readonly number[]): void {
  const { font } = flow.deck;
  const total = widths?.reduce((a, b) => a + b, 0) ?? 0;
  const colW = widths && widths.length === head.length && total > 0 ? widths.map((w) => (w / total) * BODY_W) : head.map(() => BODY_W / head.length);
  const showHead = head.some((h) => h.trim());
  const heightOf = (row: string[]) => Math.max(0.3, Math.max(...row.map((c, j) => linesIn(clean(c), colW[j], TABLE_PT))) * TABLE_LINE + 0.15);
  const headH = showHead ? heightOf(head) : 0;
  const header = head.map((t) => ({ text: t, options: { bold: true, fill: { color: 'EEF2F7' }, color: TEXT } }));
  let i = 0;
  while (i < rows.length) {
    const slide = room(flow, headH + heightOf(rows[i]));
    const chunk: string[][] = [];
    const rowH: number[] = showHead ? [headH] : [];
    let h = headH;
    // At least one row per slide; then as many as fit above the footer.
    while (i < rows.length && (chunk.length === 0 || flow.y + h + heightOf(rows[i]) <= BODY_BOTTOM)) {
      rowH.push(heightOf(rows[i]));
      h += heightOf(rows[i]);
      chunk.push(rows[i++]);
    }
    const body = chunk.map((row) => row.map((c) => ({ text: clean(c) })));
    slide.addTable(showHead ? [header, ...body] : body, {
      x: MARGIN,
      y: flow.y,
      w: BODY_W,
      colW,
      rowH,
      fontFace: font,
      fontSize: TABLE_PT,
      color: TEXT,
      border: { type: 'solid', pt: 0.5, color: 'C9D1DB' },
      valign: 'middle',
    });
    flow.y += h + 0.2;
  }
}

function drawChart(flow: Flow, b: Extract<Block, { kind: 'chart' }>): void {
  const caption = b.title ? `${b.title} · ${b.caption}` : b.caption;
  if (!b.data) return text(flow, caption, { size: 12, lines: 1, color: MUTED });
  const h = 3.6;
  room(flow, h + 0.5).addChart(
    flow.deck.pptx.ChartType.bar,
    b.data.series.map((x) => ({ name: clean(x.name), labels: b.data!.labels.map(clean), values: x.values })),
    {
      x: MARGIN,
      y: flow.y,
      w: BODY_W,
      h,
      ...flow.deck.oneSeriesBars('General'),
      showLegend: b.data.series.length > 1,
      legendPos: 'b',
      legendFontFace: flow.deck.font,
    },
  );
  flow.y += h + 0.1;
  text(flow, caption, { size: 12, lines: 1, color: MUTED });
}
