/*
 * Series colours: the one mapping from a candidate's colour slot (stored in the document when the
 * candidate is created, see CandidateSchema.colour) to a colour, used by the screens and the
 * reports alike, so a candidate keeps its colour whatever its rank or position.
 */

/** Series colours (the app's light-theme --c1…--c10), colour-blind-aware order; cycles beyond ten. */
export const SERIES_COLOURS = ['#1f5fbf', '#d1495b', '#2a9d8f', '#e9a03b', '#7b5ea7', '#5c8001', '#c05299', '#3d5a80', '#8d6e63', '#00838f'] as const;

/** The palette position (0–9) of colour slot `slot`. */
export function paletteIndex(slot: number): number {
  const k = SERIES_COLOURS.length;
  return ((Math.trunc(slot) % k) + k) % k;
}

/**
 * The colour of slot `slot`: `'hex'` for standalone documents (reports, exported SVG), `'css'` for
 * the app's screens (the theme's --c1…--c10, which the dark theme redefines; the light value as fallback).
 */
export function seriesColour(slot: number, form: 'hex' | 'css' = 'hex'): string {
  const i = paletteIndex(slot);
  return form === 'hex' ? SERIES_COLOURS[i] : `var(--c${i + 1}, ${SERIES_COLOURS[i]})`;
}
