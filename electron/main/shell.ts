import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  IPC_CALL,
  IPC_CANCEL,
  IPC_OPEN_EXTERNAL,
  IPC_OPEN_FILE,
  IPC_PROGRESS,
  IPC_MENU,
  IPC_SESSION_EVENT,
  IPC_SET_LANG,
  type MenuCommand,
} from '../../shared/contract/bridge';
import { LANGS, type Lang } from '../../shared/framework/text';
import type { Service } from '../service';
import { CONTENT_SECURITY_POLICY } from '../service/csp';
import { APP_ORIGIN, APP_SCHEME, isSafeExternalUrl, isTrustedSender, resolveAppUrl } from './security';
import { buildMenuTemplate } from './menu';
import { closeCommand, unsavedCloseDialog } from './close-guard';

/**
 * The desktop shell, written against the small part of Electron it uses. `index.ts` passes
 * the real `electron` module; unit tests pass a fake, so every security rule here is
 * tested without the Electron binary.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface ElectronSurface {
  app: {
    requestSingleInstanceLock(): boolean;
    quit(): void;
    on(event: string, listener: (...args: any[]) => void): unknown;
    whenReady(): Promise<unknown>;
    getPath(name: 'userData'): string;
    getVersion(): string;
    getLocale?(): string;
    setAboutPanelOptions?(opts: Record<string, unknown>): void;
  };
  BrowserWindow: {
    new (opts: Record<string, any>): BrowserWindowLike;
    getAllWindows(): BrowserWindowLike[];
  };
  ipcMain: {
    handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
    on(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => void): void;
  };
  protocol: {
    registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges: Record<string, boolean> }>): void;
    handle(scheme: string, handler: (request: { url: string }) => Promise<Response> | Response): void;
  };
  session: {
    defaultSession: {
      setPermissionRequestHandler(handler: (wc: unknown, permission: string, cb: (granted: boolean) => void) => void): void;
      setPermissionCheckHandler?(handler: () => boolean): void;
      webRequest: {
        onHeadersReceived(
          handler: (details: { responseHeaders?: Record<string, string[]> }, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void,
        ): void;
      };
    };
  };
  shell: { openExternal(url: string): Promise<void>; openPath(p: string): Promise<string> };
  net: { fetch(url: string): Promise<Response> };
  dialog: { showMessageBox(win: BrowserWindowLike, opts: Record<string, unknown>): Promise<{ response: number }> };
  Menu: { buildFromTemplate(template: unknown[]): unknown; setApplicationMenu(menu: unknown): void };
  screen?: { getAllDisplays(): Array<{ workArea: { x: number; y: number; width: number; height: number } }> };
}

export interface WebContentsLike {
  id: number;
  mainFrame: unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void;
  send(channel: string, ...args: unknown[]): void;
  printToPDF?(opts: Record<string, unknown>): Promise<Buffer>;
}

export interface BrowserWindowLike {
  webContents: WebContentsLike;
  once(event: string, listener: () => void): unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  show(): void;
  focus(): void;
  isMinimized(): boolean;
  restore(): void;
  loadURL(url: string): Promise<void>;
  getBounds(): { x: number; y: number; width: number; height: number };
  isMaximized(): boolean;
  maximize(): void;
  destroy(): void;
}

export interface IpcEventLike {
  sender: WebContentsLike;
  senderFrame: { url: string } | null;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface ShellOptions {
  service: Service;
  rendererRoot: string;
  preloadPath: string;
  platform?: NodeJS.Platform;
  argv?: string[];
  /** Room-vote events to forward to the window (the session manager's subscribe). */
  sessionEvents?: (send: (event: unknown) => void) => () => void;
}

const WindowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(800).max(10000),
  height: z.number().int().min(600).max(10000),
  maximized: z.boolean(),
});
type WindowState = z.infer<typeof WindowStateSchema>;

export const MAX_OPEN_FILE_BYTES = 50 * 1024 * 1024;

/** The languages the page may tell the shell (IPC_SET_LANG); anything else is ignored. */
const AppLangSchema = z.enum(LANGS);

