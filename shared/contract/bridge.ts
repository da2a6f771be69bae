import type { Progress } from './define';

/** Channel names and the shape of the one object the Electron preload exposes. */
export const BRIDGE_KEY = 'selectionWorkshop';
export const IPC_CALL = 'sw:call';
export const IPC_CANCEL = 'sw:cancel';
export const IPC_PROGRESS = 'sw:progress';

/** The typed outcome every transport returns. */
export type Outcome = { ok: true; result: unknown } | { ok: false; error: { code: string; message: string; issues?: { path: string; message: string }[] } };

export interface DesktopBridge {
  call(method: string, payload: unknown, onProgress?: (p: Progress) => void): { jobId: number; promise: Promise<Outcome> };
  cancel(jobId: number): void;
  /** Application-menu commands (e.g. "presenter", "import"); returns an unsubscribe. */
  onMenu(handler: (command: string) => void): () => void;
}
