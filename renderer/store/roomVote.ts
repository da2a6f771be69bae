import i18next from 'i18next';
import type { Ballot, RoundStatus, SessionEvent, SubmittedBallot } from '../../shared/contract/session';
import { mergeBallot } from '../../shared/model/edits/ballot';
import { closeRoundRecord, recordBallot } from '../../shared/model/round-history';
import { api } from '../api/client';
import { judgedNow } from '../api/hierarchy-judged';
import { subscribeSessionEvents } from '../api/session-events';
import { useRoom } from './room';
import { useWorkshop } from './workshop';
import type { WorkshopDoc } from '../../shared/model';

/**
 * The facilitator's side of a room vote: the round's status (progress board, in the room's
 * store) and the merge of every acknowledged ballot into the workshop, one undo step per
 * ballot named after the participant. Which ballot revisions are merged is remembered per
 * round (localStorage), so a reconnect or a reload merges each revision once: a score typed by
 * hand afterwards stays.
 */

/** The AHP panel's button: the room-vote panel with a new pairwise-only round's form. */
export function openPairwiseRound() {
  useRoom.getState().openVotePanel('pairwise');
}

const mergedKey = (roundId: string) => `sw.roomvote.merged.${roundId}`;
function mergedRevs(roundId: string): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(mergedKey(roundId)) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}
function saveMerged(roundId: string, revs: Record<string, number>) {
  try {
    localStorage.setItem(mergedKey(roundId), JSON.stringify(revs));
  } catch {
    // storage unavailable: merging is idempotent anyway
  }
}

/** An acknowledged ballot revision of one participant. */
export interface Arrival {
  participantId: string;
  rev: number;
  ballot: Ballot;
}

/**
 * Merges acknowledged ballots (each revision once, in order): one undo step per ballot named
 * after the participant, all applied in ONE update of the store, so ballots arriving together
 * cost the screen one render rather than one each.
 */
export function mergeAcknowledged(round: Pick<RoundStatus, 'roundId' | 'workshopId' | 'criteria' | 'candidates'>, arrivals: readonly Arrival[]) {
  const { doc, editMany } = useWorkshop.getState();
  if (!doc || doc.id !== round.workshopId) return;
  const merged = mergedRevs(round.roundId);
  const edits: { action: string; recipe: (d: WorkshopDoc) => WorkshopDoc }[] = [];
  const shown: { pid: string; rev: number }[] = [];
  for (const { participantId: pid, rev, ballot } of arrivals) {
    if ((merged[pid] ?? 0) >= rev) continue;
    merged[pid] = rev;
    const name = doc.participants.find((p) => p.id === pid)?.name ?? pid;
    const action = rev > 1 ? i18next.t('roomVote.undo.changed', { name }) : i18next.t('roomVote.undo.ballot', { name });
    // The ballot's changes go into the round's history (round-history.ts) in the same undo step.
    edits.push({ action, recipe: (d) => recordBallot(d, mergeBallot(d, pid, round, ballot), round.roundId, pid, judgedNow(d).judged) });
    shown.push({ pid, rev });
  }
  if (edits.length === 0) return;
  editMany(edits);
  saveMerged(round.roundId, merged);
  // For the `lan` benchmark: when the merged ballots are on screen (the frame after the merge).
  requestAnimationFrame(() => setTimeout(() => shown.forEach((detail) => performance.mark('roomvote:shown', { detail })), 0));
}

function catchUp(workshopId: string) {
  void (async () => {
    try {
      const { round, journal } = await api.call('session.status', { workshopId });
      useRoom.getState().roundCaughtUp(round, journal ?? null);
      if (!round) return;
      const ballots: SubmittedBallot[] = await api.call('session.ballots', { workshopId });
      mergeAcknowledged(round, ballots);
    } catch (err) {
      useRoom.getState().voteFailed((err as Error).message);
    }
  })();
}

/** Runs `fn` once, later; the returned function cancels it. */
export type Schedule = (fn: () => void) => () => void;

/**
 * Before the next frame is drawn: events arriving within one frame are one update of the
 * screen. A hidden page draws no frames, so there it runs at once (after the current task).
 */
export const beforeNextFrame: Schedule = (fn) => {
  if (typeof requestAnimationFrame === 'undefined' || document.hidden) {
    let live = true;
    queueMicrotask(() => live && fn());
    return () => (live = false);
  }
  const id = requestAnimationFrame(fn);
  return () => cancelAnimationFrame(id);
};

