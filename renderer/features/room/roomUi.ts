import { create } from 'zustand';

/** Panels of the evaluation room, in presenter order too. */
export const ROOM_VIEWS = ['scoring', 'weights', 'whatif', 'robustness'] as const;
export type RoomView = (typeof ROOM_VIEWS)[number];

/** What the presenter shows: 1 ranking and radar, 2 disagreement, 3 robustness, 4 scenarios. */
export const PRESENTER_VIEWS = ['ranking', 'disagreement', 'robustness', 'scenarios'] as const;
export type PresenterView = (typeof PRESENTER_VIEWS)[number];

/** The next presenter view for a key, or `null` when the key is not a presenter key. */
export function presenterKey(current: PresenterView, key: string): PresenterView | 'leave' | null {
  const i = PRESENTER_VIEWS.indexOf(current);
  if (key === 'Escape') return 'leave';
  if (key === 'ArrowRight' || key === 'PageDown' || key === ' ') return PRESENTER_VIEWS[Math.min(PRESENTER_VIEWS.length - 1, i + 1)];
  if (key === 'ArrowLeft' || key === 'PageUp') return PRESENTER_VIEWS[Math.max(0, i - 1)];
  const n = Number(key);
  if (Number.isInteger(n) && n >= 1 && n <= PRESENTER_VIEWS.length) return PRESENTER_VIEWS[n - 1];
  return null;
}

interface RoomUiState {
  view: RoomView;
  /** Whose scores the grid shows; `group` = the aggregated view. */
  participantId: string | 'group';
  /** Blind scoring: every score hidden (not rendered) until revealed. */
  blind: boolean;
  presenter: boolean;
  presenterView: PresenterView;
}

const blindKey = (docId: string) => `sw.room.blind.${docId}`;

export const useRoomUi = create<RoomUiState>(() => ({ view: 'scoring', participantId: 'group', blind: false, presenter: false, presenterView: 'ranking' }));

/** Per workshop: the blind state survives a reload, so reloading never reveals scores. */
export function loadRoomUi(docId: string, firstParticipant: string | undefined) {
  let blind = false;
  try {
    blind = localStorage.getItem(blindKey(docId)) === '1';
  } catch {
    // storage unavailable: start revealed
  }
  useRoomUi.setState({ view: 'scoring', participantId: firstParticipant ?? 'group', blind, presenter: false, presenterView: 'ranking' });
}

export function setBlind(docId: string, blind: boolean) {
  try {
    if (blind) localStorage.setItem(blindKey(docId), '1');
    else localStorage.removeItem(blindKey(docId));
  } catch {
    // storage unavailable: the session still hides
  }
  useRoomUi.setState({ blind });
}
