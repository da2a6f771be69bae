import { Rng } from '../engine/rng';
import { applyGpuFailures } from './failures';
import type { ResolvedScenario } from './scenario';
import { desOutput, type DesOutput } from './des/accounting';
import { startStepOverheads } from './des/checkpoint';
import { advance } from './des/engine';
import { launchMore, onEngineEvent, onTimer, openPhase, resumePaused } from './des/rollouts';
import { DesState, TRAINING, WEIGHT_SYNC } from './des/state';
import { tryTrain } from './des/training';
import { startWeightSync } from './des/weightSync';

export type { DesOutput } from './des/accounting';

/**
 * Discrete-event simulation of an agentic-RL run.
 *
 * ENGINES AND THE PAGED KV CACHE. The rollout pool is split into `engines` inference engines,
 * each with a KV pool of `kvPoolTokens` tokens allocated in pages as sequences use them (vLLM,
 * SGLang): a sequence holds KV for its current context, never for the whole window. Every
 * rollout is assigned an engine when launched (round robin) and stays there. It waits in the
 * engine's queue until the engine has a free decoding place (`maxSequencesPerEngine`) and room
 * for its context plus a 1 % watermark; admission prefills what is not in the cache.
 * All sequences decoding on an engine advance one token per decode step, so each engine keeps a
 * clock τ counting its decode steps: a segment of g tokens started at τ₀ ends when τ = τ₀ + g.
 * The wall time of a decode step is `decodeStepSeconds(n decoding, Σ their context)` and only
 * changes when a sequence starts or stops decoding, so τ advances piecewise linearly. KV in use
 * is `kvConst + nDecoding·τ`, so the tick at which the pool fills is one more event: then the
 * oldest evictable cache is dropped, else the most recently admitted sequence is preempted —
 * `recompute` drops its KV (its context is prefilled again when readmitted, ahead of the queue),
 * `swap` copies it to host memory and back over the host link. During a tool call a rollout's
 * KV is either kept (pinned) or freed into the evictable prefix cache (`kvDuringTool`): if it is
 * still cached when the tool returns only the observation is prefilled, else the whole context.
 * Prefill and weight loading pause the engine's decoding ("freeze").
 *
 * ENVIRONMENT. A rollout first starts its sandbox (`sandboxStartSeconds`); at most
 * `maxConcurrentSandboxes` rollouts are alive at once; tool calls are wall-time delays; a
 * finished rollout waits `rewardSeconds` for its reward (verifier) before it counts as done.
 *
 * STEPS AND GROUPS. Rollouts come in GRPO groups of `rolloutsPerPrompt`; a group trains when all
 * its rollouts are done. Dynamic sampling drops a finished group with probability
 * `dynamicSamplingDropRate` (its tokens are wasted). `sync`: a step launches promptsPerStep groups;
 * when all are done (or paused, with partial rollout) and fewer groups than promptsPerStep were
 * kept, another wave of groups is launched (DAPO); then the trainer trains on the kept groups,
 * the weights are updated and the next step starts. `async`: generation never waits for
 * training; a rollout may start only while started < (version + 1 + staleness) × batch / (1 − drop),
 * and the trainer trains on the first promptsPerStep complete groups. Colocated pools: engines
 * are frozen while the trainer trains. Partial rollout: a rollout that has generated
 * `partialCutoffTokens` since it was (re)started pauses, frees its KV and resumes after the next
 * weight update, re-prefilling its context; a weight update also interrupts the rollouts in flight,
 * whose KV is stale and recomputed (des/weightSync.ts). Policy lag = versions between a trained sample's
 * launch and the policy it updates.
 *
 * PER-STEP OVERHEADS. After training: the weight update (`syncSeconds`, engines frozen), then a
 * checkpoint write when `checkpointMinutes` have passed since the last one (trainer busy; engines
 * frozen if colocated) and an evaluation every `evalEverySteps` (engines frozen).
 *
 * FAILURES. Sandbox failures (per tool call, `envFailureRate`) restart the rollout from
 * scratch (up to `envMaxRetries`, then it counts as failed, trained on nothing). GPU failures
 * and spot interruptions are a Poisson process over the failure-free timeline: each loses the
 * work since the last checkpoint plus the restart time (see `applyGpuFailures`).
 *
 * Units: seconds, tokens, bytes, FLOPs.
 */
/**
 * The event loop: engines' and the trainer's events and rollouts' timers in time order, until
 * the last step is trained; then GPU failures over the failure-free timeline. The state lives in
 * `DesState`; each phase in its module under des/ (engine and KV pool, rollouts, training, weight
 * sync, checkpoint and evaluation, accounting), failures in failures.ts.
 */
export function simulate(r: ResolvedScenario, onProgress?: (done: number) => void): DesOutput {
  const st = new DesState(r, onProgress);
  const { q, timers, clk, E } = st;
  if (!st.isAsync) openPhase(st);
  launchMore(st);
  while (st.trainingsDone < st.steps) {
    const tq = q.size > 0 ? q.peekKey() : Infinity;
    const tt = timers.size > 0 ? timers.peekKey() : Infinity;
    if (tq === Infinity && tt === Infinity) throw new Error('Simulation stalled: no pending events before the last step.');
    if (tq <= tt) {
      clk[0] = tq;
      const id = q.peekId();
      // An engine stays queued: its reschedule re-keys it in place (one sift instead of two).
      if (id < E) onEngineEvent(st, id);
      else {
        q.remove(id);
        onTrainerEvent(st);
      }
    } else {
      clk[0] = tt;
      onTimer(st, timers.pop());
    }
  }
  for (let e = 0; e < E; e++) advance(st, e);
  const s = r.scenario;
  const failures = applyGpuFailures(st.stepSeconds, r.failureRate, s.reliability, new Rng((s.seed ^ 0x5bd1e995) >>> 0));
  return desOutput(st, failures);
}

/** The trainer's phase ended: training → weight sync → checkpoint/evaluation → the step ends. */
function onTrainerEvent(st: DesState): void {
  if (st.trainerPhase === TRAINING) {
    startWeightSync(st);
    return;
  }
  if (st.trainerPhase === WEIGHT_SYNC && startStepOverheads(st) > 0) return;
  endStep(st);
}

/** A step ends: the policy version advances, paused rollouts resume, the next step's rollouts launch. */
function endStep(st: DesState): void {
  const now = st.clk[0];
  const k = st.trainingsDone;
  st.trainingsDone++;
  st.stepSync[k] = st.syncSec;
  st.stepSeconds[k] = now - st.lastStepEnd;
  st.lastStepEnd = now;
  st.trainerBusy = false;
  st.trainerFreeAt = now;
  st.version++;
  if (st.onProgress) st.onProgress(st.trainingsDone / st.steps);
  if (st.trainingsDone >= st.steps) return;
  if (!st.isAsync) openPhase(st);
  resumePaused(st);
  launchMore(st);
  tryTrain(st);
}
