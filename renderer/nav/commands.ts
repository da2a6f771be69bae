import { useEffect, useRef } from 'react';
import type { FeatureMenuCommand } from '../../shared/contract/bridge';

/**
 * App-wide commands from the desktop menu, keyboard shortcuts or the OS (opened files).
 * Features subscribe to the commands they implement; nothing else couples them.
 */
export type AppCommand = { type: FeatureMenuCommand } | { type: 'open-file'; file: File } | { type: 'open-file-error'; name: string; error: string };

const target = new EventTarget();

export function emitCommand(command: AppCommand) {
  target.dispatchEvent(new CustomEvent('command', { detail: command }));
}

export function onCommand(handler: (command: AppCommand) => void): () => void {
  const listener = (e: Event) => handler((e as CustomEvent<AppCommand>).detail);
  target.addEventListener('command', listener);
  return () => target.removeEventListener('command', listener);
}

/** Subscribes a component to app commands for as long as it is mounted. */
export function useCommand(handler: (command: AppCommand) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onCommand((c) => ref.current(c)), []);
}
