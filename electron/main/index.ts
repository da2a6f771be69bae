import { app, BrowserWindow, ipcMain, protocol, session, shell, net } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IPC_CALL, IPC_CANCEL, IPC_PROGRESS } from '../../shared/contract/bridge';
import { createService } from '../service';
import { CONTENT_SECURITY_POLICY } from '../service/csp';
import { APP_ORIGIN, APP_SCHEME, isSafeExternalUrl, isTrustedSender, resolveAppUrl, secureWebPreferences } from './security';

// The desktop shell: a thin relay between one hardened window and the shared service.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const rendererRoot = path.join(__dirname, '../renderer');
const service = createService({
  host: 'electron',
  workerUrl: pathToFileURL(path.join(__dirname, 'worker.mjs')),
  pdf: async (html) => {
    const win = new BrowserWindow({ show: false, webPreferences: { sandbox: true, contextIsolation: true, javascript: false } });
    try {
      await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
      return new Uint8Array(await win.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true }));
    } finally {
      win.destroy();
    }
  },
});
const jobs = new Map<string, AbortController>();

if (!app.requestSingleInstanceLock()) app.quit();

function createWindow() {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    webPreferences: secureWebPreferences(path.join(__dirname, 'preload.cjs')),
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.on('will-navigate', (e) => e.preventDefault());
  win.webContents.on('will-attach-webview', (e) => e.preventDefault());
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  void win.loadURL(`${APP_ORIGIN}/`);
  return win;
}

app.on('second-instance', () => {
  const [win] = BrowserWindow.getAllWindows();
  if (win) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
});

app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  session.defaultSession.webRequest.onHeadersReceived((details, cb) =>
    cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } }),
  );
  protocol.handle(APP_SCHEME, (request) => {
    const file = resolveAppUrl(request.url, rendererRoot);
    if (!file) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).toString());
  });

  ipcMain.handle(IPC_CALL, async (event, jobId: unknown, method: unknown, payload: unknown) => {
    if (!isTrustedSender(event.senderFrame?.url, event.senderFrame === event.sender.mainFrame)) {
      return { ok: false, error: { code: 'forbidden', message: 'Untrusted sender.' } };
    }
    const key = `${event.sender.id}:${String(jobId)}`;
    const abort = new AbortController();
    jobs.set(key, abort);
    try {
      return await service.dispatch(String(method), payload, {
        signal: abort.signal,
        onProgress: (p) => event.sender.send(IPC_PROGRESS, jobId, p),
      });
    } finally {
      jobs.delete(key);
    }
  });
  ipcMain.on(IPC_CANCEL, (event, jobId: unknown) => {
    if (!isTrustedSender(event.senderFrame?.url, event.senderFrame === event.sender.mainFrame)) return;
    jobs.get(`${event.sender.id}:${String(jobId)}`)?.abort();
  });

  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('web-contents-created', (_e, contents) => {
  contents.on('will-navigate', (e) => e.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

app.on('window-all-closed', () => {
  void service.close();
  if (process.platform !== 'darwin') app.quit();
});
