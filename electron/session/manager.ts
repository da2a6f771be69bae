import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ContractError } from '../../shared/contract/errors';
import { STATUS_WAIT_MS } from '../../shared/contract/session';
import type {
  ClaimedElsewhere,
  ListenProblem,
  NetworkInterfaceInfo,
  JournalHealth,
  JournalProblem,
  ParticipantMethod,
  RoundSpec,
  RoundStatus,
  SessionEvent,
  SessionStatus,
  SubmittedBallot,
  WriteFailure,
} from '../../shared/contract/session';
import { decodeLine, frame, Journal, moveJournalAside, pruneSideFiles, storageError, writeAtomic, type JournalIO } from './journal';
import { DraftBudgets, draftCost, FailureWindow } from './limits';
import { hostPort, startListener, type Listener, type ListenerOptions } from './listener';
import { ballotResponse, checkBallot, parseParticipantRequest, participantOf } from './participant';
import { checkAnswer, pacedQuestions, pacedTally, withAnswer, withLeafAnswer } from './paced';
import {
  applyRecord,
  checkRecord,
  expectedAnswers,
  filledCells,
  inConflict,
  lastRev,
  newRoundState,
  setAsideOf,
  type JournalRecord,
  type RoundState,
} from './round';
import { newJoinCode, newRoundId, newToken, sameSecret } from './tokens';

export interface SessionManagerOptions {
  /** The Node side's data folder; rounds are journaled in `<dataDir>/sessions/`. */
  dataDir: string;
  /** build/renderer (the participant page). */
  staticDir?: string;
  /** An open round nobody used for this long closes itself (default 4 hours). */
  idleMs?: number;
  /** Team-supplied certificate and key; default: `<dataDir>/tls/cert.pem` and `key.pem` if both exist. */
  tls?: { cert: Buffer; key: Buffer } | null;
  /** Per-device request rate (default 60 at once, 20 per second). */
  limits?: { burst: number; perSecond: number };
  /** Journal bytes of drafts per participant (default 1 MiB at once, 16 KiB per second); over it a draft is refused, to be sent again. */
  draftBudget?: { burst: number; perSecond: number };
  /** The journal is compacted once it is this much larger than after its last compaction (default 4 MiB, and at least doubled). */
  compactBytes?: number;
  /** The journal's writes (tests inject a failing disk). */
  journalIO?: JournalIO;
  now?: () => number;
  /** How often an open round that could not listen (its network not up yet) tries again; default 5 s. */
  retryListenMs?: number;
  /** Starts a round's listener: in-process by default; the desktop app runs it in a utility process. */
  startListener?: (opts: ListenerOptions) => Promise<Listener>;
}

interface Entry {
  round: RoundState;
  journal: Journal;
  listener: Listener | null;
  /** Serialises the round's changes, so revisions and journal order agree. */
  lock: Promise<unknown>;
  statusTimer: NodeJS.Timeout | null;
  /** Devices waiting for the round to close (long polls of `status`): answered when it does, or when the listener stops. */
  waiting: Set<() => void>;
  /** Why an open round's listener could not come back (its address gone, its port taken). */
  listenProblem?: ListenProblem;
  /** When this process took the round up (a device not heard from since counts from here). */
  loadedAt: number;
  /** What recovery found when the journal was read. */
  problems: JournalProblem[];
  writeFailures: number;
  lastWriteFailure: WriteFailure | null;
  /** Journal size that triggers the next compaction. */
  compactAt: number;
  /** A close under way: the devices not yet told that the round closed, and the call that ends the wait once none is left (`tellClosed`). */
  telling?: { left: Set<string>; done: () => void };
  /** Draft bytes each participant may still journal (rebuilt on replay, saved at compaction). */
  draftBudget: DraftBudgets;
}

const ACTIVE_MS = 120_000;
/**
 * After a close, how long the listener stays up at most for the devices in contact lately that
 * were between two status requests (each asks again within about a second): so they learn that
 * the round closed, not that the connection was lost. It stops as soon as every one has asked.
 */
const CLOSE_TELL_MS = 3000;
/** No contact from a joined device for this long: "away". Open devices check in at least every STATUS_WAIT_MS. */
export const AWAY_MS = 3 * STATUS_WAIT_MS;
const DRAFT_BUDGET = { burst: 1 << 20, perSecond: 16 << 10 };
const COMPACT_BYTES = 4 << 20;
/** A journal record before it is stamped. */
type RecordInput = JournalRecord extends infer R ? (R extends { at: string } ? Omit<R, 'at'> & { at?: string } : never) : never;
/** Wrong join codes allowed per address and per round, for a round inviting `invited`: devices behind one NAT share an address. */
export const joinCodeLimits = (invited: number) => ({ perAddress: Math.max(10, 2 * invited), perRound: Math.max(200, 8 * invited) });
const isLoopback = (a: string) => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a) || a === '::1';

/**
 * Live sessions on the Node side: rounds, their journals and listeners, the participant
 * contract, and the event stream to the facilitator's page. One manager per host process.
 */
