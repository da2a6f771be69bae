import { create } from 'zustand';
import type { ResponseOf } from '../../shared/contract';
import type { JournalHealth, RoundStatus } from '../../shared/contract/session';
import type { CellRef, WorkshopDoc } from '../../shared/model';

/**
 * The evaluation room's state, one slice with named actions: what the room shows (panel,
 * participant, blind scoring, presenter), the live evaluation (the weights or what-if scores
 * being dragged and the evaluation on screen) and the room vote (the round, its panel and the
 * projector). Nothing here waits for a timer: every change is an action, and what follows from
 * it (an evaluation, an analysis) is asked for by the state it leaves.
 */

/** Panels of the evaluation room, in presenter order too. */
export const ROOM_VIEWS = ['scoring', 'weights', 'whatif', 'robustness'] as const;
export type RoomView = (typeof ROOM_VIEWS)[number];

/** What the presenter shows: 1 ranking and radar, 2 disagreement, 3 robustness, 4 scenarios. */
export const PRESENTER_VIEWS = ['ranking', 'disagreement', 'robustness', 'scenarios'] as const;
export type PresenterView = (typeof PRESENTER_VIEWS)[number];

export type Evaluation = ResponseOf<'engine.evaluate'>;

/**
 * The SMAA weights the robustness panel asks for (the reports use weights around the team's):
 * around them, from the room's own pairwise judgments, or under ratio constraints between
 * criteria ("cost ≥ 2 × scalability", `rows` by criterion id, as the facilitator edits them).
 */
export interface SmaaChoice {
  kind: 'around' | 'judgments' | 'constraints';
  mode: 'bootstrap' | 'perturb';
  rows: { greater: string; lesser: string; ratio: number }[];
}
export const DEFAULT_SMAA_CHOICE: SmaaChoice = { kind: 'around', mode: 'bootstrap', rows: [] };

interface RoomState {
  view: RoomView;
  /** Whose scores the grid shows; `group` = the aggregated view. */
  participantId: string | 'group';
  /** Blind scoring: every score hidden (not rendered) until revealed. */
  blind: boolean;
  presenter: boolean;
  presenterView: PresenterView;

  /** Weights (units of 0.01 pp) being dragged; `null` = the document's. */
  draftUnits: number[] | null;
  /** What-if scores while a what-if slider is being dragged; `null` = the workshop store's `whatIf`. */
  draftOverrides: Record<string, number> | null;
  /**
   * The weight drag in progress: the weights at its start (every step rescales from these, so
   * nothing drifts), which slider, the last step sent, and whether it started from the
   * document's own weights.
   */
  weightDrag: { anchor: number[]; k: number; last: number[]; fromDoc: boolean } | null;
  /** The what-if overrides of the drag in progress (the last step sent). */
  whatIfDrag: Record<string, number> | null;
  /** The evaluation on screen (the one ranking the room shows) and the weights (units) it was made with. */
  result: Evaluation | null;
  resultUnits: number[] | null;
  /** Why the evaluation of the inputs on screen failed. */
  liveError: string | null;
  /**
   * The document and what-if scores the robustness analysis is asked for (`null`: those on
   * screen). It follows the screen one state at a time: the next once the analysis of this one
   * has ended, so a burst of edits (ballots arriving) costs one analysis after the running one.
   */
  analysed: { doc: WorkshopDoc; overrides: Record<string, number> } | null;

  round: RoundStatus | null;
  votePanel: boolean;
  voteError: string | null;
  /** What a new round asks, as its form starts: scores (optionally with pairwise judgments), or pairwise judgments only (from the AHP panel). */
  ask: 'scores' | 'pairwise';
  /** The round on the projector (join screen, progress, then the result). */
  projecting: boolean;
  /** The projector names who is still answering (otherwise it shows only how many). */
  projectNames: boolean;
  /** The workshop's journal holds no readable round: what was found (a new round moves it aside). */
  unreadJournal: JournalHealth | null;
  smaaChoice: SmaaChoice;
  /** Which consistency ratio the AHP panel shows: Saaty's CI/RI or Alonso & Lamata's (2006), as AHP-OS offers. */
  crMethod: 'saaty' | 'alonso-lamata';
  /** The disputed cell opened up for the room (room-vote panel and presenter), or none. */
  focusCell: CellRef | null;
}

interface RoomActions {
  /** A workshop enters the room: its blind state (kept per workshop, so a reload never reveals scores), nothing evaluated yet. */
  enter(docId: string, firstParticipant: string | undefined): void;
  /** Forget the live evaluation (the room was left, another workshop was opened). */
  resetLive(): void;
  showView(view: RoomView): void;
  selectParticipant(id: string | 'group'): void;
  /** A participant was removed: the grid shows the group if it showed them. */
  participantRemoved(id: string): void;
  setBlind(docId: string, blind: boolean): void;
  setPresenter(on: boolean): void;
  showPresenterView(view: PresenterView): void;

  /** A step of a weight drag was sent (its evaluation is shown with `setDraft`). */
  weightDragged(drag: NonNullable<RoomState['weightDrag']>): void;
  /** A step of a what-if score drag was sent. */
  whatIfDragged(overrides: Record<string, number>): void;
  /** The weights and/or what-if scores being dragged, shown with their evaluation. */
  setDraft(draft: { units?: number[]; overrides?: Record<string, number> }): void;
  /** The drag of weights (`units`) or what-if scores (`overrides`) ended. */
  endDraft(which: 'units' | 'overrides'): void;
  /** An evaluation to show (the page's preview or the Node side's answer), made with `units`; `null`: nothing to evaluate. */
  showEvaluation(result: Evaluation | null, units: number[] | null): void;
  evaluationFailed(message: string): void;
  /** The robustness analysis moves on to this document and what-if scores (its previous run has ended). */
  analyse(doc: WorkshopDoc, overrides: Record<string, number>): void;

