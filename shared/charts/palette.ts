/** Series colours (the app's light-theme --c1…--c10), colour-blind-aware order; cycles beyond ten. */
export const SERIES_COLOURS = ['#1f5fbf', '#d1495b', '#2a9d8f', '#e9a03b', '#7b5ea7', '#5c8001', '#c05299', '#3d5a80', '#8d6e63', '#00838f'] as const;

export function seriesColour(index: number): string {
  return SERIES_COLOURS[((index % SERIES_COLOURS.length) + SERIES_COLOURS.length) % SERIES_COLOURS.length];
}
