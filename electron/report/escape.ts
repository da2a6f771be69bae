/**
 * Escaping of user text, one function per output format. Every string that comes from a
 * workshop document goes through exactly one of these on its way into a report.
 */

import { stripBidi } from '../../shared/text/bidi';

export { stripBidi };

/** Other C0 controls (except tab and newline) and lone surrogates have no business in a report. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text as it appears in any format: bidi controls and stray control characters removed, CR LF → LF. */
export function cleanText(text: string): string {
  return stripBidi(text).replace(/\r\n?/g, '\n').replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD');
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text for HTML element content or a quoted attribute value (all five specials and the backtick). */
export function escapeHtml(text: string): string {
  return cleanText(text).replace(/[&<>"'`]/g, (c) => HTML_ENTITIES[c]);
}

/**
 * User text in an HTML report: escaped and isolated with `<bdi>`, so right-to-left text in
 * a name cannot reorder the neutral characters around it. Newlines become `<br>`.
 */
export function userHtml(text: string): string {
  const escaped = escapeHtml(text).replace(/\n/g, '<br>');
  if (!escaped) return '';
  // A very long unbroken run (a pasted hash, a hostile string) may break anywhere rather than widen the page.
  return LONG_RUN.test(text) ? `<bdi class="wrap">${escaped}</bdi>` : `<bdi>${escaped}</bdi>`;
}

const LONG_RUN = /\S{24}/;

/**
 * Markdown escaping that keeps the record readable as plain text: everything is escaped with
 * backslashes (CommonMark escapes any ASCII punctuation), never with HTML entities. `<` `>`
 * and `&` are escaped so no raw HTML or entity reaches a Markdown renderer; so are the inline
 * metacharacters that can open emphasis, code, links, images, tables or strikethrough (`(`
 * and `!` are harmless once `[` and `]` are), and whatever would start a block at the
 * beginning of a line (heading, quote, list, setext underline, ordered list).
 */
function escapeMarkdownLine(line: string): string {
  return line
    .replace(/[\\`*_[\]~|<>&]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([#>+\-=])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** User text in Markdown on one line (tables, list items, headings); newlines become spaces. */
export function escapeMarkdownInline(text: string): string {
  return escapeMarkdownLine(
    cleanText(text)
      .replace(/[ \t]*\n[ \t]*/g, ' ')
      .trim(),
  );
}

/** A run of text inside a Markdown line (spaces at its ends kept): escaped like `escapeMarkdownInline`. */
export function escapeMarkdownRun(text: string): string {
  return escapeMarkdownLine(cleanText(text).replace(/[ \t]*\n[ \t]*/g, ' '));
}

/**
 * User text in Markdown as a paragraph: like `escapeMarkdownInline`, but keeps line
 * breaks (as hard breaks) and drops leading indentation (which would start a code block).
 */
export function escapeMarkdownBlock(text: string): string {
  return cleanText(text)
    .split('\n')
    .map((line) => escapeMarkdownLine(line.trim()))
    .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\\\n')
    .replace(/\\\n$/, '');
}

/** Cell starts that spreadsheets read as a formula (or that Excel strips into one). */
/**
 * A cell a spreadsheet takes for a formula: one that starts with = + - @ (or their full-width
 * forms ＝＋－＠, which some spreadsheets fold), tab or CR — also after leading spaces, NBSP,
 * zero-width and direction marks, which spreadsheets skip.
 */
const FORMULA_START = /^[\s\u00A0\u061C\u180E\u200B-\u200F\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/;
/** C0 control characters other than tab, LF and CR, and DEL: removed from CSV text (NUL, BEL, ESC… survive nowhere useful). */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * One CSV cell (RFC 4180): text cells that a spreadsheet would take for a formula get a
 * leading apostrophe; a cell with a comma, quote, CR or LF is quoted with quotes doubled.
 * Numbers are written as numbers (a negative score stays a number).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = stripBidi(value).replace(LONE_SURROGATE, '\uFFFD').replace(CONTROLS, '');
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record; lines end with CRLF as RFC 4180 asks. */
export function csvRow(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** A file name made from a title: letters, digits (any script), dashes; never empty. */
export function fileSlug(title: string, fallback = 'workshop'): string {
  const slug = cleanText(title)
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}