/** Workshop files passed on the command line (file association, second instance). */
export function workshopFilesIn(argv: string[]): string[] {
  return argv.filter((a) => !a.startsWith('-') && a.toLowerCase().endsWith('.workshop.json'));
}

/** The main window's size and position, kept in the user's data folder between runs. */
function windowStateFile(e: ElectronSurface) {
  const statePath = () => path.join(e.app.getPath('userData'), 'window-state.json');
  return {
    async load(): Promise<WindowState | null> {
      try {
        const parsed = WindowStateSchema.safeParse(JSON.parse(await readFile(statePath(), 'utf8')));
        if (!parsed.success) return null;
        // Only restore a position that is still on a screen (a monitor may have gone).
        const displays = e.screen?.getAllDisplays() ?? [];
        const s = parsed.data;
        const visible = displays.some(
          (d) =>
            s.x >= d.workArea.x - 50 && s.y >= d.workArea.y - 50 && s.x < d.workArea.x + d.workArea.width - 100 && s.y < d.workArea.y + d.workArea.height - 100,
        );
        return visible ? s : { ...s, x: undefined as never, y: undefined as never };
      } catch {
        return null;
      }
    },
    async save(win: BrowserWindowLike): Promise<void> {
      const b = win.getBounds();
      await writeFile(statePath(), JSON.stringify({ ...b, maximized: win.isMaximized() })).catch(() => undefined);
    },
  };
}