export class SessionManager {
  private entries = new Map<string, Entry>();
  private loading = new Map<string, Promise<Entry | null>>();
  /** Journals that hold no readable round, per workshop (reported by `status`). */
  private unreadable = new Map<string, JournalHealth>();
  private listeners = new Set<(e: SessionEvent) => void>();
  private joinFailures = new FailureWindow(10, 10 * 60_000);
  private allJoinFailures = new FailureWindow(200, 10 * 60_000);
  private idleTimer: NodeJS.Timeout;
  private retryTimer: NodeJS.Timeout;
  private awayTimer: NodeJS.Timeout;
  /** Who was away when the board was last sent, per workshop: a change is announced. */
  private awaySent = new Map<string, string>();
  private readonly now: () => number;
  private readonly tls: { cert: Buffer; key: Buffer } | null;

  constructor(private readonly opts: SessionManagerOptions) {
    this.now = opts.now ?? Date.now;
    this.tls = opts.tls !== undefined ? opts.tls : readTls(opts.dataDir);
    this.idleTimer = setInterval(() => void this.expireIdle(), 60_000);
    this.idleTimer.unref();
    // A laptop often joins the room's Wi-Fi after the app has started: such rounds keep trying.
    this.retryTimer = setInterval(() => void this.retryListen(), opts.retryListenMs ?? 5000);
    this.retryTimer.unref();
    this.awayTimer = setInterval(() => this.announceAway(), 5_000);
    this.awayTimer.unref();
  }

  get dataDir() {
    return this.opts.dataDir;
  }

  subscribe(fn: (e: SessionEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  interfaces(): NetworkInterfaceInfo[] {
    const out: NetworkInterfaceInfo[] = [];
    for (const [name, addrs] of Object.entries(os.networkInterfaces())) {
      for (const a of addrs ?? []) if (a.family === 'IPv4') out.push({ name, address: a.address, internal: a.internal });
    }
    return out.sort((a, b) => Number(a.internal) - Number(b.internal));
  }

  private checkAddress(address: string) {
    if (!isLoopback(address) && !this.interfaces().some((i) => i.address === address))
      throw new ContractError('invalid_request', `"${address}" is not an address of this machine. Choose one of the listed network interfaces.`, [
        { path: 'address', message: 'not an address of this machine' },
      ]);
  }

  async open(spec: RoundSpec, address: string, port: number): Promise<RoundStatus> {
    this.checkAddress(address);
    const existing = await this.load(spec.workshopId);
    if (existing?.round.open) throw new ContractError('forbidden', 'A round is already open for this workshop; close it first.');
    await existing?.journal.close();
    this.entries.delete(spec.workshopId);
    const file = this.fileOf(spec.workshopId);
    // The previous round's journal (read or not) is kept beside the new one, never overwritten.
    await this.moveAside(file, existing ? `round-${existing.round.roundId}` : 'unread');
    const links: Record<string, string> = {};
    for (const p of spec.participants) links[p.id] = newToken();
    const journal = new Journal(file, 0, this.opts.journalIO);
    const rec: Extract<JournalRecord, { t: 'open' }> = {
      t: 'open',
      roundId: newRoundId(),
      spec,
      address,
      port,
      joinCode: newJoinCode(),
      links,
      at: new Date(this.now()).toISOString(),
    };
    const entry = this.newEntry(applyRecord(null, rec)!, journal, []);
    // The port is fixed once bound, and kept in the journal so links survive a restart.
    await this.listen(entry);
    rec.port = entry.round.port;
    try {
      // The header first: the round can be rebuilt from it even if the journal's first line is damaged.
      await writeAtomic(headerOf(file), frame(rec));
      await journal.append(rec);
    } catch (err) {
      await this.stopListener(entry);
      throw storageError(err);
    }
    this.entries.set(spec.workshopId, entry);
    const status = this.statusOf(entry);
    this.emit({ type: 'status', status });
    return status;
  }

  /** The workshop's round; resumes the listener of a round left open by a crash or restart. */
  async status(workshopId: string): Promise<SessionStatus> {
    const entry = await this.load(workshopId);
    if (!entry) {
      const unread = this.unreadable.get(workshopId);
      return unread ? { round: null, journal: unread } : { round: null };
    }
    await this.resume(entry);
    return { round: this.statusOf(entry) };
  }

  /**
   * Brings back the listener of every round left open (the host starting after a crash or a
   * restart), on the address and port its links use, before anyone asks. A round that cannot
   * listen there keeps its problem in its status, for the facilitator to act on.
   */
  async resumeOpen(): Promise<void> {
    let files: string[];
    try {
      files = (await readdir(path.join(this.opts.dataDir, 'sessions'))).filter((f) => f.endsWith('.jsonl'));
    } catch {
      return;
    }
    for (const f of files) {
      try {
        // The round's first record: from the header kept beside the journal, else the journal's first line.
        const file = path.join(this.opts.dataDir, 'sessions', f);
        const open = (await readHeader(headerOf(file))) ?? (await readHeader(file));
        if (!open) continue;
        const entry = await this.load(open.spec.workshopId);
        if (entry && entry.round.open && !entry.listener) {
          await this.resume(entry);
          this.emit({ type: 'status', status: this.statusOf(entry) });
        }
      } catch {
        // An unreadable journal is the facilitator's to see when they open that workshop.
      }
    }
  }

  private async retryListen() {
    for (const e of this.entries.values()) {
      if (!e.listenProblem || !e.round.open || e.listener) continue;
      await this.locked(e, () => this.resume(e)).catch(() => undefined);
      if (e.listener) this.emit({ type: 'status', status: this.statusOf(e) });
    }
  }

  /**
   * An open round without its listener: closes it if idle too long, else listens again (a failure
   * is kept as its listen problem). A listener that kept stopping is not started again behind the
   * facilitator's back: theirs to reopen or move.
   */
  private async resume(entry: Entry) {
    if (!entry.round.open || entry.listener || entry.listenProblem?.restarts !== undefined) return;
    if (this.now() - entry.round.lastActivity > this.idleMs()) {
      await this.change(entry, { t: 'close', reason: 'idle' });
      return;
    }
    try {
      await this.listen(entry);
    } catch (err) {
      if (!entry.listenProblem) throw err;
    }
  }

  close(workshopId: string): Promise<SessionStatus> {
    return this.facilitator(workshopId, async (e) => {
      if (e.round.open) {
        await this.change(e, { t: 'close' });
        await this.tellClosed(e);
      }
      await this.stopListener(e);
    });
  }

  /**
   * Wakes the devices waiting on their status, then keeps the listener until every device in
   * contact within the last status wait (a device that slept longer is not waited for) has asked
   * its status since the close, at most CLOSE_TELL_MS.
   */
  private tellClosed(e: Entry): Promise<void> {
    const since = this.now() - STATUS_WAIT_MS - 2000;
    const left = new Set([...e.round.joined].filter((pid) => (e.round.contact.get(pid) ?? -Infinity) >= since));
    if (!e.listener || left.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        e.telling = undefined;
        resolve();
      };
      const timer = setTimeout(done, CLOSE_TELL_MS);
      e.telling = { left, done };
      this.wakeWaiting(e);
    });
  }

