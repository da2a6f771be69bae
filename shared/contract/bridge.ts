import type { Progress } from './define';
import type { Outcome } from './errors';
import type { Lang } from '../framework/text';

/** Channel names and the shape of the one object the Electron preload exposes. */
export const BRIDGE_KEY = 'selectionWorkshop';
export const IPC_CALL = 'sw:call';
export const IPC_CANCEL = 'sw:cancel';
export const IPC_PROGRESS = 'sw:progress';
export const IPC_MENU = 'sw:menu';
export const IPC_OPEN_FILE = 'sw:open-file';
export const IPC_SESSION_EVENT = 'sw:session-event';
/** The web host's path of the same room-vote events (Server-Sent Events) that IPC_SESSION_EVENT carries in the desktop app. */
export const SESSION_EVENTS_PATH = '/events/session';
export const IPC_OPEN_EXTERNAL = 'sw:open-external';
export const IPC_SET_LANG = 'sw:set-lang';

/** Application-menu commands that features of the renderer implement (they become app commands). */
export type FeatureMenuCommand = 'new' | 'import' | 'export' | 'backup' | 'presenter' | 'about';
/** Every application-menu command the desktop shell sends to the renderer (on `IPC_MENU`). */
/** `close:save` / `close:discard`: the user's answer to the desktop close guard (electron/main/close-guard.ts). */
export type MenuCommand = FeatureMenuCommand | 'lang:zh-CN' | 'lang:en' | 'theme' | 'undo' | 'redo' | 'close:save' | 'close:discard';

/** A workshop file the OS asked the app to open (file association, second instance). */
export interface OpenedFile {
  name: string;
  text?: string;
  error?: string;
}

export interface DesktopBridge {
  call(method: string, payload: unknown, onProgress?: (p: Progress) => void): { jobId: number; promise: Promise<Outcome> };
  cancel(jobId: number): void;
  /** Application-menu commands (e.g. "presenter", "import"); returns an unsubscribe. */
  onMenu(handler: (command: MenuCommand) => void): () => void;
  /** Files opened from the OS; returns an unsubscribe. */
  onOpenFile(handler: (file: OpenedFile) => void): () => void;
  /**
   * Opens a link the app shows (a cited source) in the system browser. Only from a click (the
   * page must have a user activation), and only addresses on the shell's allow-list.
   */
  openExternal?(url: string): boolean;
  /** The app's language (zh-CN or en), told to the shell at start and on every change: its own dialogs follow it. */
  setLanguage?(lang: Lang): void;
  /** Room-vote events (a `SessionEvent` of contract/session); returns an unsubscribe. */
  onSessionEvent?(handler: (event: unknown) => void): () => void;
}