/** Every web contents of the app: no navigation, redirect, webview or new window. */
function hardenContents(contents: WebContentsLike) {
  contents.on('will-navigate', (ev: { preventDefault(): void }) => ev.preventDefault());
  contents.on('will-redirect', (ev: { preventDefault(): void }) => ev.preventDefault());
  contents.on('will-attach-webview', (ev: { preventDefault(): void }) => ev.preventDefault());
  // No new windows, and nothing opens outside from window.open or target=_blank: links the app
  // shows open through the bridge (openExternal), from a click, if they are on the allow-list.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Whether an IPC message comes from the app's own top frame. */
const fromAppTopFrame = (event: IpcEventLike) => isTrustedSender(event.senderFrame?.url, event.senderFrame === event.sender.mainFrame);

/**
 * The page's IPC messages: contract calls and their cancellation, links to open outside, the
 * language setting. Each is accepted only from the app's own top frame.
 */
function ipcHandlers(e: ElectronSurface, service: Service, setLang: (lang: Lang) => void) {
  const jobs = new Map<string, AbortController>();
  return {
    /** The contract over IPC; the payload is validated by the service. */
    async onCall(event: IpcEventLike, jobId: unknown, method: unknown, payload: unknown) {
      if (!fromAppTopFrame(event)) return { ok: false, error: { code: 'forbidden', message: 'Untrusted sender.' } };
      if (typeof jobId !== 'number' || !Number.isSafeInteger(jobId) || typeof method !== 'string') {
        return { ok: false, error: { code: 'invalid_request', message: 'Malformed call.' } };
      }
      const key = `${event.sender.id}:${jobId}`;
      const abort = new AbortController();
      jobs.set(key, abort);
      try {
        return await service.dispatch(method, payload, {
          signal: abort.signal,
          onProgress: (p) => event.sender.send(IPC_PROGRESS, jobId, p),
        });
      } finally {
        jobs.delete(key);
      }
    },
    onCancel(event: IpcEventLike, jobId: unknown) {
      if (!fromAppTopFrame(event)) return;
      jobs.get(`${event.sender.id}:${String(jobId)}`)?.abort();
    },
    /** A cited source the user clicked: on the allow-list, to the system browser. */
    onOpenExternal(event: IpcEventLike, url: unknown) {
      if (!fromAppTopFrame(event)) return;
      if (typeof url === 'string' && isSafeExternalUrl(url)) void e.shell.openExternal(url);
    },
    /** The page's language setting (its dialogs follow it): one of the app's languages. */
    onSetLanguage(event: IpcEventLike, lang: unknown) {
      if (!fromAppTopFrame(event)) return;
      const parsed = AppLangSchema.safeParse(lang);
      if (parsed.success) setLang(parsed.data);
    },
  };
}
type IpcHandlers = ReturnType<typeof ipcHandlers>;

/** The app's own scheme: the built renderer's files, with the content security policy. */
function appFileServer(e: ElectronSurface, rendererRoot: string) {
  return async function serveApp(request: { url: string }): Promise<Response> {
    const file = resolveAppUrl(request.url, rendererRoot);
    if (!file) return new Response('Not found', { status: 404 });
    const res = await e.net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(res.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(res.body, { status: res.status, headers });
  };
}

/** What the main window tells the shell, and what it asks of it. */
interface MainWindowHooks {
  preloadPath: string;
  windowState: ReturnType<typeof windowStateFile>;
  /** The language of the shell's own dialogs. */
  lang(): string;
  /** The page has loaded: it can be handed files. */
  onLoaded(win: BrowserWindowLike): void;
  onClosed(win: BrowserWindowLike): void;
}

/** Opens the app's window where it last was, hardened, with the close guard's question. */
async function openMainWindow(e: ElectronSurface, hooks: MainWindowHooks): Promise<BrowserWindowLike> {
  const state = await hooks.windowState.load();
  const { BrowserWindow } = e;
  // webPreferences stay a literal here so that the security scanner (electronegativity) reads them.
  const win: BrowserWindowLike = new BrowserWindow({
    width: state?.width ?? 1400,
    height: state?.height ?? 900,
    ...(state && Number.isFinite(state.x) ? { x: state.x, y: state.y } : {}),
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'Selection Workshop',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: hooks.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      enableRemoteModule: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  hardenContents(win.webContents);
  win.once('ready-to-show', () => {
    if (state?.maximized) win.maximize();
    win.show();
  });
  win.webContents.on('did-finish-load', () => hooks.onLoaded(win));
  win.on('close', () => void hooks.windowState.save(win));
  askBeforeUnsavedClose(e, win, hooks.lang);
  win.on('closed', () => hooks.onClosed(win));
  return win;
}

/** The page refused to unload (unsaved changes): ask Save / Discard / Cancel, and tell the page. */
function askBeforeUnsavedClose(e: ElectronSurface, win: BrowserWindowLike, lang: () => string) {
  let asking = false;
  win.webContents.on('will-prevent-unload', () => {
    if (asking) return;
    asking = true;
    void e.dialog
      .showMessageBox(win, unsavedCloseDialog(lang()))
      .then(({ response }) => {
        const command = closeCommand(response);
        if (command) win.webContents.send(IPC_MENU, command);
      })
      .finally(() => (asking = false));
  });
}

/** Once Electron is ready: no permissions, the CSP on every response, the app's scheme, IPC and the menu. */
function installSessionAndIpc(
  e: ElectronSurface,
  platform: NodeJS.Platform,
  serveApp: ReturnType<typeof appFileServer>,
  ipc: IpcHandlers,
  sendMenu: (command: MenuCommand) => void,
) {
  const ses = e.session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, cb) => cb(false));
  ses.setPermissionCheckHandler?.(() => false);
  ses.webRequest.onHeadersReceived((details, cb) =>
    cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } }),
  );
  e.protocol.handle(APP_SCHEME, serveApp);
  e.ipcMain.handle(IPC_CALL, ipc.onCall as (event: IpcEventLike, ...args: unknown[]) => unknown);
  e.ipcMain.on(IPC_CANCEL, ipc.onCancel as (event: IpcEventLike, ...args: unknown[]) => void);
  e.ipcMain.on(IPC_OPEN_EXTERNAL, ipc.onOpenExternal as (event: IpcEventLike, ...args: unknown[]) => void);
  e.ipcMain.on(IPC_SET_LANG, ipc.onSetLanguage as (event: IpcEventLike, ...args: unknown[]) => void);
  e.Menu.setApplicationMenu(
    e.Menu.buildFromTemplate(
      buildMenuTemplate({
        platform,
        send: sendMenu,
        openDataFolder: () => void e.shell.openPath(e.app.getPath('userData')),
      }),
    ),
  );
  e.app.setAboutPanelOptions?.({ applicationName: 'Selection Workshop', applicationVersion: e.app.getVersion() });
}

