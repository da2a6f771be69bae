import { beforeEach, describe, expect, it } from 'vitest';
import { createWorkshop, type WorkshopDoc } from '../../shared/model';
import { redo, undo, useWorkshop } from './workshop';

const doc = (title = 'W'): WorkshopDoc => createWorkshop({ title, lang: 'en', id: 'w1', now: '2026-11-29T10:00:00.000Z' });
const rename = (title: string) => (d: WorkshopDoc) => ({ ...d, meta: { ...d.meta, title } });

describe('the open workshop: edits and what-if scores share one undo history', () => {
  beforeEach(() => useWorkshop.getState().open(doc()));

  it('a what-if score is one undo step and never touches the document', () => {
    const before = useWorkshop.getState().doc;
    useWorkshop.getState().setWhatIf('What-if score', { 'p|c|k': 3 });
    expect(useWorkshop.getState().doc).toBe(before); // autosave writes nothing
    useWorkshop.getState().setWhatIf('What-if score', { 'p|c|k': 4 });
    undo();
    expect(useWorkshop.getState().whatIf).toEqual({ 'p|c|k': 3 });
    undo();
    expect(useWorkshop.getState().whatIf).toEqual({});
    redo();
    expect(useWorkshop.getState().whatIf).toEqual({ 'p|c|k': 3 });
  });

  it('edits and what-if changes interleave in order; an edit with what-if scores (applying a scenario) is one step', () => {
    const s = useWorkshop.getState();
    s.edit('Rename', rename('A'));
    s.setWhatIf('What-if score', { x: 1 });
    s.edit('Apply scenario', rename('B'), { y: 2 });
    expect(useWorkshop.getState().doc!.meta.title).toBe('B');
    undo();
    expect(useWorkshop.getState().doc!.meta.title).toBe('A');
    expect(useWorkshop.getState().whatIf).toEqual({ x: 1 });
    undo();
    expect(useWorkshop.getState().whatIf).toEqual({});
    expect(useWorkshop.getState().doc!.meta.title).toBe('A');
    undo();
    expect(useWorkshop.getState().doc!.meta.title).toBe('W');
  });

  it('a slider gesture keeps the what-if scores of its start', () => {
    const s = useWorkshop.getState();
    s.setWhatIf('What-if score', { x: 1 });
    s.beginGesture();
    s.edit('Weight', rename('drag 1'));
    s.edit('Weight', rename('drag 2'));
    s.endGesture();
    undo();
    expect(useWorkshop.getState().doc!.meta.title).toBe('W');
    expect(useWorkshop.getState().whatIf).toEqual({ x: 1 });
  });

  it('opening a workshop starts without what-if scores; the same workshop synced from another window keeps them', () => {
    useWorkshop.getState().setWhatIf('What-if score', { x: 1 });
    useWorkshop.getState().open(rename('Saved elsewhere')(doc()), { synced: true });
    expect(useWorkshop.getState().whatIf).toEqual({ x: 1 });
    useWorkshop.getState().open({ ...doc(), id: 'w2' });
    expect(useWorkshop.getState().whatIf).toEqual({});
  });
});
