import { trainStep } from '../train';
import { freezeAll } from './engine';
import {
  GENERATED,
  LAG_BINS,
  LAG_N,
  LAG_SUM,
  PHASE_LONGEST,
  PHASE_PAIRS,
  PHASE_TOKENS,
  TRAIN_FLOPS,
  TRAIN_SECONDS,
  TRAINED,
  TRAINING,
  type DesState,
} from './state';

/**
 * Training: the trainer takes a batch of kept groups (sync: the phase's; async: the first
 * promptsPerStep complete groups) and trains on it for `trainStep`'s seconds; colocated engines
 * are frozen meanwhile. Policy lag is recorded as a batch is trained.
 */

/** Records the policy lag of a group of `G` samples trained now by the policy `version` produces (the update trains version → version + 1). */
export function recordLag(st: DesState, verMin: number, verSum: number): void {
  st.acc[LAG_SUM] += st.G * st.version - verSum;
  st.acc[LAG_N] += st.G;
  const worst = st.version - verMin;
  st.lagHist[worst < LAG_BINS ? worst : LAG_BINS - 1] += st.G;
  st.trainedRollouts += st.G;
}

/** Async: takes the first promptsPerStep complete groups; their tokens (their causal pairs into `acc[PHASE_PAIRS]`), or −1 when too few are complete. */
function takeAsyncBatch(st: DesState): number {
  if (st.dLen < st.P) return -1;
  let tokens = 0;
  st.acc[PHASE_PAIRS] = 0;
  for (let i = 0; i < st.P; i++) {
    tokens += st.dTokens[st.dHead];
    st.acc[PHASE_PAIRS] += st.dPairs[st.dHead];
    recordLag(st, st.dVerMin[st.dHead], st.dVerSum[st.dHead]);
    st.dHead = (st.dHead + 1) % st.gcap;
  }
  st.dLen -= st.P;
  return tokens;
}

/** Starts training when the trainer is free and a batch is ready. */
export function tryTrain(st: DesState): void {
  const now = st.clk[0];
  if (st.trainerBusy || st.trainingsDone >= st.steps) return;
  let tokens: number;
  if (st.isAsync) {
    tokens = takeAsyncBatch(st);
    if (tokens < 0) return;
  } else {
    if (st.phaseOpen > 0) return;
    tokens = st.acc[PHASE_TOKENS];
  }
  const k = st.trainingsDone;
  st.acc[TRAINED] += tokens;
  const t = trainStep(st.r.train, tokens, st.acc[PHASE_PAIRS]);
  st.acc[TRAIN_FLOPS] += t.flops;
  st.acc[TRAIN_SECONDS] += t.seconds;
  st.stepRollout[k] = now - st.trainerFreeAt;
  st.stepTrain[k] = t.seconds;
  st.stepLongest[k] = st.acc[PHASE_LONGEST];
  st.stepGen[k] = st.acc[GENERATED] - st.stepGenStart;
  st.stepGenStart = st.acc[GENERATED];
  st.trainerBusy = true;
  st.trainerPhase = TRAINING;
  if (st.colocated) freezeAll(st, t.seconds);
  st.q.set(st.TRAINER, now + t.seconds);
}
