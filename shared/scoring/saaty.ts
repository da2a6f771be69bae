/**
 * Saaty's 1–9 scale as a slider: the one mapping between slider positions and pairwise
 * judgments, used by the facilitator's AHP panel, the document's AHP edits and the
 * participants' page alike (so a judgment reads back to the position it was given at).
 */

/** Judgments a_ij of the scale: 1/9 … 1/2, 1, 2 … 9. */
export const SAATY_STEPS = 8;

/** Slider position −8…8 → judgment: 0 = equal, k > 0 = row k+1 times as important, k < 0 = column. */
export function judgmentOfStep(step: number): number {
  const k = Math.max(-SAATY_STEPS, Math.min(SAATY_STEPS, Math.round(step)));
  return k >= 0 ? k + 1 : 1 / (1 - k);
}

/** The nearest slider position of any positive judgment (nearest on a log scale of the Saaty values). */
export function stepOfJudgment(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 0;
  let best = 0;
  let bestDist = Infinity;
  for (let k = -SAATY_STEPS; k <= SAATY_STEPS; k++) {
    const d = Math.abs(Math.log(judgmentOfStep(k)) - Math.log(value));
    if (d < bestDist - 1e-12) {
      bestDist = d;
      best = k;
    }
  }
  return best;
}

/** "3", "1/3", or a decimal for a value off the scale ("2.4"). */
export function formatJudgment(value: number): string {
  const step = stepOfJudgment(value);
  if (Math.abs(judgmentOfStep(step) - value) < 1e-9) return step >= 0 ? String(step + 1) : `1/${1 - step}`;
  return value >= 1 ? value.toFixed(1) : `1/${(1 / value).toFixed(1)}`;
}

/**
 * A judgment's place on the slider's axis, continuous: Saaty's values land on their steps
 * (9 → 8, 1 → 0, 1/3 → −2) and a value between two (a group's geometric mean) between them.
 */
export function positionOfJudgment(value: number): number {
  return value >= 1 ? value - 1 : 1 - 1 / value;
}

/** The judgment at a place on the slider's axis (the inverse of positionOfJudgment). */
export function judgmentOfPosition(position: number): number {
  return position >= 0 ? position + 1 : 1 / (1 - position);
}
