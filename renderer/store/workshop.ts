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
}

interface WorkshopActions {
  /** Opens a document: a fresh history. `synced`: it came from another window's save. */
  open(doc: WorkshopDoc, opts?: { synced?: boolean }): void;
  close(): void;
  /** One named edit: a pure function from the document to the next document; one undo step. */
  edit(action: string, recipe: (doc: WorkshopDoc) => WorkshopDoc): void;
  /** Continuous gestures (slider drags): edits in between make a single undo step. */
  beginGesture(): void;
  endGesture(): void;
  setSaveState(state: SaveState, error?: StorageProblem | null): void;
}

export type WorkshopStore = WorkshopState & WorkshopActions;

let gestureStart: WorkshopDoc | null = null;

export const useWorkshop = create<WorkshopStore>()(
  temporal(
    (set, get) => ({
      doc: null,
      saveState: 'saved',
      saveError: null,
      lastAction: '',
      syncedAt: 0,
      loads: 0,
      open(doc, opts) {
        set({ doc, saveState: 'saved', saveError: null, lastAction: '', syncedAt: opts?.synced ? Date.now() : 0, loads: get().loads + 1 });
        useWorkshop.temporal.getState().clear();
      },
      close() {
        set({ doc: null, lastAction: '' });
        useWorkshop.temporal.getState().clear();
      },
      edit(action, recipe) {
        const doc = get().doc;
        if (!doc) return;
        const next = recipe(doc);
        if (next === doc) return;
        set({ doc: next, lastAction: action });
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
          t.setState({ pastStates: [...t.getState().pastStates, { doc: start }], futureStates: [] });
        }
      },
      setSaveState(saveState, saveError = null) {
        set({ saveState, saveError });
      },
    }),
    {
      // Only the document is history; save status is not.
      partialize: (s) => ({ doc: s.doc }),
      equality: (a, b) => a.doc === b.doc,
      limit: 500,
    },
  ),
);

export const undo = () => useWorkshop.temporal.getState().undo();
export const redo = () => useWorkshop.temporal.getState().redo();
