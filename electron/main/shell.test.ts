import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createService, type Service } from '../service';
import { IPC_CALL, IPC_CANCEL, IPC_MENU, IPC_OPEN_EXTERNAL, IPC_OPEN_FILE, IPC_SESSION_EVENT, IPC_SET_LANG } from '../../shared/contract/bridge';
import { request } from 'node:http';
import { SessionManager } from '../session/manager';
import { startShell, workshopFilesIn, MAX_OPEN_FILE_BYTES, type ElectronSurface, type IpcEventLike, type WebContentsLike } from './shell';
import { APP_ORIGIN, EXTERNAL_ALLOW_LIST, isPdfRequestAllowed, isSafeExternalUrl, isTrustedSender, resolveAppUrl } from './security';
import { buildMenuTemplate } from './menu';
import { citedUrl } from '../../shared/contract/cited';
import { referenceSources } from '../costsim/references';
import { CLOSE_BUTTONS, closeCommand, unsavedCloseDialog } from './close-guard';

/** A fake of the part of Electron the shell uses, recording what the shell asks of it. */
function fakeElectron(userData: string) {
  const rec = {
    handlers: new Map<string, (...a: unknown[]) => unknown>(),
    listeners: new Map<string, (...a: unknown[]) => void>(),
    appEvents: new Map<string, (...a: unknown[]) => void>(),
    windows: [] as FakeWindow[],
    protocolHandler: null as null | ((r: { url: string }) => Promise<Response>),
    permission: null as null | ((wc: unknown, p: string, cb: (g: boolean) => void) => void),
    headers: null as null | ((d: { responseHeaders?: Record<string, string[]> }, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void),
    opened: [] as string[],
    menu: null as unknown,
    privileged: [] as unknown[],
    quit: 0,
    dialogs: [] as Record<string, unknown>[],
    dialogResponse: 2,
    /** The system locale (app.getLocale). */
    locale: 'en-US',
  };
  class FakeContents implements WebContentsLike {
    id = 7;
    mainFrame = { url: `${APP_ORIGIN}/` };
    events = new Map<string, (...a: unknown[]) => void>();
    openHandler: ((d: { url: string }) => { action: 'deny' | 'allow' }) | null = null;
    sent: unknown[][] = [];
    on(event: string, l: (...a: unknown[]) => void) {
      this.events.set(event, l);
      return this;
    }
    setWindowOpenHandler(h: (d: { url: string }) => { action: 'deny' | 'allow' }) {
      this.openHandler = h;
    }
    send(channel: string, ...args: unknown[]) {
      this.sent.push([channel, ...args]);
    }
  }
  class FakeWindow {
    webContents = new FakeContents();
    events = new Map<string, () => void>();
    constructor(readonly options: Record<string, unknown>) {
      rec.windows.push(this);
    }
    once(e: string, l: () => void) {
      this.events.set(e, l);
    }
    on(e: string, l: () => void) {
      this.events.set(e, l);
    }
    show() {}
    focus() {}
    isMinimized() {
      return false;
    }
    restore() {}
    async loadURL(url: string) {
      this.options.loaded = url;
    }
    getBounds() {
      return { x: 10, y: 10, width: 1200, height: 800 };
    }
    isMaximized() {
      return false;
    }
    maximize() {}
    destroy() {}
  }
  const surface: ElectronSurface = {
    app: {
      requestSingleInstanceLock: () => true,
      quit: () => void rec.quit++,
      on: (event, l) => void rec.appEvents.set(event, l),
      whenReady: () => Promise.resolve(),
      getPath: () => userData,
      getVersion: () => '0.0.0-test',
      getLocale: () => rec.locale,
    },
    BrowserWindow: Object.assign(FakeWindow, { getAllWindows: () => rec.windows }) as unknown as ElectronSurface['BrowserWindow'],
    ipcMain: {
      handle: (c, l) => void rec.handlers.set(c, l as never),
      on: (c, l) => void rec.listeners.set(c, l as never),
    },
    protocol: {
      registerSchemesAsPrivileged: (s) => void rec.privileged.push(...s),
      handle: (_s, h) => void (rec.protocolHandler = h as never),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h) => void (rec.permission = h),
        webRequest: { onHeadersReceived: (h) => void (rec.headers = h) },
      },
    },
    shell: { openExternal: async (url) => void rec.opened.push(url), openPath: async () => '' },
    net: { fetch: async (url) => new Response(`served ${url}`, { status: 200, headers: { 'content-type': 'text/html' } }) },
    dialog: {
      showMessageBox: async (_win, opts) => {
        rec.dialogs.push(opts);
        return { response: rec.dialogResponse };
      },
    },
    Menu: { buildFromTemplate: (t) => t, setApplicationMenu: (m) => void (rec.menu = m) },
  };
  return { surface, rec };
}