  /** The room follows a workshop's round: nothing known yet. */
  followRound(): void;
  /** A status of the round arrived (an event). */
  roundChanged(round: RoundStatus): void;
  /** The Node side's status of the round after a (re)connection and, when there is none, what its journal holds. */
  roundCaughtUp(round: RoundStatus | null, journal: JournalHealth | null): void;
  /** The Node side answered an action on the round (close, reopen, reveal, move, free a name). */
  roundAnswered(round: RoundStatus | null): void;
  /** A new round was started from the panel. */
  roundStarted(round: RoundStatus): void;
  /** Opens a cell for the room: the room-vote panel (and the presenter's disagreement view) show it. */
  openCell(cell: CellRef): void;
  closeCell(): void;
  voteFailed(message: string): void;
  /** Opens the room-vote panel with a new round's form asking `ask`, or closes it. */
  openVotePanel(ask: 'scores' | 'pairwise'): void;
  closeVotePanel(): void;
  setProjecting(on: boolean): void;
  setProjectNames(on: boolean): void;
  /** The facilitator chose the SMAA weights (or edited the constraints). */
  setSmaaChoice(choice: SmaaChoice): void;
  setCrMethod(method: RoomState['crMethod']): void;
}

const blindKey = (docId: string) => `sw.room.blind.${docId}`;

function storedBlind(docId: string): boolean {
  try {
    return localStorage.getItem(blindKey(docId)) === '1';
  } catch {
    return false; // storage unavailable: start revealed
  }
}

const NO_LIVE = { draftUnits: null, draftOverrides: null, weightDrag: null, whatIfDrag: null, result: null, resultUnits: null, liveError: null } as const;

export const useRoom = create<RoomState & RoomActions>()((set, get) => ({
  view: 'scoring',
  participantId: 'group',
  blind: false,
  presenter: false,
  presenterView: 'ranking',
  ...NO_LIVE,
  analysed: null,
  round: null,
  votePanel: false,
  voteError: null,
  ask: 'scores',
  projecting: false,
  projectNames: false,
  unreadJournal: null,
  smaaChoice: DEFAULT_SMAA_CHOICE,
  crMethod: 'saaty',
  focusCell: null,

  enter: (docId, firstParticipant) =>
    set({
      view: 'scoring',
      participantId: firstParticipant ?? 'group',
      blind: storedBlind(docId),
      presenter: false,
      presenterView: 'ranking',
      ...NO_LIVE,
      analysed: null,
      smaaChoice: DEFAULT_SMAA_CHOICE,
      focusCell: null,
    }),
  resetLive: () => set(NO_LIVE),
  showView: (view) => set({ view }),
  selectParticipant: (participantId) => set({ participantId }),
  participantRemoved: (id) => {
    if (get().participantId === id) set({ participantId: 'group' });
  },
  setBlind: (docId, blind) => {
    try {
      if (blind) localStorage.setItem(blindKey(docId), '1');
      else localStorage.removeItem(blindKey(docId));
    } catch {
      // storage unavailable: the session still hides
    }
    set({ blind });
  },
  setPresenter: (presenter) => set({ presenter }),
  showPresenterView: (presenterView) => set({ presenterView }),

  setDraft: ({ units, overrides }) => set({ ...(units ? { draftUnits: units } : {}), ...(overrides ? { draftOverrides: overrides } : {}) }),
  weightDragged: (weightDrag) => set({ weightDrag }),
  whatIfDragged: (whatIfDrag) => set({ whatIfDrag }),
  endDraft: (which) => set(which === 'units' ? { draftUnits: null, weightDrag: null } : { draftOverrides: null, whatIfDrag: null }),
  showEvaluation: (result, resultUnits) => set({ result, resultUnits, liveError: null }),
  evaluationFailed: (liveError) => set({ liveError }),
  analyse: (doc, overrides) => {
    const a = get().analysed;
    if (a?.doc !== doc || a.overrides !== overrides) set({ analysed: { doc, overrides } });
  },

  followRound: () => set({ round: null, voteError: null, unreadJournal: null }),
  roundChanged: (round) => set({ round }),
  roundCaughtUp: (round, journal) => set({ round, unreadJournal: round ? null : journal }),
  roundAnswered: (round) => set({ round, voteError: null }),
  roundStarted: (round) => set({ round, voteError: null, ask: 'scores' }),
  voteFailed: (voteError) => set({ voteError }),
  openVotePanel: (ask) => set({ votePanel: true, ask }),
  closeVotePanel: () => set({ votePanel: false }),
  setProjecting: (projecting) => set({ projecting }),
  setProjectNames: (projectNames) => set({ projectNames }),
  setSmaaChoice: (smaaChoice) => set({ smaaChoice }),
  setCrMethod: (crMethod) => set({ crMethod }),
  openCell: (cell) => set({ focusCell: { candidateId: cell.candidateId, criterionId: cell.criterionId }, votePanel: true }),
  closeCell: () => set({ focusCell: null }),
}));