  /** A device was answered that the round is closed: once every device waited for is told, the close goes on. */
  private toldClosed(e: Entry, pid: string) {
    const t = e.telling;
    if (!t || !t.left.delete(pid) || t.left.size > 0) return;
    t.done();
  }

  /** Reopens on the round's address and port; or, given `address`, moves the round there (a new port: links change). */
  reopen(workshopId: string, address?: string): Promise<SessionStatus> {
    return this.facilitator(workshopId, async (e) => {
      if (address !== undefined && address !== e.round.address) {
        this.checkAddress(address);
        await this.stopListener(e);
        const was = { address: e.round.address, port: e.round.port };
        Object.assign(e.round, { address, port: 0 });
        try {
          await this.listen(e);
        } catch (err) {
          Object.assign(e.round, was);
          throw err;
        }
        await this.change(e, { t: 'move', address, port: e.round.port });
      }
      if (!e.round.open) await this.change(e, { t: 'reopen' });
      if (!e.listener) await this.listen(e);
    });
  }

  reveal(workshopId: string): Promise<SessionStatus> {
    return this.facilitator(workshopId, async (e) => {
      if (!e.round.revealed) await this.change(e, { t: 'reveal' });
    });
  }

  /**
   * A facilitator-paced round: puts question `index` to the room and reveals its answers or not.
   * Journaled before it counts; every waiting device is answered at once and shows the change.
   */
  pace(workshopId: string, index: number, revealed: boolean): Promise<SessionStatus> {
    return this.facilitator(workshopId, async (e) => {
      if (!e.round.pace) throw new ContractError('invalid_request', 'This round is not facilitator-paced.');
      if (!e.round.open) throw new ContractError('forbidden', 'The round is closed.');
      const total = pacedQuestions(e.round.spec).length;
      if (index >= total)
        throw new ContractError('invalid_request', `The round has ${total} questions.`, [{ path: 'index', message: `must be less than ${total}` }]);
      if (e.round.pace.index === index && e.round.pace.revealed === revealed) return;
      await this.change(e, { t: 'pace', index, revealed });
      this.wakeWaiting(e);
    });
  }

  /** Frees a name (signs out the device that picked it by code); with `setAside`, that name's ballot leaves the round first. */
  free(workshopId: string, pid: string, setAside = false): Promise<SessionStatus> {
    return this.facilitator(workshopId, async (e) => {
      if (!e.round.spec.participants.some((p) => p.id === pid)) throw new ContractError('invalid_request', `"${pid}" is not invited to this round.`);
      if (setAside) await this.setAsideRoundBallot(e, pid);
      if (e.round.joined.has(pid)) await this.change(e, { t: 'free', pid });
    });
  }

  /**
   * Removes the participant's ballot (submission and draft) from the round, durably (journaled
   * before it counts): the facilitator's answer to a ballot entered on another device. The
   * name's page is told at once and shows its ballot empty; the next submission's revision
   * follows the one set aside, so the facilitator's page merges it as new. Under the round's lock.
   */
  private async setAsideRoundBallot(e: Entry, pid: string) {
    if (!e.round.open) throw new ContractError('forbidden', 'The round is closed; ballots can no longer change.');
    if (!e.round.latest.has(pid) && !e.round.submitted.has(pid)) return;
    await this.change(e, { t: 'aside', pid, rev: lastRev(e.round, pid) });
    this.wakeWaiting(e);
  }

