/** Token bucket per key (a client's address): `burst` requests at once, `perSecond` sustained. */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True if the request may go ahead (and counts it). */
  take(key: string): boolean {
    const t = this.now();
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size > 10_000) this.buckets.clear(); // bounded memory
      b = { tokens: this.burst, at: t };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

/** Counts failures per key in a sliding window: join-code guesses. */
export class FailureWindow {
  private hits = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `max`: this key's own limit, if not the window's. */
  blocked(key: string, max = this.max): boolean {
    return this.recent(key).length >= max;
  }
  fail(key: string): void {
    if (this.hits.size > 10_000) this.hits.clear();
    this.hits.set(key, [...this.recent(key), this.now()]);
  }
  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since);
  }
}

/**
 * Journal bytes of drafts each participant may still write: a token bucket per participant
 * (`burst` bytes at once, `perSecond` sustained) whose state is rebuilt on replay from the
 * drafts journaled and the levels saved at compaction, so a restart does not refill it.
 */
export class DraftBudgets {
  private levels = new Map<string, { bytes: number; at: number }>();
  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {}

  private level(pid: string, now: number) {
    const b = this.levels.get(pid) ?? { bytes: this.burst, at: now };
    b.bytes = Math.min(this.burst, b.bytes + (Math.max(0, now - b.at) / 1000) * this.perSecond);
    b.at = Math.max(b.at, now);
    this.levels.set(pid, b);
    return b;
  }

  /** Spends `bytes` if the participant has them now; false (nothing spent) otherwise. */
  trySpend(pid: string, bytes: number, now: number): boolean {
    const b = this.level(pid, now);
    if (b.bytes < bytes) return false;
    b.bytes -= bytes;
    return true;
  }

  /** Replay: a journaled draft spent its bytes then. */
  spent(pid: string, bytes: number, at: number): void {
    const b = this.level(pid, at);
    b.bytes = Math.max(0, b.bytes - bytes);
  }

  /** Replay: the level saved at compaction (it stands for every draft before it). */
  restore(pid: string, bytes: number, at: number): void {
    this.levels.set(pid, { bytes: Math.min(this.burst, Math.max(0, bytes)), at });
  }

  /** Participants below a full budget at `now`, for the records a compaction writes. */
  below(now: number): { pid: string; bytes: number }[] {
    const out: { pid: string; bytes: number }[] = [];
    for (const pid of [...this.levels.keys()]) {
      const b = this.level(pid, now);
      if (b.bytes < this.burst) out.push({ pid, bytes: Math.floor(b.bytes) });
    }
    return out;
  }
}

/** What a draft costs of its participant's budget: the bytes of its ballot in the journal. */
export const draftCost = (ballot: unknown): number => Buffer.byteLength(JSON.stringify(ballot), 'utf8');
