/** The page's frame scheduler; absent in Node (unit tests, and the Node-side tests of the safety copy). */
const frame = (globalThis as { requestAnimationFrame?: (run: () => void) => number }).requestAnimationFrame;

/**
 * Resolves once the frame that draws what was just set has been drawn (at once where nothing
 * draws, as in unit tests). Two frames: the start-up read is set before the app's first render
 * (main.tsx), and the frame drawn meanwhile is still empty; waiting for that one only would read
 * 1,000 summaries just before the frame that paints the list.
 */
function afterPaint(): Promise<void> {
  if (!frame) return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => frame(() => frame(() => setTimeout(resolve, 0))));
}

type IdleDeadline = { timeRemaining(): number; didTimeout: boolean };
/** The page's idle scheduler; absent in Node. */
const idle = (globalThis as { requestIdleCallback?: (run: (d: IdleDeadline) => void, o?: { timeout: number }) => number }).requestIdleCallback;

/**
 * How long an idle period must be for background work: longer than the gap between two frames
 * (16 ms at 60 Hz), so not between the frames of a list being read and drawn; and the longest it
 * waits for one (the safety copy's lag behind a save stays within a second while edits stream).
 */
const IDLE_PERIOD_MS = 25;
const IDLE_WAIT_MS = 1000;

/**
 * Resolves in a long idle period of the page (the browser expects ≥ 25 ms without a frame or
 * input to handle), after the next paint; at the latest 1 s on. For background work that holds
 * the main thread a while (sending a large workshop to the safety copy), so that it does not hold
 * up what the user is waiting for, such as the frames of a list being read and drawn.
 */
export async function whenIdle(): Promise<void> {
  await afterPaint();
  if (!idle) return;
  const since = performance.now();
  await new Promise<void>((resolve) => {
    const ask = (d: IdleDeadline) =>
      d.didTimeout || d.timeRemaining() >= IDLE_PERIOD_MS || performance.now() - since >= IDLE_WAIT_MS ? resolve() : idle(ask, { timeout: IDLE_WAIT_MS });
    idle(ask, { timeout: IDLE_WAIT_MS });
  });
}