/**
 * Collects session events and hands them over in batches, one per frame: whatever arrived
 * since the last frame (the board's latest status and every ballot, each ballot still its own
 * undo step) is one update of the screen, so under a burst of ballots the page renders once a
 * frame at most instead of once per ballot. `apply` gets the latest status of the workshop's
 * round, if any arrived, and its ballots in order of arrival.
 */
export function eventBatcher(
  workshopId: string,
  apply: (status: RoundStatus | null, ballots: Extract<SessionEvent, { type: 'ballot' }>[]) => void,
  schedule: Schedule = beforeNextFrame,
): { push: (e: SessionEvent) => void; stop: () => void } {
  let status: RoundStatus | null = null;
  let ballots: Extract<SessionEvent, { type: 'ballot' }>[] = [];
  let cancel: (() => void) | undefined;
  const flush = () => {
    cancel = undefined;
    const s = status;
    const b = ballots;
    status = null;
    ballots = [];
    apply(s, b);
  };
  return {
    push(e) {
      if (e.type === 'status') {
        if (e.status.workshopId !== workshopId) return;
        status = e.status;
      } else if (e.workshopId === workshopId) ballots.push(e);
      else return;
      cancel ??= schedule(flush);
    },
    stop() {
      cancel?.();
      cancel = undefined;
    },
  };
}

/** While a workshop is open in the room: follow its round (resumed after a restart) and merge ballots. */
export function followRoomVote(workshopId: string): () => void {
  useRoom.getState().followRound();
  const batcher = eventBatcher(workshopId, (status, ballots) => {
    // One task: React renders the board and the merged ballots together.
    if (status) useRoom.getState().roundChanged(status);
    // A round closed elsewhere (idle, another window) closes its record too (a repeated close is no edit).
    if (status?.state === 'closed') closeRecord(status);
    if (ballots.length === 0) return;
    const round = useRoom.getState().round;
    const ours = round ? ballots.filter((b) => b.roundId === round.roundId) : [];
    if (round && ours.length > 0) mergeAcknowledged(round, ours);
    if (ours.length < ballots.length) catchUp(workshopId);
  });
  const off = subscribeSessionEvents(batcher.push, () => catchUp(workshopId));
  return () => {
    batcher.stop();
    off();
  };
}

type Action = 'session.close' | 'session.reopen' | 'session.reveal';
export async function roundAction(workshopId: string, method: Action): Promise<void> {
  try {
    const { round } = await api.call(method, { workshopId });
    useRoom.getState().roundAnswered(round);
    if (method === 'session.close' && round) closeRecord(round);
    if (method === 'session.reveal') useRoom.getState().setBlind(workshopId, false);
  } catch (err) {
    useRoom.getState().voteFailed((err as Error).message);
  }
}

/** The closed round's record: the group's view after it and its disagreement (round-history.ts). */
function closeRecord(round: RoundStatus) {
  const { doc, edit } = useWorkshop.getState();
  if (!doc || doc.id !== round.workshopId || !doc.rounds.some((r) => r.roundId === round.roundId)) return;
  // Not an undo step of its own: Undo after closing still takes back the last ballot (the record is derived from the ballots).
  const t = useWorkshop.temporal.getState();
  t.pause();
  edit(i18next.t('roomVote.undo.roundClosed'), (d) => closeRoundRecord(d, round.roundId, new Date().toISOString(), judgedNow(d).judged));
  t.resume();
}

/** Moves an open round whose address is gone to another interface of this machine (new port: links change). */
export async function moveRound(workshopId: string, address: string): Promise<void> {
  try {
    const { round } = await api.call('session.reopen', { workshopId, address });
    useRoom.getState().roundAnswered(round);
  } catch (err) {
    useRoom.getState().voteFailed((err as Error).message);
  }
}

/** Frees a name picked by code; with `setAside`, the ballot entered on that device leaves the round first. */
export async function freeName(workshopId: string, participantId: string, setAside = false): Promise<void> {
  try {
    const { round } = await api.call('session.free', { workshopId, participantId, ...(setAside ? { setAside: true } : {}) });
    useRoom.getState().roundAnswered(round);
  } catch (err) {
    useRoom.getState().voteFailed((err as Error).message);
  }
}

/** A facilitator-paced round: puts question `index` to the room, its answers revealed or not. */
export async function paceRound(workshopId: string, index: number, revealed: boolean): Promise<void> {
  try {
    const { round } = await api.call('session.pace', { workshopId, index, revealed });
    useRoom.getState().roundAnswered(round);
  } catch (err) {
    useRoom.getState().voteFailed((err as Error).message);
  }
}
