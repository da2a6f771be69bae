import type { Progress } from './define';

/** Channel names and the shape of the one object the Electron preload exposes. */
export const BRIDGE_KEY = 'selectionWorkshop';
export const IPC_CALL = 'sw:call';
export const IPC_CANCEL = 'sw:cancel';
export const IPC_PROGRESS = 'sw:progress';
export const IPC_MENU = 'sw:menu';
export const IPC_OPEN_FILE = 'sw:open-file';
export const IPC_SESSION_EVENT = 'sw:session-event';

/** A workshop file the OS asked the app to open (file association, second instance). */
export interface OpenedFile {
  name: string;
  text?: string;
  error?: string;
}

/** The typed outcome every transport returns. */
export type Outcome = { ok: true; result: unknown } | { ok: false; error: { code: string; message: string; issues?: { path: string; message: string }[] } };

export interface DesktopBridge {
  call(method: string, payload: unknown, onProgress?: (p: Progress) => void): { jobId: number; promise: Promise<Outcome> };
  cancel(jobId: number): void;
  /** Application-menu commands (e.g. "presenter", "import"); returns an unsubscribe. */
  onMenu(handler: (command: string) => void): () => void;
  /** Files opened from the OS; returns an unsubscribe. */
  onOpenFile(handler: (file: OpenedFile) => void): () => void;
  /** Room-vote events (a `SessionEvent` of contract/session); returns an unsubscribe. */
  onSessionEvent?(handler: (event: unknown) => void): () => void;
}
