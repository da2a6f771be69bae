/**
 * Bidirectional embedding/override/isolate controls (U+202A–U+202E, U+2066–U+2069).
 * A stray RIGHT-TO-LEFT OVERRIDE in a name can make the text after it read backwards
 * ("exe.txt" tricks) and spill into the surrounding words, so they are removed wherever a
 * name is shown or exported. Plain direction marks (U+200E/U+200F) stay: they cannot reorder
 * anything after them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function stripBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
