import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onCommit` on the native `change` event of an input — for a range input that is
 * the release of a drag (or one keyboard step), unlike React's `onChange`, which fires on
 * every `input` event.
 */
export function useNativeChange<T extends HTMLInputElement>(onCommit: (el: T) => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  const handler = useRef(onCommit);
  useEffect(() => {
    handler.current = onCommit;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const listener = () => handler.current(el);
    el.addEventListener('change', listener);
    return () => el.removeEventListener('change', listener);
  }, []);
  return ref;
}
