/**
 * Label wrapping for charts: long names are broken into lines that fit a measured width instead
 * of being cut short. The width of a string comes from the caller (`measure`, px) — the renderer
 * measures with the font on screen, the Node side may estimate — so this stays pure.
 */
export type Measure = (text: string) => number;

/** Han, kana, hangul and full-width forms: a line may break before or after any of them. */
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
/** Closing punctuation that must not start a line (it stays with the character before). */
const NO_START = /^[，。、；：！？）》」』】〕,.;:!?)\]}%]/;

/** Opening punctuation that must not end a line. */
const NO_END = /[（《「『【〔([{“‘]/;

/** Pieces a line may break between: words with their trailing spaces, single CJK characters. */
function pieces(text: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const ch of text) {
    if (CJK.test(ch)) {
      if (word) out.push(word);
      word = '';
      if (NO_START.test(ch) && out.length) out[out.length - 1] += ch;
      else out.push(ch);
    } else if (/\s/.test(ch)) {
      word += ch;
      out.push(word);
      word = '';
    } else if (NO_START.test(ch) && !word && out.length && CJK.test(out[out.length - 1].slice(-1))) {
      out[out.length - 1] += ch;
    } else word += ch;
  }
  if (word) out.push(word);
  // Opening brackets stay with what follows them (a line never ends with "（").
  for (let i = out.length - 2; i >= 0; i--) if (NO_END.test(out[i].trimEnd().slice(-1))) out.splice(i, 2, out[i] + out[i + 1]);
  return out;
}

/**
 * Greedy wrap of `text` into lines no wider than `maxWidth` (px as returned by `measure`).
 * Breaks at spaces and between CJK characters; a single word wider than the line is broken
 * between characters so nothing is ever cut off. Lines carry no leading or trailing spaces.
 */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (const piece of pieces(text.trim())) {
    if (measure((line + piece).trimEnd()) <= maxWidth) {
      line += piece;
      continue;
    }
    push();
    if (measure(piece.trimEnd()) <= maxWidth) {
      line = piece;
      continue;
    }
    // A word longer than a whole line: break it between characters.
    for (const ch of piece) {
      if (line && measure((line + ch).trimEnd()) > maxWidth) push();
      line += ch;
    }
  }
  push();
  return lines.length ? lines : [''];
}

/** Widest of the lines, px. */
export function widest(lines: readonly string[], measure: Measure): number {
  return lines.reduce((w, l) => Math.max(w, measure(l)), 0);
}

/**
 * A rough width estimate where no font can be measured (Node-side reports, exports):
 * CJK glyphs about one em, other characters about 0.58 em.
 */
export function estimateWidth(px: number): Measure {
  return (s) => {
    let w = 0;
    for (const ch of s) w += CJK.test(ch) ? px : px * 0.58;
    return w;
  };
}
