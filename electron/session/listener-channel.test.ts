import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RoundSpecSchema } from '../../shared/contract/session';
import { startListener, type Listener } from './listener';
import { LISTENER_RESTARTS, remoteListener, serveListenerChild, type ChildEnd, type ParentEnd } from './listener-channel';
import { SessionManager } from './manager';

// Listens only on 127.0.0.2 (loopback), port 0. The utility process is faked by a pair of
// in-memory ports that copy each message (structuredClone), as Electron's channel does.
const ADDRESS = '127.0.0.2';
const spec = RoundSpecSchema.parse({
  workshopId: 'ws-u',
  title: 'Utility',
  lang: 'en',
  scale: { min: 0, max: 10 },
  criteria: [{ id: 'k1', name: { 'zh-CN': '吞吐', en: 'Throughput' } }],
  candidates: [{ id: 'a', name: { 'zh-CN': '自建', en: 'Self-built' } }],
  participants: [{ id: 'p1', name: 'Lin' }],
});

/** A fake utility process: `child` is main's handle, `parent` the child's process.parentPort. */
function fakeProcess() {
  const toChild = new EventEmitter();
  const toMain = new EventEmitter();
  const state = { killed: false };
  const child: ChildEnd = {
    postMessage: (m) => setImmediate(() => !state.killed && toChild.emit('message', { data: structuredClone(m) })),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads of ChildEnd.on, one implementation
    on: (event: string, fn: (...a: any[]) => void) => void toMain.on(event, fn),
    kill: () => {
      if (!state.killed) {
        state.killed = true;
        toMain.emit('exit', 0);
      }
      return true;
    },
  };
  const parent: ParentEnd = {
    postMessage: (m) => setImmediate(() => !state.killed && toMain.emit('message', structuredClone(m))),
    on: (_event, fn) => void toChild.on('message', fn),
  };
  return { child, parent, state };
}