  async ballots(workshopId: string): Promise<SubmittedBallot[]> {
    const e = await this.load(workshopId);
    if (!e) return [];
    return [...e.round.submitted].map(([participantId, s]) => ({ participantId, rev: s.rev, storedAt: s.storedAt, ballot: s.ballot }));
  }

  /** Stops every listener (the host is shutting down); open rounds stay open in their journals. */
  /**
   * A workshop deleted for good from the library: its round (open or not) stops, and its journal,
   * header and every side file (torn and damaged cuts, previous rounds) are deleted, so nothing a
   * participant sent outlives the workshop on this machine. Answers how many files were removed.
   */
  async forget(workshopId: string): Promise<{ removed: number }> {
    const e = this.entries.get(workshopId) ?? (await this.loading.get(workshopId)?.catch(() => null)) ?? null;
    if (e) {
      await e.lock.catch(() => undefined);
      if (e.statusTimer) clearTimeout(e.statusTimer);
      await this.stopListener(e);
      await e.journal.close();
    }
    this.entries.delete(workshopId);
    this.unreadable.delete(workshopId);
    this.awaySent.delete(workshopId);
    const file = this.fileOf(workshopId);
    const base = path.basename(file);
    const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
    const ours = names.filter((n) => n === base || n.startsWith(`${base}.`));
    await Promise.all(ours.map((n) => rm(path.join(path.dirname(file), n), { force: true, recursive: true })));
    return { removed: ours.length };
  }

  async shutdown(): Promise<void> {
    clearInterval(this.idleTimer);
    clearInterval(this.retryTimer);
    clearInterval(this.awayTimer);
    for (const e of this.entries.values()) {
      if (e.statusTimer) clearTimeout(e.statusTimer);
      await this.stopListener(e);
      await e.journal.close();
    }
    this.entries.clear();
  }

  /** One participant request (the listener's door); throws ContractError. */
  async participant(workshopId: string, method: ParticipantMethod, payload: unknown, token: string | undefined, client: string): Promise<unknown> {
    const e = this.entries.get(workshopId);
    if (!e) throw new ContractError('unavailable', 'No round is open.');
    e.round.lastActivity = this.now();
    switch (method) {
      case 'join': {
        const req = parseParticipantRequest('join', payload);
        if ('token' in req) {
          const pid = participantOf(e.round, req.token);
          this.touch(e, pid);
          await this.noteLink(e, pid, req.token);
          return { token: req.token, participantId: pid };
        }
        // Counted per round: guesses at one round's code never lock another round out.
        const guesser = `${e.round.roundId}|${client}`;
        const allowed = joinCodeLimits(e.round.spec.participants.length);
        if (this.joinFailures.blocked(guesser, allowed.perAddress) || this.allJoinFailures.blocked(e.round.roundId, allowed.perRound))
          throw new ContractError('forbidden', 'Too many wrong join codes; wait ten minutes, or ask the facilitator for your personal link.');
        if (!sameSecret(req.code.toUpperCase(), e.round.joinCode)) {
          this.joinFailures.fail(guesser);
          this.allJoinFailures.fail(e.round.roundId);
          throw new ContractError('unauthorized', 'Wrong join code. Check the code on the screen.');
        }
        if (!e.round.open) throw new ContractError('forbidden', 'The round is closed.');
        if (req.participantId === undefined)
          return { names: e.round.spec.participants.filter((p) => !e.round.joined.has(p.id)).map((p) => ({ id: p.id, name: p.name })) };
        const pid = req.participantId;
        return this.locked(e, async () => {
          if (!e.round.spec.participants.some((p) => p.id === pid)) throw new ContractError('invalid_request', 'That name is not invited to this round.');
          if (e.round.joined.has(pid)) throw new ContractError('forbidden', 'That name is already taken. Ask the facilitator to free it if it is yours.');
          const device = newToken();
          this.touch(e, pid);
          await this.change(e, { t: 'join', pid, via: 'code', device });
          // The personal link's holder, waiting on its status, learns at once that the name was picked elsewhere.
          if (e.round.linkUsed.has(pid)) this.wakeWaiting(e);
          return { token: device, participantId: pid };
        });
      }
      case 'ballot': {
        parseParticipantRequest('ballot', payload);
        const pid = participantOf(e.round, token);
        this.touch(e, pid);
        await this.noteLink(e, pid, token);
        return { ...ballotResponse(e.round, pid), ...this.claimFor(e, pid, token), ...this.setAsideFor(e, pid) };
      }
      case 'status': {
        const req = parseParticipantRequest('status', payload);
        const pid = participantOf(e.round, token);
        this.touch(e, pid);
        await this.noteLink(e, pid, token);
        if (req.wait && e.round.open && e.listener) {
          await this.waitWhileOpen(e);
          this.touch(e, pid);
        }
        if (!e.round.open) this.toldClosed(e, pid);
        return {
          open: e.round.open,
          rev: e.round.submitted.get(pid)?.rev ?? 0,
          ...(e.round.pace ? { pace: { ...e.round.pace } } : {}),
          ...this.claimFor(e, pid, token),
          ...this.setAsideFor(e, pid),
        };
      }
      case 'answer': {
        const pid = participantOf(e.round, token);
        this.touch(e, pid);
        const req = parseParticipantRequest('answer', payload);
        return this.locked(e, async () => {
          if (!e.round.open) throw new ContractError('forbidden', 'The round is closed; ballots can no longer change.');
          const q = checkAnswer(e.round, req);
          const before = e.round.submitted.get(pid)?.ballot;
          // A cell scored at its focus points is answered per focus point; any other question with one value.
          const ballot = req.leafCells && q.kind === 'cell' ? withLeafAnswer(before, q, req.leafCells) : withAnswer(before, q, req.value!, req.rationale ?? '');
          checkBallot(e.round, ballot);
          if (!e.round.joined.has(pid) || (this.isLink(e, pid, token) && !e.round.linkUsed.has(pid))) await this.change(e, { t: 'join', pid, via: 'link' });
          const at = new Date(this.now()).toISOString();
          const via = this.isLink(e, pid, token) ? ('link' as const) : ('code' as const);
          const rev = lastRev(e.round, pid) + 1;
          // As a submission: durable first, then acknowledged and sent to the facilitator's page.
          await this.change(e, { t: 'submit', pid, ballot, rev, via, at });
          this.emit({ type: 'ballot', roundId: e.round.roundId, workshopId, participantId: pid, rev, storedAt: at, ballot });
          return { rev, storedAt: at };
        });
      }
      case 'draft':
      case 'submit': {
        const pid = participantOf(e.round, token);
        this.touch(e, pid);
        const { ballot } = parseParticipantRequest(method, payload);
        if (e.round.pace) throw new ContractError('invalid_request', 'This round is facilitator-paced: answer the question on the screen.');
        checkBallot(e.round, ballot);
        return this.locked(e, async () => {
          if (!e.round.open) throw new ContractError('forbidden', 'The round is closed; ballots can no longer change.');
          // A personal link used straight away counts as joined.
          if (!e.round.joined.has(pid) || (this.isLink(e, pid, token) && !e.round.linkUsed.has(pid))) await this.change(e, { t: 'join', pid, via: 'link' });
          const at = new Date(this.now()).toISOString();
          const via = this.isLink(e, pid, token) ? ('link' as const) : ('code' as const);
          if (method === 'draft') {
            this.spendDraftBudget(e, pid, draftCost(ballot));
            await this.change(e, { t: 'draft', pid, ballot, via, at });
            return { savedAt: at };
          }
          const rev = lastRev(e.round, pid) + 1;
          // Durable first: the acknowledgment (and the facilitator's copy) only after fsync.
          await this.change(e, { t: 'submit', pid, ballot, rev, via, at });
          this.emit({ type: 'ballot', roundId: e.round.roundId, workshopId, participantId: pid, rev, storedAt: at, ballot });
          return { rev, storedAt: at };
        });
      }
    }
  }

