/**
 * The per-rollout turn loop (shared rules of the simulator and the analytic estimate).
 *
 * A rollout starts with `promptTokens` of context. Each turn it generates g tokens (context
 * grows by g), then — unless it was the last turn — calls a tool (waits its latency) and
 * appends o observation tokens (context grows by o, which must be prefilled). Decoding a
 * token reads the KV of the whole context, so a turn's cost grows with everything before it:
 * that is why cost per step grows faster than linearly in turns.
 *
 * Context overflow (context + g > maxContextTokens):
 *   truncate  — generate up to the window and end the rollout (kept, marked truncated);
 *   summarize — generate `summaryTokens`, restart the context from
 *               prompt + summary (re-prefilled), then generate the turn;
 *   fail      — generate up to the window, then discard the rollout (its tokens are wasted).
 * A tool observation longer than the room left in the window is clipped to it.
 */

export const OVERFLOW_TRUNCATE = 0;
export const OVERFLOW_SUMMARIZE = 1;
export const OVERFLOW_FAIL = 2;
export type OverflowPolicy = typeof OVERFLOW_TRUNCATE | typeof OVERFLOW_SUMMARIZE | typeof OVERFLOW_FAIL;

export function overflowCode(policy: 'truncate' | 'summarize' | 'fail'): OverflowPolicy {
  return policy === 'truncate' ? OVERFLOW_TRUNCATE : policy === 'summarize' ? OVERFLOW_SUMMARIZE : OVERFLOW_FAIL;
}

/** Outcome of planning one turn's generation. */
export const TURN_OK = 0;
export const TURN_TRUNCATED = 1;
export const TURN_FAILED = 2;
export const TURN_SUMMARIZE_FIRST = 3;

/**
 * Decides what a turn that wants to generate `gen` tokens at `context` does.
 * Returns the action; the tokens to decode now are `tokensFor(action, …)`.
 */
export function planTurn(context: number, gen: number, maxContext: number, policy: OverflowPolicy, summarized: boolean): number {
  if (context + gen <= maxContext) return TURN_OK;
  if (policy === OVERFLOW_TRUNCATE) return TURN_TRUNCATED;
  if (policy === OVERFLOW_FAIL) return TURN_FAILED;
  // Summarize once per turn; if the turn still does not fit after summarizing, truncate.
  return summarized ? TURN_TRUNCATED : TURN_SUMMARIZE_FIRST;
}

/** Tokens decoded for a planned turn (the summary itself when summarizing first). */
export function tokensFor(action: number, context: number, gen: number, maxContext: number, summaryTokens: number): number {
  const room = Math.max(0, maxContext - context);
  if (action === TURN_OK) return gen;
  // The summary is generated over the full window (the oldest tokens make room for it).
  if (action === TURN_SUMMARIZE_FIRST) return summaryTokens;
  return Math.min(gen, room);
}

/** Token accounting of one rollout walked with given per-turn values (no timing). */
export interface RolloutProfile {
  turns: number;
  generated: number;
  /** Trajectory tokens (prompt + generated + observations; summaries included). */
  trajectory: number;
  /** Σ over generated tokens of the context each one reads (token·context), for KV traffic. */
  kvTokenContext: number;
  /** Tokens prefilled (prompt, observations, contexts rebuilt after summaries). */
  prefillTokens: number;
  /** Σ new·(context + new/2) over prefills, for attention FLOPs. */
  prefillPairs: number;
  toolCalls: number;
  truncated: boolean;
  failed: boolean;
}

/**
 * Walks the turn loop deterministically: turn t generates gen(t) and observes obs(t).
 * Used by the analytic estimate (with expected values) and by tests.
 */
export function walkRollout(
  turns: number,
  gen: (turn: number) => number,
  obs: (turn: number) => number,
  promptTokens: number,
  maxContext: number,
  policy: OverflowPolicy,
  summaryTokens: number,
): RolloutProfile {
  const p: RolloutProfile = {
    turns: 0,
    generated: 0,
    trajectory: promptTokens,
    kvTokenContext: 0,
    prefillTokens: promptTokens,
    prefillPairs: (promptTokens * promptTokens) / 2,
    toolCalls: 0,
    truncated: false,
    failed: false,
  };
  let ctx = promptTokens;
  const decode = (n: number) => {
    p.generated += n;
    p.trajectory += n;
    p.kvTokenContext += n * (ctx + n / 2);
    ctx += n;
  };
  for (let t = 0; t < turns; t++) {
    p.turns++;
    const g = gen(t);
    let action = planTurn(ctx, g, maxContext, policy, false);
    if (action === TURN_SUMMARIZE_FIRST) {
      decode(tokensFor(action, ctx, g, maxContext, summaryTokens));
      const summary = Math.min(summaryTokens, maxContext - promptTokens - 1);
      ctx = promptTokens + summary;
      p.prefillTokens += ctx;
      p.prefillPairs += (ctx * ctx) / 2;
      action = planTurn(ctx, g, maxContext, policy, true);
    }
    decode(tokensFor(action, ctx, g, maxContext, summaryTokens));
    if (action === TURN_TRUNCATED) {
      p.truncated = true;
      break;
    }
    if (action === TURN_FAILED) {
      p.failed = true;
      break;
    }
    if (t === turns - 1) break;
    p.toolCalls++;
    const o = Math.min(obs(t), maxContext - ctx);
    p.prefillTokens += o;
    p.prefillPairs += o * (ctx + o / 2);
    ctx += o;
    p.trajectory += o;
  }
  return p;
}
