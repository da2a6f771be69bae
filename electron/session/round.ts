import { z } from 'zod';
import { BallotSchema, RoundSpecSchema, type Ballot, type JournalProblem, type RoundSpec } from '../../shared/contract/session';
import { pacedQuestions } from './paced';
import { tokenKey } from './tokens';

const pid = z.string().min(1).max(100);
const at = z.string().max(40);
const token = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);
/** The shape of every record, checked on replay: a mis-shaped record is skipped, never applied. */
export const JournalRecordSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('open'),
    roundId: z.string().min(1).max(100),
    spec: RoundSpecSchema,
    address: z.string().min(1).max(100),
    port: z.number().int().min(0).max(65535),
    joinCode: z.string().min(1).max(20),
    links: z.record(pid, token),
    at,
  }),
  z.object({ t: z.literal('join'), pid, via: z.enum(['link', 'code']), device: token.optional(), at }),
  z.object({ t: z.literal('free'), pid, at }),
  /** `via`: entered on the personal link's device or on the device that picked the name by code (absent in older journals). */
  z.object({ t: z.literal('draft'), pid, ballot: BallotSchema, via: z.enum(['link', 'code']).optional(), at }),
  z.object({ t: z.literal('submit'), pid, ballot: BallotSchema, rev: z.number().int().min(1), via: z.enum(['link', 'code']).optional(), at }),
  /** The facilitator set the participant's ballot aside (entered on another device): it leaves the round; revisions go on from `rev`. */
  z.object({ t: z.literal('aside'), pid, rev: z.number().int().min(0), at }),
  z.object({ t: z.literal('close'), reason: z.literal('idle').optional(), at }),
  z.object({ t: z.literal('reopen'), at }),
  /** The round moved to another address (its old network gone); links use the new address and port. */
  z.object({ t: z.literal('move'), address: z.string().min(1).max(100), port: z.number().int().min(1).max(65535), at }),
  z.object({ t: z.literal('reveal'), at }),
  /** A facilitator-paced round: the question on the room's screen, and whether its answers are revealed. */
  z.object({ t: z.literal('pace'), index: z.number().int().min(0), revealed: z.boolean(), at }),
  /** A participant's draft budget (bytes left) when the journal was compacted: the drafts it stands for are gone. */
  z.object({
    t: z.literal('budget'),
    pid,
    bytes: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31),
    at,
  }),
]);
/** What the journal holds, one record per line: exactly what replay accepts. */
export type JournalRecord = z.infer<typeof JournalRecordSchema>;

/** A replayed record, or the problem that keeps it from being applied (its shape, or a participant the round does not invite). */
export function checkRecord(value: unknown, line: number, round: RoundState | null): { rec: JournalRecord } | { problem: JournalProblem } {
  const parsed = JournalRecordSchema.safeParse(value);
  const v = (value ?? {}) as { pid?: unknown; rev?: unknown };
  const who = {
    ...(typeof v.pid === 'string' ? { participantId: v.pid.slice(0, 100) } : {}),
    ...(typeof v.rev === 'number' && Number.isInteger(v.rev) ? { rev: v.rev } : {}),
  };
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: { kind: 'bad-record', line, ...who, message: `${issue.path.join('.') || '(record)'}: ${issue.message}` } };
  }
  const rec = parsed.data as JournalRecord;
  if ('pid' in rec && round && !round.spec.participants.some((p) => p.id === rec.pid))
    return { problem: { kind: 'bad-record', line, ...who, message: `"${rec.pid}" is not invited to this round` } };
  if (rec.t === 'pace' && round && (!round.spec.paced || rec.index >= pacedQuestions(round.spec).length))
    return { problem: { kind: 'bad-record', line, message: `question ${rec.index} is not a question of this round` } };
  if (rec.t === 'submit' && round && rec.rev <= lastRev(round, rec.pid))
    return { problem: { kind: 'bad-record', line, ...who, message: `revision ${rec.rev} does not follow ${lastRev(round, rec.pid)}` } };
  return { rec };
}

/** A round as its journal describes it (rebuilt from the records on restart). */
export interface RoundState {
  roundId: string;
  spec: RoundSpec;
  address: string;
  port: number;
  joinCode: string;
  open: boolean;
  revealed: boolean;
  /** Personal-link token per participant. */
  links: Map<string, string>;
  /** Hash of every valid token → participant id (links and devices joined by code). */
  tokens: Map<string, string>;
  /** Device token issued to whoever picked the name by code. */
  devices: Map<string, string>;
  joined: Set<string>;
  /** When each participant's personal link was first used in this round. */
  linkUsed: Map<string, string>;
  /** When each name was picked by join code, while that pick stands (a free ends it: the link's holder is no longer warned). */
  codeClaims: Map<string, string>;
  /** The participant's latest answers (draft or submission, whichever came last). */
  latest: Map<string, Ballot>;
  drafts: Map<string, Ballot>;
  submitted: Map<string, { ballot: Ballot; rev: number; storedAt: string }>;
  lastSeen: Map<string, number>;
  /** Which device entered each participant's latest answers (when the journal says). */
  ballotVia: Map<string, 'link' | 'code'>;
  /** Ballots the facilitator set aside, per participant: when, and the revision then (the next one follows it). */
  setAside: Map<string, { at: string; rev: number }>;
  /** Last request from each participant's device (not journaled: after a restart, from when the round was loaded). */
  contact: Map<string, number>;
  lastActivity: number;
  /** When the round was opened (the `open` record's time). */
  openedAt: string;
  /** A facilitator-paced round: the current question (index into pacedQuestions) and whether it is revealed; null otherwise. */
  pace: { index: number; revealed: boolean } | null;
}

