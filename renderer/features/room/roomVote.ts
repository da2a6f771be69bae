import { create } from 'zustand';
import i18next from 'i18next';
import type { Ballot, RoundStatus, SessionEvent, SubmittedBallot } from '../../../shared/contract/session';
import { mergeBallot } from '../../../shared/model/edits/ballot';
import { api } from '../../api/client';
import { subscribeSessionEvents } from '../../api/session-events';
import { useWorkshop } from '../../store/workshop';
import { setBlind } from './roomUi';

/**
 * The facilitator's side of a room vote: the round's status (progress board) and the merge of
 * every acknowledged ballot into the workshop, one undo step per ballot named after the
 * participant. Which ballot revisions are merged is remembered per round (localStorage), so a
 * reconnect or a reload merges each revision once: a score typed by hand afterwards stays.
 */
interface RoomVoteState {
  round: RoundStatus | null;
  panel: boolean;
  error: string | null;
}
export const useRoomVote = create<RoomVoteState>(() => ({ round: null, panel: false, error: null }));

const mergedKey = (roundId: string) => `sw.roomvote.merged.${roundId}`;
function mergedRevs(roundId: string): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(mergedKey(roundId)) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}
function markMerged(roundId: string, pid: string, rev: number) {
  const m = mergedRevs(roundId);
  m[pid] = rev;
  try {
    localStorage.setItem(mergedKey(roundId), JSON.stringify(m));
  } catch {
    // storage unavailable: merging is idempotent anyway
  }
}

/** Merges one acknowledged ballot (if this revision is new): one undo step named after the participant. */
export function mergeAcknowledged(round: Pick<RoundStatus, 'roundId' | 'workshopId' | 'criteria' | 'candidates'>, pid: string, rev: number, ballot: Ballot) {
  const { doc, edit } = useWorkshop.getState();
  if (!doc || doc.id !== round.workshopId) return;
  if ((mergedRevs(round.roundId)[pid] ?? 0) >= rev) return;
  const name = doc.participants.find((p) => p.id === pid)?.name ?? pid;
  const label = rev > 1 ? i18next.t('roomVote.undo.changed', { name }) : i18next.t('roomVote.undo.ballot', { name });
  edit(label, (d) => mergeBallot(d, pid, round, ballot));
  markMerged(round.roundId, pid, rev);
  // For the `lan` benchmark: when the merged ballot is on screen (the frame after the merge).
  requestAnimationFrame(() => setTimeout(() => performance.mark('roomvote:shown', { detail: { pid, rev } }), 0));
}

function catchUp(workshopId: string) {
  void (async () => {
    try {
      const { round } = await api.call('session.status', { workshopId });
      useRoomVote.setState({ round });
      if (!round) return;
      const ballots: SubmittedBallot[] = await api.call('session.ballots', { workshopId });
      for (const b of ballots) mergeAcknowledged(round, b.participantId, b.rev, b.ballot);
    } catch (err) {
      useRoomVote.setState({ error: (err as Error).message });
    }
  })();
}

/** While a workshop is open in the room: follow its round (resumed after a restart) and merge ballots. */
export function followRoomVote(workshopId: string): () => void {
  useRoomVote.setState({ round: null, error: null });
  return subscribeSessionEvents(
    (e: SessionEvent) => {
      if (e.type === 'status') {
        if (e.status.workshopId === workshopId) useRoomVote.setState({ round: e.status });
      } else if (e.workshopId === workshopId) {
        const round = useRoomVote.getState().round;
        if (round && round.roundId === e.roundId) mergeAcknowledged(round, e.participantId, e.rev, e.ballot);
        else catchUp(workshopId);
      }
    },
    () => catchUp(workshopId),
  );
}

type Action = 'session.close' | 'session.reopen' | 'session.reveal';
export async function roundAction(workshopId: string, method: Action): Promise<void> {
  try {
    const { round } = await api.call(method, { workshopId });
    useRoomVote.setState({ round, error: null });
    if (method === 'session.reveal') setBlind(workshopId, false);
  } catch (err) {
    useRoomVote.setState({ error: (err as Error).message });
  }
}

export async function freeName(workshopId: string, participantId: string): Promise<void> {
  try {
    const { round } = await api.call('session.free', { workshopId, participantId });
    useRoomVote.setState({ round, error: null });
  } catch (err) {
    useRoomVote.setState({ error: (err as Error).message });
  }
}
