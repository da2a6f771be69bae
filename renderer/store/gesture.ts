import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useWorkshop } from './workshop';

/**
 * One undo step per burst of edits (typing until the field is left, a slider drag, a run of
 * arrow keys): the first change opens a gesture of the workshop store, `end` closes it (on
 * blur, pointer up, key up…); `onKeyDown` closes it on Enter (unless `multiline`) and on
 * Ctrl+Z / Ctrl+Y before the app's undo runs, so undo inside a field takes back the whole
 * burst, as in a word processor. Every change is still saved at once. Unmounting closes it.
 */
export function useEditBurst(multiline = false) {
  const active = useRef(false);
  const end = () => {
    if (!active.current) return;
    active.current = false;
    useWorkshop.getState().endGesture();
  };
  const begin = () => {
    if (active.current) return;
    active.current = true;
    useWorkshop.getState().beginGesture();
  };
  useEffect(
    () => () => {
      if (active.current) useWorkshop.getState().endGesture();
    },
    [],
  );
  const onKeyDown = (e: KeyboardEvent) => {
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && (k === 'z' || k === 'y')) end();
    else if (k === 'enter' && !multiline) end();
  };
  return { begin, end, onKeyDown };
}