export function startShell(e: ElectronSurface, opts: ShellOptions) {
  const { service, rendererRoot, preloadPath } = opts;
  const platform = opts.platform ?? process.platform;
  const pendingFiles: string[] = workshopFilesIn(opts.argv ?? process.argv.slice(1));
  let mainWindow: BrowserWindowLike | null = null;
  let rendererReady = false;
  /** The app's language as the page last told it (its setting); until then the system locale. */
  let appLang: Lang | null = null;

  e.protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  if (!e.app.requestSingleInstanceLock()) {
    e.app.quit();
    return { windows: () => [] as BrowserWindowLike[] };
  }
  const windowState = windowStateFile(e);
  const ipc = ipcHandlers(e, service, (lang) => (appLang = lang));
  const serveApp = appFileServer(e, rendererRoot);

  // Room-vote events (ballots) go to the app's own window only, and only while it shows the app:
  // never to another frame or page. A window opened later catches up through session.status.
  opts.sessionEvents?.((event) => {
    const wc = mainWindow?.webContents;
    if (wc && isTrustedSender((wc.mainFrame as { url?: string } | null)?.url, true)) wc.send(IPC_SESSION_EVENT, event);
  });

  function sendMenu(command: MenuCommand) {
    mainWindow?.webContents.send(IPC_MENU, command);
  }

  /** Reads a workshop file the OS asked us to open and hands it to the renderer, which validates and imports a copy. */
  async function openWorkshopFile(file: string) {
    if (!mainWindow || !rendererReady) {
      pendingFiles.push(file);
      return;
    }
    try {
      const info = await stat(file);
      if (info.size > MAX_OPEN_FILE_BYTES) {
        mainWindow.webContents.send(IPC_OPEN_FILE, { name: path.basename(file), error: 'too_large' });
        return;
      }
      mainWindow.webContents.send(IPC_OPEN_FILE, { name: path.basename(file), text: await readFile(file, 'utf8') });
    } catch (err) {
      mainWindow.webContents.send(IPC_OPEN_FILE, { name: path.basename(file), error: (err as Error).message });
    }
  }

  async function createWindow() {
    const win = await openMainWindow(e, {
      preloadPath,
      windowState,
      lang: () => appLang ?? e.app.getLocale?.() ?? 'en',
      onLoaded: () => {
        rendererReady = true;
        for (const f of pendingFiles.splice(0)) void openWorkshopFile(f);
      },
      onClosed: (closed) => {
        if (mainWindow === closed) mainWindow = null;
        rendererReady = false;
      },
    });
    mainWindow = win;
    await win.loadURL(`${APP_ORIGIN}/`);
    return win;
  }

  e.app.on('second-instance', (_ev: unknown, argv: string[]) => {
    for (const f of workshopFilesIn(argv)) void openWorkshopFile(f);
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  e.app.on('open-file', (ev: { preventDefault(): void }, file: string) => {
    ev.preventDefault();
    void openWorkshopFile(file);
  });
  e.app.on('web-contents-created', (_ev: unknown, contents: WebContentsLike) => hardenContents(contents));
  e.app.on('window-all-closed', () => {
    if (platform !== 'darwin') {
      void service.close();
      e.app.quit();
    }
  });

  void e.app.whenReady().then(async () => {
    installSessionAndIpc(e, platform, serveApp, ipc, sendMenu);
    await createWindow();
    e.app.on('activate', () => {
      if (e.BrowserWindow.getAllWindows().length === 0) void createWindow();
    });
  });

  const { onCall, onCancel, onOpenExternal, onSetLanguage } = ipc;
  return { windows: () => e.BrowserWindow.getAllWindows(), onCall, onCancel, onOpenExternal, onSetLanguage, serveApp, openWorkshopFile };
}
