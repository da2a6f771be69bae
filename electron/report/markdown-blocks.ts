import { inlineText, type Block, type Inline, type ReportSection } from './blocks';
import { escapeMarkdownBlock, escapeMarkdownInline as md, escapeMarkdownRun } from './escape';

/** Where the Markdown record is written: its lines and the three shapes every part uses. */
export interface MarkdownOut {
  lines: string[];
  /** A paragraph of user text (escaped as a block), nothing when blank. */
  para: (text: string) => void;
  heading: (level: number, text: string) => void;
  /** A pipe table of cells already escaped; nothing without rows. */
  table: (head: string[], rows: string[][]) => void;
}

/**
 * Any report section (sections.ts) in Markdown, one renderer per block kind: the section as a
 * level-2 heading, its blocks below. Every text is escaped, our words too (they may contain
 * Markdown's metacharacters); charts, which Markdown cannot draw, leave their caption.
 */
export function markdownSection(out: MarkdownOut, section: ReportSection): void {
  out.heading(2, md(section.title));
  for (const b of section.blocks) markdownBlock(out, b);
}

/** One line of inline text, escaped; strong runs in bold, line breaks as "; ". */
function line(x: Inline): string {
  return run(x).trim();
}

function run(x: Inline): string {
  if (typeof x === 'string') return escapeMarkdownRun(x);
  if (Array.isArray(x)) return x.map(run).join('');
  if ('strong' in x) return `**${line(x.strong)}**`;
  return inlineText(x, escapeMarkdownRun, escapeMarkdownRun, '; ');
}

function markdownBlock(out: MarkdownOut, b: Block): void {
  switch (b.kind) {
    case 'heading':
      return out.heading(b.level ?? 3, line(b.text));
    case 'paragraph': {
      const text = inlineText(
        b.text,
        (t) => t,
        (t) => t,
        '\n',
      );
      if (text.trim()) out.lines.push(b.style === 'empty' || b.style?.includes('muted') ? `_${line(b.text)}_` : escapeMarkdownBlock(text), '');
      return;
    }
    case 'table':
      return out.table(
        b.head.map(md),
        b.rows.map((row) => row.map((c) => line(c.text))),
      );
    case 'pairs':
      out.lines.push(...b.entries.map(([k, v]) => `- **${line(k)}:** ${line(v)}`), '');
      return;
    case 'kpis':
      out.lines.push(...b.items.map(([k, v]) => `- **${md(k)}:** ${md(v)}`), '');
      return;
    case 'chart':
      out.lines.push(`_${md(b.title ? `${b.title} · ${b.caption}` : b.caption)}_`, '');
      return;
    case 'callout':
      out.lines.push(`**${line(b.title)}**`, '', ...b.items.map((x) => `- ${line(x)}`), '');
      return;
    case 'list':
      out.lines.push(...b.items.map((x) => `- ${line(x)}`), '');
      return;
    case 'group':
      if (b.summary) out.lines.push(`**${md(b.summary)}**`, '');
      for (const inner of b.blocks) markdownBlock(out, inner);
      return;
  }
}