function post(port: number, method: string, body: unknown, token?: string): Promise<{ status: number; body: { ok: boolean; result?: { rev?: number } } }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: ADDRESS,
        port,
        agent: false,
        method: 'POST',
        path: `/p/${method}`,
        headers: { Host: `${ADDRESS}:${port}`, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sw-utility-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the room listener in a process of its own', () => {
  it('serves the round through the channel: a ballot is acknowledged after main journals it; closing ends the process', async () => {
    const procs: ReturnType<typeof fakeProcess>[] = [];
    const manager = new SessionManager({
      dataDir: dir,
      tls: null,
      startListener: remoteListener(() => {
        const p = fakeProcess();
        procs.push(p);
        serveListenerChild(p.parent);
        return p.child;
      }),
    });
    try {
      const status = await manager.open(spec, ADDRESS, 0);
      expect(status.listening).toBe(true);
      const t = status.participants[0].link.split('#t=')[1];
      expect((await post(status.port, 'submit', { ballot: { cells: [{ candidateId: 'a', criterionId: 'k1', value: 7 }] } }, t)).body.result!.rev).toBe(1);
      expect(await manager.ballots('ws-u')).toMatchObject([{ participantId: 'p1', rev: 1 }]);
      // A refusal comes back typed, as in-process.
      expect((await post(status.port, 'submit', { ballot: {} }, 'A'.repeat(43))).status).toBe(401);
      await manager.close('ws-u');
      expect(procs).toHaveLength(1);
      expect(procs[0].state.killed).toBe(true);
      await expect(post(status.port, 'status', {}, t)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await manager.shutdown();
    }
  });

  it('a listener process that dies is started again on the same port (the links keep working), a bounded number of times, then the round shows it is not listening', async () => {
    const procs: ReturnType<typeof fakeProcess>[] = [];
    const listeners: Listener[] = [];
    const events: unknown[] = [];
    const manager = new SessionManager({
      dataDir: dir,
      tls: null,
      retryListenMs: 20,
      startListener: remoteListener(() => {
        const p = fakeProcess();
        procs.push(p);
        serveListenerChild(p.parent, async (o) => {
          const l = await startListener(o);
          listeners.push(l);
          return l;
        });
        return p.child;
      }),
    });
    manager.subscribe((e) => e.type === 'status' && events.push(e.status));
    try {
      const status = await manager.open(spec, ADDRESS, 0);
      const t = status.participants[0].link.split('#t=')[1];
      // The process dies (its sockets go with it).
      const crash = async (i: number) => {
        await listeners[i].close(0);
        procs[i].child.kill();
      };
      await crash(0);
      const deadline = Date.now() + 5000;
      let reply: Awaited<ReturnType<typeof post>> | null = null;
      while (!reply && Date.now() < deadline)
        reply = await post(status.port, 'status', {}, t).catch(() => new Promise<null>((r) => setTimeout(() => r(null), 50)));
      expect(reply?.body.result).toEqual({ open: true, rev: 0 });
      expect(procs).toHaveLength(2);
      expect(listeners[1].port).toBe(status.port);
      for (let i = 1; i <= LISTENER_RESTARTS; i++) {
        while (listeners.length <= i) await new Promise((r) => setTimeout(r, 20));
        await crash(i);
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(procs).toHaveLength(LISTENER_RESTARTS + 1);
      // Given up: the round says so (the room shows the problem and the remedy), and is not retried behind the facilitator's back.
      const round = (await manager.status('ws-u')).round!;
      expect(round).toMatchObject({ state: 'open', listening: false, listenProblem: { reason: 'failed', restarts: LISTENER_RESTARTS } });
      expect(round.listenProblem!.message).toMatch(/stopped/);
      expect(events.at(-1)).toMatchObject({ listening: false, listenProblem: { reason: 'failed' } });
      await new Promise((r) => setTimeout(r, 200));
      expect(procs).toHaveLength(LISTENER_RESTARTS + 1);
      // Reopening listens again on the same port: the links keep working.
      const back = (await manager.reopen('ws-u')).round!;
      expect(back).toMatchObject({ listening: true, port: status.port });
      expect(back.listenProblem).toBeUndefined();
      expect((await post(status.port, 'status', {}, t)).body.result).toEqual({ open: true, rev: 0 });
    } finally {
      await manager.shutdown();
    }
  });

  it.each([
    ['a method outside the participant contract', { type: 'request', id: 1, method: 'session.close', payload: {}, client: '127.0.0.9' }],
    ['a token that is not a token', { type: 'request', id: 1, method: 'submit', payload: {}, token: 12, client: '127.0.0.9' }],
    ['an extra field', { type: 'request', id: 1, method: 'status', payload: {}, client: '127.0.0.9', workshopId: 'other' }],
    ['an oversized client address', { type: 'request', id: 1, method: 'status', payload: {}, client: 'x'.repeat(65) }],
    ['an unknown message', { type: 'exec', command: 'rm -rf /' }],
    ['not an object', 'status'],
  ])('main refuses %s from the listener process: nothing is handled, the process is ended', async (_what, message) => {
    const handled: unknown[] = [];
    const p = fakeProcess();
    const start = remoteListener(() => p.child)({ address: ADDRESS, port: 0, handle: async (...a) => handled.push(a) });
    // The fake process answers 'start' by listening, then sends the hostile message.
    p.parent.on('message', () => {
      p.parent.postMessage({ type: 'listening', port: 40000 });
      p.parent.postMessage(message);
    });
    const l = await start;
    expect(l.port).toBe(40000);
    await new Promise((r) => setTimeout(r, 20));
    expect(handled).toEqual([]);
    expect(p.state.killed).toBe(true);
  });

  it('a listener process that cannot listen again after dying is reported lost, once', async () => {
    const lost: unknown[] = [];
    const forks: ReturnType<typeof fakeProcess>[] = [];
    const start = remoteListener(() => {
      const p = fakeProcess();
      const n = forks.push(p);
      // The first process listens; the one started after it died finds its port taken.
      p.parent.on('message', () =>
        p.parent.postMessage(n === 1 ? { type: 'listening', port: 40001 } : { type: 'failed', code: 'EADDRINUSE', message: 'listen EADDRINUSE' }),
      );
      return p.child;
    });
    const l = await start({ address: ADDRESS, port: 0, handle: async () => ({}), onLost: (p) => lost.push(p) });
    expect(l.port).toBe(40001);
    forks[0].child.kill();
    await new Promise((r) => setTimeout(r, 50));
    expect(forks).toHaveLength(2);
    expect(lost).toEqual([{ restarts: 1, message: expect.stringMatching(/EADDRINUSE/) }]);
    await l.close();
  });

  it('a request before the listener is up is refused and the start fails; a failed listen reports its errno', async () => {
    const early = fakeProcess();
    early.parent.on('message', () => early.parent.postMessage({ type: 'request', id: 0, method: 'status', payload: {}, client: '127.0.0.9' }));
    await expect(remoteListener(() => early.child)({ address: ADDRESS, port: 0, handle: async () => ({}) })).rejects.toThrow(/out of turn/);
    expect(early.state.killed).toBe(true);

    const gone = fakeProcess();
    gone.parent.on('message', () => gone.parent.postMessage({ type: 'failed', code: 'EADDRNOTAVAIL', message: 'listen EADDRNOTAVAIL' }));
    await expect(remoteListener(() => gone.child)({ address: ADDRESS, port: 0, handle: async () => ({}) })).rejects.toMatchObject({ code: 'EADDRNOTAVAIL' });
  });
});