  // ------------------------------------------------------------------------------------------

  private isLink(e: Entry, pid: string, token: string | undefined): boolean {
    const link = e.round.links.get(pid);
    return token !== undefined && link !== undefined && sameSecret(token, link);
  }

  /** Journals the first use of a personal link (also when the name was already picked by code: the board then shows the conflict). */
  private async noteLink(e: Entry, pid: string, token: string | undefined) {
    if (!this.isLink(e, pid, token) || (e.round.joined.has(pid) && e.round.linkUsed.has(pid))) return;
    await this.locked(e, async () => {
      if (e.round.joined.has(pid) && e.round.linkUsed.has(pid)) return;
      await this.change(e, { t: 'join', pid, via: 'link' });
      // A device that picked this name by code, waiting on its status, learns at once that the link is in use.
      if (e.round.devices.has(pid)) this.wakeWaiting(e);
    });
  }

  /** What a device is told when its name is also in use on another: picked by code (told to the link), or its link in use (told to the device that picked it). */
  private claimFor(e: Entry, pid: string, token: string | undefined): { claimedElsewhere?: ClaimedElsewhere } {
    if (this.isLink(e, pid, token)) {
      const at = e.round.codeClaims.get(pid);
      return at !== undefined ? { claimedElsewhere: { at, via: 'code' } } : {};
    }
    const at = e.round.linkUsed.get(pid);
    return at !== undefined ? { claimedElsewhere: { at, via: 'link' } } : {};
  }

  private setAsideFor(e: Entry, pid: string): { setAside?: { at: string } } {
    const a = setAsideOf(e.round, pid);
    return a ? { setAside: a } : {};
  }

  private idleMs() {
    return this.opts.idleMs ?? 4 * 3600_000;
  }

  private fileOf(workshopId: string) {
    return path.join(this.opts.dataDir, 'sessions', createHash('sha256').update(workshopId).digest('hex').slice(0, 32) + '.jsonl');
  }

