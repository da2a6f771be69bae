import { freezeAll } from './engine';
import { CKPT, EVAL, STEP_OVERHEADS, type DesState } from './state';

/**
 * Per-step overheads after the weight update: a checkpoint write when `checkpointMinutes` have
 * passed since the last one (and after the last step; the trainer is busy, colocated engines
 * frozen) and an evaluation every `evalEverySteps` (engines frozen). Returns their seconds
 * (0: none this step).
 */
export function startStepOverheads(st: DesState): number {
  const now = st.clk[0];
  const k = st.trainingsDone;
  st.trainerPhase = STEP_OVERHEADS;
  const ckpt = now - st.lastCheckpoint >= st.ckptEvery || k === st.steps - 1 ? st.ckptSec : 0;
  if (ckpt > 0) st.lastCheckpoint = now + ckpt;
  const ev = st.evalEvery > 0 && (k + 1) % st.evalEvery === 0 ? st.evalSec : 0;
  st.acc[CKPT] += ckpt;
  st.acc[EVAL] += ev;
  st.stepOverhead[k] = ckpt + ev;
  const blocked = (st.colocated ? ckpt : 0) + ev;
  if (blocked > 0) freezeAll(st, blocked);
  if (ckpt + ev > 0) st.q.set(st.TRAINER, now + ckpt + ev);
  return ckpt + ev;
}
