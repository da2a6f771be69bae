import { create } from 'zustand';

/** Panels of the evaluation room, in presenter order too. */
export const ROOM_VIEWS = ['scoring', 'weights', 'whatif', 'robustness'] as const;
export type RoomView = (typeof ROOM_VIEWS)[number];

/** What the presenter shows: 1 ranking and radar, 2 disagreement, 3 robustness, 4 scenarios. */
export const PRESENTER_VIEWS = ['ranking', 'disagreement', 'robustness', 'scenarios'] as const;
export type PresenterView = (typeof PRESENTER_VIEWS)[number];

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