  /**
   * Rebuilds the workshop's round from its journal (streamed), repairing a torn tail. A damaged
   * or mis-shaped record is skipped and listed; a damaged first record is replaced by the
   * header kept beside the journal.
   */
  private async load(workshopId: string): Promise<Entry | null> {
    const have = this.entries.get(workshopId);
    if (have) return have;
    const pending = this.loading.get(workshopId);
    if (pending) return pending;
    const run = this.replay(workshopId).finally(() => this.loading.delete(workshopId));
    this.loading.set(workshopId, run);
    return run;
  }

  private async replay(workshopId: string): Promise<Entry | null> {
    const file = this.fileOf(workshopId);
    const header = await readHeader(headerOf(file));
    let round: RoundState | null = null;
    let records = 0;
    const budgets = this.newDraftBudgets();
    const read = await Journal.read(
      file,
      (value, line) => {
        records++;
        const c = checkRecord(value, line, round);
        if ('problem' in c) return c.problem;
        if (round === null && c.rec.t !== 'open' && header) round = newRoundState(header);
        round = applyRecord(round, c.rec);
        // The draft budget is replayed too: a restart must not refill it.
        if (c.rec.t === 'draft') budgets.spent(c.rec.pid, draftCost(c.rec.ballot), Date.parse(c.rec.at));
        else if (c.rec.t === 'budget') budgets.restore(c.rec.pid, c.rec.bytes, Date.parse(c.rec.at));
        return null;
      },
      { repair: true, now: this.now },
    );
    const problems = read.problems;
    if (problems.some((p) => p.sideFile)) await pruneSideFiles(file);
    const firstDamaged = problems.find((p) => p.line === 1 && p.kind !== 'torn-tail');
    if (firstDamaged && header && round !== null && (round as RoundState).roundId === header.roundId)
      problems.push({ kind: 'header-recovered', line: 1, message: `the round's first record was unreadable; rebuilt from ${path.basename(headerOf(file))}` });
    if (!round || (round as RoundState).spec.workshopId !== workshopId) {
      if (read.exists && (records > 0 || problems.length > 0)) {
        const health: JournalHealth = {
          problems: [...problems, { kind: 'no-round', line: 0, message: 'the journal holds no readable round' }],
          writeFailures: 0,
          lastWriteFailure: null,
          bytes: read.end,
        };
        this.unreadable.set(workshopId, health);
      }
      return null;
    }
    this.unreadable.delete(workshopId);
    const r = round as RoundState;
    // Older journals had no header: keep one from now on.
    if (!header || header.roundId !== r.roundId) await writeAtomic(headerOf(file), frame(openRecordOf(r))).catch(() => undefined);
    const entry = this.newEntry(r, new Journal(file, read.end, this.opts.journalIO), problems, budgets);
    this.entries.set(workshopId, entry);
    return entry;
  }

  private newDraftBudgets() {
    const { burst, perSecond } = this.opts.draftBudget ?? DRAFT_BUDGET;
    return new DraftBudgets(burst, perSecond);
  }

  private newEntry(round: RoundState, journal: Journal, problems: JournalProblem[], budgets?: DraftBudgets): Entry {
    return {
      round,
      journal,
      listener: null,
      lock: Promise.resolve(),
      statusTimer: null,
      waiting: new Set(),
      loadedAt: this.now(),
      problems,
      writeFailures: 0,
      lastWriteFailure: null,
      compactAt: Math.max(journal.size * 2, journal.size + this.compactBytes()),
      draftBudget: budgets ?? this.newDraftBudgets(),
    };
  }

  private compactBytes() {
    return this.opts.compactBytes ?? COMPACT_BYTES;
  }

  /** Moves a journal (and its header) aside under `<journal>.<what>-<time>`, if there is one. */
  private async moveAside(file: string, what: string) {
    const exists = await stat(file).then(
      () => true,
      (err: NodeJS.ErrnoException) => err.code !== 'ENOENT',
    );
    if (!exists) return;
    await moveJournalAside(file, headerOf(file), what, this.now());
    await pruneSideFiles(file);
  }

  /**
   * A participant's draft within their budget of journal bytes, or `Too many …` (answered 429:
   * the page keeps the answers and sends them again).
   */
  private spendDraftBudget(e: Entry, pid: string, bytes: number) {
    if (!e.draftBudget.trySpend(pid, bytes, this.now()))
      throw new ContractError('unavailable', 'Too many draft saves from this device; your answers are kept on it and are sent again in a moment.');
  }

  /**
   * Drops drafts superseded by a later draft or a submission of the same participant; every
   * other record stays, in order. The draft budgets stand in for the dropped drafts: their
   * levels are written after the kept records. Runs under the round's lock, once the journal has doubled.
   */
  private async compact(e: Entry) {
    const lastDraft = new Map<string, number>();
    const lastSubmit = new Map<string, number>();
    const now = this.now();
    const at = new Date(now).toISOString();
    const levels: JournalRecord[] = e.draftBudget.below(now).map(({ pid, bytes }) => ({ t: 'budget', pid, bytes, at }));
    const failed = await e.journal
      .compact(
        (v, line) => {
          const r = v as { t?: unknown; pid?: unknown };
          if (typeof r?.pid !== 'string') return;
          if (r.t === 'draft') lastDraft.set(r.pid, line);
          else if (r.t === 'submit') lastSubmit.set(r.pid, line);
        },
        (v, line) => {
          const r = v as { t?: unknown; pid?: unknown };
          if (r?.t === 'budget') return false; // superseded by the levels written now
          if (r?.t !== 'draft' || typeof r.pid !== 'string') return true;
          return lastDraft.get(r.pid) === line && (lastSubmit.get(r.pid) ?? 0) < line;
        },
        now,
        levels,
      )
      .then(
        () => false,
        () => true,
      );
    // A failed compaction leaves the journal as it was; try again after another compactBytes.
    e.compactAt = failed ? e.journal.size + this.compactBytes() : Math.max(e.journal.size * 2, e.journal.size + this.compactBytes());
    if (!failed) await writeAtomic(headerOf(e.journal.file), frame(openRecordOf(e.round))).catch(() => undefined);
    await pruneSideFiles(e.journal.file);
  }

