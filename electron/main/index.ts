import * as electron from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createService } from '../service';
import { SessionManager } from '../session/manager';
import { startShell, type ElectronSurface } from './shell';

// The desktop shell's entry: real Electron in, everything else in shell.ts (tested with a fake surface).
const { BrowserWindow } = electron;

// Room votes: journals in the user-data folder; the participant page from the built renderer.
const session = new SessionManager({ dataDir: electron.app.getPath('userData'), staticDir: path.join(__dirname, '../renderer') });

const service = createService({
  host: 'electron',
  session,
  workerUrl: pathToFileURL(path.join(__dirname, 'worker.mjs')),
  // PDF from the report's HTML: an offscreen window with JavaScript off, then printToPDF.
  pdf: async (html) => {
    const win = new BrowserWindow({
      show: false,
      webPreferences: {
        javascript: false,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        disableBlinkFeatures: 'Auxclick',
      },
    });
    try {
      await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
      return new Uint8Array(await win.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true }));
    } finally {
      win.destroy();
    }
  },
});

startShell(electron as unknown as ElectronSurface, {
  service,
  rendererRoot: path.join(__dirname, '../renderer'),
  preloadPath: path.join(__dirname, 'preload.cjs'),
  sessionEvents: (send) => session.subscribe(send),
});