export function newRoundState(r: Extract<JournalRecord, { t: 'open' }>): RoundState {
  const tokens = new Map<string, string>();
  for (const [pid, token] of Object.entries(r.links)) tokens.set(tokenKey(token), pid);
  return {
    roundId: r.roundId,
    spec: r.spec,
    address: r.address,
    port: r.port,
    joinCode: r.joinCode,
    open: true,
    revealed: false,
    links: new Map(Object.entries(r.links)),
    tokens,
    devices: new Map(),
    joined: new Set(),
    linkUsed: new Map(),
    codeClaims: new Map(),
    latest: new Map(),
    drafts: new Map(),
    submitted: new Map(),
    lastSeen: new Map(),
    ballotVia: new Map(),
    setAside: new Map(),
    contact: new Map(),
    lastActivity: Date.parse(r.at),
    openedAt: r.at,
    pace: r.spec.paced ? { index: 0, revealed: false } : null,
  };
}

/** Applies one record to the round (the same code for live changes and for replay after a restart). */
export function applyRecord(round: RoundState | null, rec: JournalRecord): RoundState | null {
  if (rec.t === 'open') return newRoundState(rec);
  if (!round) return null;
  const at = Date.parse(rec.at);
  if (Number.isFinite(at)) round.lastActivity = Math.max(round.lastActivity, at);
  switch (rec.t) {
    case 'join':
      round.joined.add(rec.pid);
      if (rec.via === 'link') {
        if (!round.linkUsed.has(rec.pid)) round.linkUsed.set(rec.pid, rec.at);
      } else round.codeClaims.set(rec.pid, rec.at);
      if (rec.device) {
        const old = round.devices.get(rec.pid);
        if (old) round.tokens.delete(tokenKey(old));
        round.devices.set(rec.pid, rec.device);
        round.tokens.set(tokenKey(rec.device), rec.pid);
      }
      break;
    case 'free': {
      round.joined.delete(rec.pid);
      const device = round.devices.get(rec.pid);
      if (device) round.tokens.delete(tokenKey(device));
      round.devices.delete(rec.pid);
      round.codeClaims.delete(rec.pid);
      break;
    }
    case 'draft':
      round.drafts.set(rec.pid, rec.ballot);
      round.latest.set(rec.pid, rec.ballot);
      round.lastSeen.set(rec.pid, at);
      noteVia(round, rec.pid, rec.via);
      break;
    case 'submit':
      round.submitted.set(rec.pid, { ballot: rec.ballot, rev: rec.rev, storedAt: rec.at });
      round.drafts.delete(rec.pid);
      round.latest.set(rec.pid, rec.ballot);
      round.lastSeen.set(rec.pid, at);
      noteVia(round, rec.pid, rec.via);
      break;
    case 'aside':
      round.submitted.delete(rec.pid);
      round.drafts.delete(rec.pid);
      round.latest.delete(rec.pid);
      round.ballotVia.delete(rec.pid);
      round.setAside.set(rec.pid, { at: rec.at, rev: rec.rev });
      break;
    case 'close':
      round.open = false;
      break;
    case 'reopen':
      round.open = true;
      break;
    case 'move':
      round.address = rec.address;
      round.port = rec.port;
      break;
    case 'reveal':
      round.revealed = true;
      break;
    case 'pace':
      if (round.pace) round.pace = { index: rec.index, revealed: rec.revealed };
      break;
    case 'budget':
      break; // the manager's, not the round's
  }
  return round;
}

function noteVia(round: RoundState, pid: string, via: 'link' | 'code' | undefined) {
  if (via) round.ballotVia.set(pid, via);
  else round.ballotVia.delete(pid);
}

/** The participant's last revision: submitted, or set aside (the next submission follows either). */
export const lastRev = (round: RoundState, pid: string): number => round.submitted.get(pid)?.rev ?? round.setAside.get(pid)?.rev ?? 0;

/** A set-aside ballot not yet followed by a new submission: the name's page says so. */
export const setAsideOf = (round: RoundState, pid: string): { at: string } | undefined => {
  const a = round.setAside.get(pid);
  return a && !round.submitted.has(pid) ? { at: a.at } : undefined;
};

/** Two people on one name: picked by join code on a device while its personal link is in use too. */
export const inConflict = (round: RoundState, pid: string): boolean => round.devices.has(pid) && round.linkUsed.has(pid);

/** Answers with a score in a ballot: cells, and focus points of dimensions scored at their focus points. */
export const filledCells = (b: Ballot | undefined): number => (b ? b.cells.filter((c) => c.value !== null).length + b.leafCells.length : 0);

/** Answers a round expects of each participant: one per asked cell, or one per focus point for a dimension scored at its focus points. */
export function expectedAnswers(spec: RoundSpec): number {
  const per = new Map(spec.criteria.map((k) => [k.id, k.leaves?.length ?? 1]));
  if (spec.cells) return spec.cells.reduce((n, c) => n + (per.get(c.criterionId) ?? 1), 0);
  return spec.criteria.reduce((n, k) => n + (per.get(k.id) ?? 1) * spec.candidates.length, 0);
}