  private async facilitator(workshopId: string, fn: (e: Entry) => Promise<void>): Promise<SessionStatus> {
    const e = await this.load(workshopId);
    if (!e) throw new ContractError('invalid_request', 'This workshop has no room-vote round.');
    e.round.lastActivity = this.now();
    await this.locked(e, () => fn(e));
    const status = this.statusOf(e);
    this.emit({ type: 'status', status });
    return { round: status };
  }

  private locked<T>(e: Entry, fn: () => Promise<T>): Promise<T> {
    const run = e.lock.then(fn);
    e.lock = run.catch(() => undefined);
    return run;
  }

  /**
   * Journals a record (fsync'd), then applies it. A failed write changes nothing and is
   * answered `storage_full` / `storage_failed`; the facilitator sees it on the round.
   */
  private async change(e: Entry, rec: RecordInput): Promise<void> {
    const full = { ...rec, at: rec.at ?? new Date(this.now()).toISOString() } as JournalRecord;
    try {
      await e.journal.append(full);
    } catch (err) {
      const se = storageError(err);
      e.writeFailures++;
      e.lastWriteFailure = {
        at: new Date(this.now()).toISOString(),
        code: se.code === 'storage_full' ? 'storage_full' : 'storage_failed',
        ...('pid' in full ? { participantId: full.pid } : {}),
        message: se.message,
      };
      this.emit({ type: 'status', status: this.statusOf(e) });
      throw se;
    }
    applyRecord(e.round, full);
    if (e.journal.size >= e.compactAt) await this.compact(e);
    e.round.lastActivity = this.now();
    this.scheduleStatus(e);
  }

  private async listen(e: Entry) {
    const workshopId = e.round.spec.workshopId;
    let mine: Listener | null = null;
    try {
      mine = await (this.opts.startListener ?? startListener)({
        address: e.round.address,
        port: e.round.port,
        tls: this.tls,
        staticDir: this.opts.staticDir,
        limits: this.opts.limits,
        invited: e.round.spec.participants.length,
        handle: (method, payload, token, client) => this.participant(workshopId, method, payload, token, client),
        onLost: ({ message, restarts }) => {
          if (!mine || e.listener !== mine) return;
          e.listener = null;
          e.listenProblem = {
            reason: 'failed',
            restarts,
            message: `The round is open but no longer listening on ${hostPort(e.round.address, e.round.port)}: ${message}. Participants cannot reach it. Reopen the round, or move it to another address.`,
          };
          this.wakeWaiting(e);
          this.emit({ type: 'status', status: this.statusOf(e) });
        },
      });
      e.listener = mine;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const message =
        code === 'EADDRINUSE'
          ? `Port ${e.round.port} on ${e.round.address} is taken by another program; participants' links use it. Free it, or close this round and open a new one.`
          : `Cannot listen on ${e.round.address}:${e.round.port} (${code ?? (err as Error).message}). Is that network still connected?`;
      e.listenProblem = { reason: code === 'EADDRINUSE' ? 'port_taken' : code === 'EADDRNOTAVAIL' ? 'address_gone' : 'failed', message };
      throw new ContractError('unavailable', message);
    }
    e.listenProblem = undefined;
    e.round.port = e.listener.port;
  }

