import * as electron from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { lockDownHtml } from '../report/pdf';
import { isPdfRequestAllowed } from './security';
import { createService } from '../service';
import { SessionManager } from '../session/manager';
import { LibraryCopy } from '../keep/library-copy';
import { remoteListener, type ChildEnd } from '../session/listener-channel';
import { startShell, type ElectronSurface } from './shell';

// The desktop shell's entry: real Electron in, everything else in shell.ts (tested with a fake surface).
const { BrowserWindow } = electron;

// Room votes: journals in the user-data folder; the participant page from the built renderer.
// Each round's listener runs in a utility process (room-listener.cjs), outside main's powers.
const session = new SessionManager({
  dataDir: electron.app.getPath('userData'),
  staticDir: path.join(__dirname, '../renderer'),
  startListener: remoteListener(
    () => electron.utilityProcess.fork(path.join(__dirname, 'room-listener.cjs'), [], { serviceName: 'Room listener' }) as unknown as ChildEnd,
  ),
});
// Rounds left open by a crash or a restart listen again at once.
void electron.app.whenReady().then(() => session.resumeOpen());

const service = createService({
  host: 'electron',
  session,
  // The library's safety copy, outside Chromium's IndexedDB (shared/contract/library.ts).
  copies: new LibraryCopy(path.join(electron.app.getPath('userData'), 'library-copy')),
  workerUrl: pathToFileURL(path.join(__dirname, 'worker.mjs')),
  // PDF from the report's HTML: an offscreen window with JavaScript off, in a session of its own
  // that refuses every request but its report file, loaded from a private temporary file (a
  // `data:` URL is limited in length: a 2.8 M-character workshop did not fit). The service queues
  // these jobs (electron/report/pdf.ts, pdfQueue).
  pdf: async (html) => {
    const dir = await mkdtemp(path.join(electron.app.getPath('temp'), 'sw-pdf-'));
    const file = path.join(dir, 'report.html');
    const reportUrl = pathToFileURL(file).href;
    const ses = electron.session.fromPartition(`sw-pdf-${path.basename(dir)}`);
    ses.webRequest.onBeforeRequest((details, cb) => cb({ cancel: !isPdfRequestAllowed(details.url, reportUrl) }));
    const win = new BrowserWindow({
      show: false,
      webPreferences: {
        javascript: false,
        session: ses,
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
      await writeFile(file, lockDownHtml(html), 'utf8');
      await win.loadURL(reportUrl);
      return new Uint8Array(await win.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true }));
    } finally {
      win.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  },
});

startShell(electron as unknown as ElectronSurface, {
  service,
  rendererRoot: path.join(__dirname, '../renderer'),
  preloadPath: path.join(__dirname, 'preload.cjs'),
  sessionEvents: (send) => session.subscribe(send),
});