let dir: string;
let service: Service;
let session: SessionManager;
let rec: ReturnType<typeof fakeElectron>['rec'];
let shell: ReturnType<typeof startShell>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sw-shell-'));
  mkdirSync(path.join(dir, 'renderer'));
  // The desktop app's wiring (main/index.ts): the session service in the contract, its events to the window.
  session = new SessionManager({ dataDir: dir, tls: null });
  service = createService({ host: 'test', session });
  const fake = fakeElectron(dir);
  rec = fake.rec;
  shell = startShell(fake.surface, {
    service,
    rendererRoot: path.join(dir, 'renderer'),
    preloadPath: '/app/preload.cjs',
    platform: 'linux',
    argv: [],
    sessionEvents: (send) => session.subscribe(send),
  });
  // The window is created once the (fake) app is ready and the window state was read.
  for (let i = 0; i < 200 && rec.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
});
afterEach(async () => {
  await service.close();
});

const trusted = (): IpcEventLike => {
  const win = rec.windows[0];
  return { sender: win.webContents, senderFrame: win.webContents.mainFrame as { url: string } };
};

describe('desktop shell security (Electron surface injected)', () => {
  it('opens one window with the security checklist in its webPreferences, on app://', () => {
    expect(rec.windows).toHaveLength(1);
    const prefs = rec.windows[0].options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/preload.cjs',
      disableBlinkFeatures: 'Auxclick',
    });
    expect(rec.windows[0].options.loaded).toBe(`${APP_ORIGIN}/`);
    expect(rec.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
  });

  it('denies navigation, redirects, webviews and new windows; window.open never opens anything outside', () => {
    const wc = rec.windows[0].webContents;
    for (const ev of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      wc.events.get(ev)!({ preventDefault: () => (prevented = true) });
      expect(prevented, ev).toBe(true);
    }
    for (const url of [
      'https://example.com/doc',
      'https://www.nvidia.com/en-us/data-center/h100/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://example.com',
    ])
      expect(wc.openHandler!({ url })).toEqual({ action: 'deny' });
    expect(rec.opened).toEqual([]); // not even an allowed address: only the bridge opens links
  });

  it('opens a cited source through the bridge, from the app’s main frame only, and only an allow-listed address', () => {
    const cited = 'https://www.nvidia.com/en-us/data-center/h100/';
    const send = rec.listeners.get(IPC_OPEN_EXTERNAL)!;
    send(trusted(), cited);
    send(trusted(), 'https://evil.example/');
    send(trusted(), 'http://www.nvidia.com/en-us/data-center/h100/');
    send(trusted(), { url: cited });
    const sub = rec.windows[0].webContents;
    send({ sender: sub, senderFrame: { url: 'https://evil.example/' } }, cited);
    send({ sender: sub, senderFrame: { url: `${APP_ORIGIN}/` } }, cited); // a sub-frame, not the main frame
    expect(rec.opened).toEqual([cited]);
  });

  it('every source the simulator shows as a link opens: each GPU datasheet of the catalogue and each reference run’s publication', async () => {
    // What the renderer links (SourceLink over citedUrl) comes from these two answers of the contract.
    const catalogue = (await service.dispatch('sim.catalogue', {})) as { ok: true; result: { gpus: { name: string; source: string }[] } };
    const linked = [...catalogue.result.gpus.map((g) => g.source), ...referenceSources().map((s) => s.url)].map(citedUrl);
    expect(linked.filter((u) => u === null)).toEqual([]); // each citation has an https address
    expect(linked.length).toBe(catalogue.result.gpus.length + referenceSources().length);
    const send = rec.listeners.get(IPC_OPEN_EXTERNAL)!;
    for (const url of linked) send(trusted(), url);
    expect(rec.opened).toEqual(linked);
    for (const url of linked) expect(isSafeExternalUrl(url!), url!).toBe(true);
    // The publications are GitHub pages and a blog post: their hosts are not opened wholesale.
    for (const url of ['https://github.com/volcengine/verl', 'https://github.com/evil/verl/blob/main/docs/advance/fully_async.md', 'https://www.together.ai/'])
      expect(isSafeExternalUrl(url), url).toBe(false);
  });

  it('closing with unsaved changes asks Save / Discard / Cancel and hands the answer to the page', async () => {
    const wc = rec.windows[0].webContents;
    const ask = async (response: number) => {
      rec.dialogResponse = response;
      wc.sent = [];
      wc.events.get('will-prevent-unload')!({ preventDefault: () => undefined });
      await new Promise((r) => setTimeout(r, 0));
      return wc.sent.filter(([channel]) => channel === IPC_MENU).map(([, command]) => command);
    };
    expect(await ask(CLOSE_BUTTONS.save)).toEqual(['close:save']);
    expect(await ask(CLOSE_BUTTONS.discard)).toEqual(['close:discard']);
    expect(await ask(CLOSE_BUTTONS.cancel)).toEqual([]); // the window stays open, nothing is dropped
    expect(rec.dialogs).toHaveLength(3);
    expect(rec.dialogs[0]).toMatchObject({ buttons: ['Save', 'Discard', 'Cancel'], cancelId: CLOSE_BUTTONS.cancel, defaultId: CLOSE_BUTTONS.save });
  });

  it('the close dialog speaks the app’s language (its setting, told by the page), not the system’s', async () => {
    const wc = rec.windows[0].webContents;
    const ask = async () => {
      wc.events.get('will-prevent-unload')!({ preventDefault: () => undefined });
      await new Promise((r) => setTimeout(r, 0));
      return rec.dialogs.at(-1)!;
    };
    const setLang = rec.listeners.get(IPC_SET_LANG)!;
    rec.locale = 'en-US';
    expect(await ask()).toMatchObject({ buttons: ['Save', 'Discard', 'Cancel'] }); // nothing told yet: the system locale
    setLang(trusted(), 'zh-CN');
    expect(await ask()).toMatchObject({ buttons: ['保存', '不保存', '取消'], message: '此工作坊有尚未保存的修改。' });
    rec.locale = 'zh-CN';
    setLang(trusted(), 'en');
    expect(await ask()).toMatchObject({ buttons: ['Save', 'Discard', 'Cancel'], message: 'This workshop has changes that are not saved.' });
    // Only the app's own top frame, and only one of the app's languages.
    const sub = rec.windows[0].webContents;
    setLang({ sender: sub, senderFrame: { url: 'https://evil.example/' } }, 'zh-CN');
    setLang({ sender: sub, senderFrame: { url: `${APP_ORIGIN}/` } }, 'zh-CN'); // a sub-frame
    for (const bad of ['fr', 'zh', '', null, { lang: 'zh-CN' }, ['zh-CN']]) setLang(trusted(), bad);
    expect(await ask()).toMatchObject({ buttons: ['Save', 'Discard', 'Cancel'] });
  });

  it('denies every permission request', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      let granted: boolean | null = null;
      rec.permission!({}, p, (g) => (granted = g));
      expect(granted).toBe(false);
    }
  });

  it('sets the strict CSP on every response', () => {
    let out: Record<string, string[]> = {};
    rec.headers!({ responseHeaders: { 'x-a': ['1'] } }, (r) => (out = r.responseHeaders));
    expect(out['Content-Security-Policy'][0]).toMatch(/script-src 'self'/);
    expect(out['Content-Security-Policy'][0]).toMatch(/object-src 'none'/);
  });

  it('serves app:// from the renderer folder only, refusing traversal', async () => {
    const ok = await rec.protocolHandler!({ url: `${APP_ORIGIN}/assets/app.js` });
    expect(await ok.text()).toContain(path.join(dir, 'renderer', 'assets', 'app.js'));
    expect(ok.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    for (const bad of [
      `${APP_ORIGIN}/../secret`,
      `${APP_ORIGIN}/%2e%2e/secret`,
      `${APP_ORIGIN}/..%2f..%2fetc/passwd`,
      'app://other-host/index.html',
      'file:///etc/passwd',
      `${APP_ORIGIN}/a%00b`,
    ]) {
      const r = await rec.protocolHandler!({ url: bad });
      if (r.status === 200) expect(await r.text()).toContain(path.join(dir, 'renderer'));
      else expect(r.status).toBe(404);
    }
  });

  it('answers contract calls from the app’s main frame only', async () => {
    const call = rec.handlers.get(IPC_CALL)!;
    expect(await call(trusted(), 1, 'app.info', {})).toMatchObject({ ok: true, result: { host: 'test' } });
    const wc = rec.windows[0].webContents;
    const evilFrame: IpcEventLike = { sender: wc, senderFrame: { url: 'https://evil.example/' } };
    expect(await call(evilFrame, 2, 'app.info', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const subFrame: IpcEventLike = { sender: wc, senderFrame: { url: `${APP_ORIGIN}/` } }; // same URL, but not the main frame object
    expect(await call(subFrame, 3, 'app.info', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call({ sender: wc, senderFrame: null }, 4, 'app.info', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('validates every IPC payload with the contract', async () => {
    const call = rec.handlers.get(IPC_CALL)!;
    expect(await call(trusted(), 'x', 'app.info', {})).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await call(trusted(), 5, 'shell.openExternal', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await call(trusted(), 6, 'workshop.create', { title: 1, lang: 'xx', __proto__: { polluted: true } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('cancels a job only for the sender that started it', () => {
    expect(rec.listeners.has(IPC_CANCEL)).toBe(true);
    expect(() => rec.listeners.get(IPC_CANCEL)!({ sender: rec.windows[0].webContents, senderFrame: { url: 'https://evil' } }, 1)).not.toThrow();
  });

  it('hands files opened from the OS to the renderer, refusing oversized ones', async () => {
    const good = path.join(dir, 'plan.workshop.json');
    writeFileSync(good, '{"schemaVersion":1}');
    const wc = rec.windows[0].webContents;
    wc.events.get('did-finish-load')!();
    await shell.openWorkshopFile!(good);
    expect(wc.sent.at(-1)).toEqual([IPC_OPEN_FILE, { name: 'plan.workshop.json', text: '{"schemaVersion":1}' }]);
    const big = path.join(dir, 'big.workshop.json');
    writeFileSync(big, Buffer.alloc(MAX_OPEN_FILE_BYTES + 1, 0x20));
    await shell.openWorkshopFile!(big);
    expect(wc.sent.at(-1)).toEqual([IPC_OPEN_FILE, { name: 'big.workshop.json', error: 'too_large' }]);
    expect(workshopFilesIn(['/usr/bin/app', '--flag', '/home/u/a.workshop.json', 'x.json'])).toEqual(['/home/u/a.workshop.json']);
  });

  it('has a platform menu: File, Edit, View, Help (and the app menu on macOS)', () => {
    const sent: string[] = [];
    const linux = buildMenuTemplate({ platform: 'linux', send: (c) => sent.push(c), openDataFolder: () => undefined });
    expect(linux.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Help']);
    const mac = buildMenuTemplate({ platform: 'darwin', send: () => undefined, openDataFolder: () => undefined });
    expect(mac.map((m) => m.label)).toEqual(['Selection Workshop', 'File', 'Edit', 'View', 'Help']);
    const file = linux[0].submenu as { label?: string; click?: () => void }[];
    file.find((i) => i.label === 'Import Workshop File…')!.click!();
    expect(sent).toEqual(['import']);
    expect(rec.menu).not.toBeNull();
  });
});

describe("room votes over IPC (the desktop app's path of session.* and its events)", () => {
  const spec = {
    workshopId: 'ws-ipc',
    title: 'GPU plan',
    lang: 'en',
    scale: { min: 0, max: 10 },
    criteria: [{ id: 'k1', name: { 'zh-CN': '失配', en: 'Mismatch' } }],
    candidates: [{ id: 'a', name: { 'zh-CN': '自建', en: 'Self-built' } }],
    participants: [{ id: 'p1', name: 'Lin' }],
  };
  // Loopback only: the round listens on 127.0.0.2.
  const open = { spec, address: '127.0.0.2', port: 0 };
  const sessionEvents = () => rec.windows[0].webContents.sent.filter(([c]) => c === IPC_SESSION_EVENT).map(([, e]) => e as { type: string });

  it("refuses session calls from any frame but the app's main frame, and malformed ones: nothing opens, nothing listens", async () => {
    const call = rec.handlers.get(IPC_CALL)!;
    const wc = rec.windows[0].webContents;
    for (const event of [
      { sender: wc, senderFrame: { url: 'https://evil.example/' } },
      { sender: wc, senderFrame: { url: `${APP_ORIGIN}/` } }, // not the main frame object
      { sender: wc, senderFrame: null },
    ] as IpcEventLike[])
      expect(await call(event, 1, 'session.open', open)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    for (const bad of [
      { ...open, address: 42 },
      { ...open, port: 70000 },
      { ...open, spec: { ...spec, participants: [] } },
      { ...open, spec: { ...spec, extra: '<script>' } },
      { ...open, spec: { ...spec, candidates: [{ id: '../../etc', name: { 'zh-CN': 'x', en: 'x' } }] } },
    ])
      expect(await call(trusted(), 2, 'session.open', bad)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await call(trusted(), 3, 'session.status', { workshopId: 'ws-ipc' })).toEqual({ ok: true, result: { round: null } });
    expect(sessionEvents()).toEqual([]);
  });

  it('a round opened over IPC streams its status and every acknowledged ballot to the app window only', async () => {
    const call = rec.handlers.get(IPC_CALL)!;
    const opened = (await call(trusted(), 1, 'session.open', open)) as { ok: true; result: { port: number; participants: { link: string }[] } };
    expect(opened.ok).toBe(true);
    const { port, participants } = opened.result;
    const token = participants[0].link.slice(participants[0].link.indexOf('#t=') + 3);
    const body = JSON.stringify({ ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: 7, rationale: 'fast' }] } });
    const ack = await new Promise<{ ok: boolean; result: { rev: number } }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.2',
          port,
          method: 'POST',
          path: '/p/submit',
          agent: false,
          headers: {
            Host: `127.0.0.2:${port}`,
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(ack).toMatchObject({ ok: true, result: { rev: 1 } });
    expect(sessionEvents().map((e) => e.type)).toContain('status');
    expect(sessionEvents().find((e) => e.type === 'ballot')).toMatchObject({
      workshopId: 'ws-ipc',
      participantId: 'p1',
      rev: 1,
      ballot: { cells: [{ value: 7, rationale: 'fast' }] },
    });

    // A window that no longer shows the app (its main frame elsewhere) is sent nothing.
    const wc = rec.windows[0].webContents;
    const before = wc.sent.length;
    wc.mainFrame = { url: 'https://evil.example/' };
    expect(await call({ sender: wc, senderFrame: wc.mainFrame as { url: string } }, 2, 'session.close', { workshopId: 'ws-ipc' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    await session.close('ws-ipc');
    await new Promise((r) => setTimeout(r, 100));
    expect(wc.sent.length).toBe(before);
  });
});

describe('security helpers', () => {
  it('trusts only the app origin in the main frame', () => {
    expect(isTrustedSender(`${APP_ORIGIN}/index.html`, true)).toBe(true);
    expect(isTrustedSender(`${APP_ORIGIN}/index.html`, false)).toBe(false);
    expect(isTrustedSender('app://workshop.evil/', true)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:43117/', true)).toBe(false);
    expect(isTrustedSender(undefined, true)).toBe(false);
  });
  it('maps app:// paths inside the root only', () => {
    expect(resolveAppUrl(`${APP_ORIGIN}/`, '/r')).toBe('/r/index.html');
    expect(resolveAppUrl(`${APP_ORIGIN}/assets/a.js`, '/r')).toBe('/r/assets/a.js');
    // Encoded dot-segments are resolved inside the root, never above it.
    expect(resolveAppUrl(`${APP_ORIGIN}/%2e%2e/%2e%2e/etc/hosts.conf`, '/r')).toBe('/r/etc/hosts.conf');
    expect(resolveAppUrl(`${APP_ORIGIN}/..\\..\\x`, '/r')).toBeNull();
    expect(resolveAppUrl('app://elsewhere/a.js', '/r')).toBeNull();
  });
  it('the PDF window loads its report file and inline data only', () => {
    const report = 'file:///tmp/sw-pdf-abc/report.html';
    expect(isPdfRequestAllowed(report, report)).toBe(true);
    expect(isPdfRequestAllowed('data:image/png;base64,AAAA', report)).toBe(true);
    for (const u of [
      'http://127.0.0.1:9/x',
      'https://example.com/a.png',
      'file:///etc/passwd',
      'file:///tmp/sw-pdf-abc/other.html',
      'ws://[::1]:1/',
      'app://workshop/',
      'nonsense',
    ])
      expect(isPdfRequestAllowed(u, report), u).toBe(false);
  });
  it('the close guard’s dialog: both languages; Escape or closing the dialog is Cancel', () => {
    expect(unsavedCloseDialog('zh-CN').buttons).toEqual(['保存', '不保存', '取消']);
    expect(unsavedCloseDialog('en-US').message).toMatch(/not saved/);
    expect(closeCommand(CLOSE_BUTTONS.save)).toBe('close:save');
    expect(closeCommand(CLOSE_BUTTONS.discard)).toBe('close:discard');
    expect(closeCommand(CLOSE_BUTTONS.cancel)).toBeNull();
    expect(closeCommand(-1)).toBeNull();
  });
  it('opens outside only the https sources the app cites (the allow-list)', () => {
    expect(EXTERNAL_ALLOW_LIST.size).toBeGreaterThan(0);
    for (const u of EXTERNAL_ALLOW_LIST) expect(isSafeExternalUrl(u), u).toBe(true);
    expect(isSafeExternalUrl('https://www.nvidia.com/en-us/data-center/h100/')).toBe(true);
    expect(isSafeExternalUrl('HTTPS://WWW.NVIDIA.COM/en-us/data-center/h100/')).toBe(true); // the same address
    for (const u of [
      'https://a.example',
      'https://www.nvidia.com/en-us/data-center/h100/../../../evil',
      'https://www.nvidia.com.evil.example/en-us/data-center/h100/',
      'https://user:pw@www.nvidia.com/en-us/data-center/h100/',
      'http://www.nvidia.com/en-us/data-center/h100/',
      'file:///x',
      'javascript:alert(1)',
      'smb://host/share',
      'not a url',
    ])
      expect(isSafeExternalUrl(u), u).toBe(false);
  });
});