  /** Holds a `status` request until the round closes or the listener stops (at most STATUS_WAIT_MS). */
  private waitWhileOpen(e: Entry): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        e.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, STATUS_WAIT_MS);
      e.waiting.add(done);
    });
  }

  /** Answers every device waiting on its status now (each asks again at once). */
  private wakeWaiting(e: Entry) {
    for (const done of [...e.waiting]) done();
  }

  /** Answers the waiting devices (so they learn the round's state), then stops the listener once those answers are sent. */
  private async stopListener(e: Entry) {
    this.wakeWaiting(e);
    const l = e.listener;
    e.listener = null;
    if (l) await l.close();
  }

  private async expireIdle() {
    for (const e of this.entries.values()) {
      if (e.round.open && this.now() - e.round.lastActivity > this.idleMs()) {
        await this.locked(e, () => this.change(e, { t: 'close', reason: 'idle' })).catch(() => undefined);
        await this.stopListener(e);
        this.emit({ type: 'status', status: this.statusOf(e) });
      }
    }
  }

  /** A request from a participant's device: it is in contact (an away device coming back changes the board). */
  private touch(e: Entry, pid: string) {
    const wasAway = this.isAway(e, pid);
    e.round.contact.set(pid, this.now());
    if (wasAway) this.scheduleStatus(e);
  }

  private isAway(e: Entry, pid: string): boolean {
    const r = e.round;
    return r.open && r.joined.has(pid) && this.now() - (r.contact.get(pid) ?? e.loadedAt) > AWAY_MS;
  }

  /** Announces the board when a device has gone away (or come back) without any request to say so. */
  private announceAway() {
    for (const [workshopId, e] of this.entries) {
      const away = e.round.spec.participants
        .filter((p) => this.isAway(e, p.id))
        .map((p) => p.id)
        .join('|');
      if ((this.awaySent.get(workshopId) ?? '') !== away) {
        this.awaySent.set(workshopId, away);
        this.scheduleStatus(e);
      }
    }
  }

  private scheduleStatus(e: Entry) {
    if (e.statusTimer) return;
    e.statusTimer = setTimeout(() => {
      e.statusTimer = null;
      this.emit({ type: 'status', status: this.statusOf(e) });
    }, 50);
  }

  private emit(ev: SessionEvent) {
    for (const fn of this.listeners) {
      try {
        fn(ev);
      } catch {
        // one broken subscriber must not stop the others
      }
    }
  }

  statusOf(e: Entry): RoundStatus {
    const r = e.round;
    const scheme = this.tls ? 'https' : 'http';
    const url = `${scheme}://${hostPort(r.address, r.port)}/`;
    // A pairwise-only round (no candidates) counts answered pairs instead of cells.
    const pairwiseOnly = r.spec.candidates.length === 0;
    const n = r.spec.criteria.length;
    const cells = pairwiseOnly ? (n * (n - 1)) / 2 : expectedAnswers(r.spec);
    const now = this.now();
    return {
      roundId: r.roundId,
      workshopId: r.spec.workshopId,
      state: r.open ? 'open' : 'closed',
      listening: e.listener !== null,
      blind: r.spec.blind,
      revealed: r.revealed,
      ahp: r.spec.ahp,
      address: r.address,
      port: r.port,
      https: this.tls !== null,
      url,
      joinCode: r.joinCode,
      criteria: r.spec.criteria.map((c) => c.id),
      candidates: r.spec.candidates.map((c) => c.id),
      participants: r.spec.participants.map((p) => ({
        id: p.id,
        name: p.name,
        joined: r.joined.has(p.id),
        active: now - (r.lastSeen.get(p.id) ?? -Infinity) < ACTIVE_MS,
        filled: pairwiseOnly ? (r.latest.get(p.id)?.ahp.length ?? 0) : filledCells(r.latest.get(p.id)),
        cells,
        submitted: r.submitted.has(p.id),
        rev: r.submitted.get(p.id)?.rev ?? 0,
        link: `${url}#t=${r.links.get(p.id) ?? ''}`,
        conflict: inConflict(r, p.id),
        byCode: r.latest.has(p.id) && r.ballotVia.get(p.id) === 'code',
        state: !r.joined.has(p.id)
          ? ('invited' as const)
          : this.isAway(e, p.id)
            ? ('away' as const)
            : r.submitted.has(p.id) && !r.drafts.has(p.id)
              ? ('submitted' as const)
              : r.drafts.has(p.id) || r.latest.has(p.id)
                ? ('answering' as const)
                : ('joined' as const),
      })),
      awayAfterS: AWAY_MS / 1000,
      ...(e.listenProblem && r.open && !e.listener ? { listenProblem: { ...e.listenProblem, interfaces: this.interfaces() } } : {}),
      journal: { problems: e.problems, writeFailures: e.writeFailures, lastWriteFailure: e.lastWriteFailure, bytes: e.journal.size },
      ...(r.pace ? { paced: pacedTally(r) } : {}),
    };
  }
}

/** The round's header beside its journal: the `open` record, written at open and at each compaction. */
const headerOf = (file: string) => `${file}.head`;

async function readHeader(file: string): Promise<Extract<JournalRecord, { t: 'open' }> | null> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch {
    return null;
  }
  const d = decodeLine(buf.subarray(0, buf.indexOf(0x0a) === -1 ? buf.length : buf.indexOf(0x0a)));
  if (!d.ok) return null;
  const c = checkRecord(d.value, 1, null);
  return 'rec' in c && c.rec.t === 'open' ? c.rec : null;
}

/** The round's `open` record as it stands (the port it was bound to). */
function openRecordOf(r: RoundState): Extract<JournalRecord, { t: 'open' }> {
  return {
    t: 'open',
    roundId: r.roundId,
    spec: r.spec,
    address: r.address,
    port: r.port,
    joinCode: r.joinCode,
    links: Object.fromEntries(r.links),
    at: r.openedAt,
  };
}

function readTls(dataDir: string): { cert: Buffer; key: Buffer } | null {
  try {
    return { cert: readFileSync(path.join(dataDir, 'tls', 'cert.pem')), key: readFileSync(path.join(dataDir, 'tls', 'key.pem')) };
  } catch {
    return null;
  }
}
