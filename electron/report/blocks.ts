/**
 * The report's content blocks: what a report section says, as data. Every writer (HTML and so
 * PDF, Markdown, pptx) has one renderer per block kind and escapes for its own format at the
 * last moment, so a section is written once (sections.ts) and appears in every format.
 *
 * Text is `Inline`: a plain string is our own words (escaped), `{ user }` is text from the
 * workshop document (escaped and, in HTML, isolated with `<bdi>`).
 */
export type Inline =
  | string
  | { user: string }
  | { strong: Inline }
  /** A styled run: HTML `<span class>` (or `<div class>`); the other formats print its text. */
  | { span: Inline; cls: string; div?: true }
  /** A line break inside a cell or paragraph. */
  | { br: true }
  /** A share 0…1 drawn as a small bar (HTML only; other formats print the text beside it). */
  | { meter: number }
  | Inline[];

/** A table cell: its text, the HTML class (`num`, `date`, `muted`…), and whether it heads its row. */
export interface Cell {
  text: Inline;
  cls?: string;
  rowHeader?: true;
}

/** Chart data a slide deck draws natively (bars per label); HTML draws `svg`, Markdown lists nothing. */
export interface ChartData {
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
}

export type Block =
  | { kind: 'heading'; text: Inline; level?: 3 | 4 }
  /** `style`: the HTML class (prose, muted, note, empty, stale, …); none: a plain paragraph. */
  | { kind: 'paragraph'; text: Inline; style?: string }
  /** `widths`: the columns' relative widths where a format sets them (the slide deck); else equal. */
  | { kind: 'table'; head: string[]; rows: Cell[][]; cls: string; widths?: number[] }
  /** Key–value pairs: `kv` (small, two columns of pairs) or `record` (a labelled record). */
  | { kind: 'pairs'; entries: Array<[Inline, Inline]>; style: 'kv' | 'record'; widths?: [number, number] }
  /** A chart: inline SVG with its caption (and, for small multiples, a title above it). */
  | { kind: 'chart'; svg: string; caption: string; cls?: string; title?: string; data?: ChartData }
  /** A verdict box: tone, a title and findings. */
  | { kind: 'callout'; tone: 'good' | 'bad'; title: Inline; items: Inline[] }
  | { kind: 'list'; items: Inline[] }
  /** Figures side by side (label, value). */
  | { kind: 'kpis'; items: Array<[string, string]> }
  /** A group of blocks: a card, a boxed article, a scrolling wrapper, a grid of charts, a folded part. */
  | { kind: 'group'; box: 'cards' | 'card' | 'sim' | 'scroll' | 'multiples' | 'details'; blocks: Block[]; summary?: string };

export interface ReportSection {
  /** Stable anchor (`#needs`), also how a test or a format finds it. */
  id: string;
  title: string;
  blocks: Block[];
  /** Starts a new printed page. */
  pageBreak?: true;
}

/** The text of an inline without any markup (for formats without styles); `user` says how to treat user text. */
export function inlineText(x: Inline, user: (text: string) => string, own: (text: string) => string = (t) => t, br = ' '): string {
  if (typeof x === 'string') return own(x);
  if (Array.isArray(x)) return x.map((y) => inlineText(y, user, own, br)).join('');
  if ('user' in x) return user(x.user);
  if ('strong' in x) return inlineText(x.strong, user, own, br);
  if ('span' in x) return (x.div ? br : '') + inlineText(x.span, user, own, br);
  if ('br' in x) return br;
  return '';
}

/** Every block of a list, groups opened, in reading order. */
export function flatBlocks(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((b) => (b.kind === 'group' ? flatBlocks(b.blocks) : [b]));
}
