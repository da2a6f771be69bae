import { create } from 'zustand';
import { temporal } from 'zundo';
import type { WorkshopDoc } from '../../shared/model';
import type { StorageProblem } from '../db/errors';

/** `conflict`: another window saved this workshop; the user chooses whose version to keep. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'error' | 'conflict';

interface WorkshopState {
  doc: WorkshopDoc | null;
  saveState: SaveState;
  /** What went wrong with the last save (see db/errors.ts), for a message with the remedy. */
  saveError: StorageProblem | null;
  /** Name of the last edit, for the undo button's tooltip. */
  lastAction: string;
  /** Set when the open document was replaced by another window's saved version. */
  syncedAt: number;
  /** Counts `open()` calls: a loaded document is not an edit (autosave ignores it). */
  loads: number;
  /**
   * The room's what-if scores ("participant|candidate|criterion" → value): exploration on top
   * of the real scores, for this session only (kept by saving a scenario), yet undoable like
   * every edit. Not part of the document, so autosave never writes it.
   */
  whatIf: Record<string, number>;
}

interface WorkshopActions {
  /** Opens a document: a fresh history. `synced`: it came from another window's save. */
  open(doc: WorkshopDoc, opts?: { synced?: boolean }): void;
  close(): void;
  /** One named edit: a pure function from the document to the next document; one undo step (with the what-if scores, if given). */
  edit(action: string, recipe: (doc: WorkshopDoc) => WorkshopDoc, whatIf?: Record<string, number>): void;
  /**
   * Several named edits at once (ballots arriving together): each that changes the document
   * is its own undo step, exactly as if `edit` had been called for each in turn, but the store
   * (and so the screen) is updated once, with the last edit's name.
   */
  editMany(edits: readonly { action: string; recipe: (doc: WorkshopDoc) => WorkshopDoc }[]): void;
  /** Continuous gestures (slider drags): edits in between make a single undo step. */
  beginGesture(): void;
  endGesture(): void;
  setSaveState(state: SaveState, error?: StorageProblem | null): void;
  /** Sets the what-if scores: one undo step named `action`. */
  setWhatIf(action: string, whatIf: Record<string, number>): void;
}

export type WorkshopStore = WorkshopState & WorkshopActions;

let gestureStart: WorkshopDoc | null = null;
/** Undo steps kept. */
const HISTORY_LIMIT = 500;

export const useWorkshop = create<WorkshopStore>()(
  temporal(
    (set, get) => ({
      doc: null,
      saveState: 'saved',
      saveError: null,
      lastAction: '',
      syncedAt: 0,
      loads: 0,
      whatIf: {},
      open(doc, opts) {
        // Live sync from another window keeps this window's what-if exploration (same workshop).
        const whatIf = opts?.synced && get().doc?.id === doc.id ? get().whatIf : {};
        set({ doc, whatIf, saveState: 'saved', saveError: null, lastAction: '', syncedAt: opts?.synced ? Date.now() : 0, loads: get().loads + 1 });
        useWorkshop.temporal.getState().clear();
      },
      close() {
        set({ doc: null, whatIf: {}, lastAction: '' });
        useWorkshop.temporal.getState().clear();
      },
      edit(action, recipe, whatIf) {
        const doc = get().doc;
        if (!doc) return;
        const next = recipe(doc);
        const nextWhatIf = whatIf ?? get().whatIf;
        if (next === doc && nextWhatIf === get().whatIf) return;
        set({ doc: next, whatIf: nextWhatIf, lastAction: action });
      },
      editMany(edits) {
        const first = get().doc;
        if (!first) return;
        const whatIf = get().whatIf;
        const steps: WorkshopDoc[] = [];
        let doc = first;
        let action = '';
        for (const e of edits) {
          const next = e.recipe(doc);
          if (next === doc) continue;
          steps.push(doc);
          doc = next;
          action = e.action;
        }
        if (steps.length === 0) return;
        const t = useWorkshop.temporal;
        // Inside a gesture the whole gesture is one step already: let it record as usual.
        if (gestureStart || steps.length === 1) return set({ doc, lastAction: action });
        t.getState().pause();
        set({ doc, lastAction: action });
        t.getState().resume();
        const past = [...t.getState().pastStates, ...steps.map((d) => ({ doc: d, whatIf }))];
        t.setState({ pastStates: past.slice(Math.max(0, past.length - HISTORY_LIMIT)), futureStates: [] });
      },
      beginGesture() {
        if (gestureStart) return;
        gestureStart = get().doc;
        useWorkshop.temporal.getState().pause();
      },
      endGesture() {
        const start = gestureStart;
        gestureStart = null;
        const t = useWorkshop.temporal;
        t.getState().resume();
        if (start && start !== get().doc) {
          t.setState({ pastStates: [...t.getState().pastStates, { doc: start, whatIf: get().whatIf }], futureStates: [] });
        }
      },
      setSaveState(saveState, saveError = null) {
        set({ saveState, saveError });
      },
      setWhatIf(action, whatIf) {
        if (whatIf === get().whatIf) return;
        set({ whatIf, lastAction: action });
      },
    }),
    {
      // The document and the what-if scores are history; save status is not.
      partialize: (s) => ({ doc: s.doc, whatIf: s.whatIf }),
      equality: (a, b) => a.doc === b.doc && a.whatIf === b.whatIf,
      limit: HISTORY_LIMIT,
    },
  ),
);

export const undo = () => useWorkshop.temporal.getState().undo();
export const redo = () => useWorkshop.temporal.getState().redo();
