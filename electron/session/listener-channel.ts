import { z } from 'zod';
import { ContractError } from '../../shared/contract/errors';
import { PARTICIPANT_METHODS, type ParticipantMethod } from '../../shared/contract/session';
import { startListener, type Listener, type ListenerOptions } from './listener';

/**
 * The room listener in a process of its own (the desktop app's utility process): the code that
 * faces the room's network runs there, and reaches the rounds only through this channel. Main
 * validates every message the listener's process sends; anything malformed ends that process.
 * Node-only: the Electron wiring (utilityProcess.fork, process.parentPort) stays in electron/main.
 */

/** The two ends, as Electron's utilityProcess (main side) and process.parentPort (child side) offer them. */
export interface ChildEnd {
  postMessage(message: unknown): void;
  on(event: 'message', fn: (message: unknown) => void): void;
  on(event: 'exit', fn: (code: number) => void): void;
  kill(): boolean;
}
export interface ParentEnd {
  postMessage(message: unknown): void;
  on(event: 'message', fn: (e: { data: unknown }) => void): void;
}

/** The listener's options that cross the channel (no functions). */
type StartOptions = Omit<ListenerOptions, 'handle' | 'tls' | 'onLost'> & { tls?: { cert: string; key: string } | null };

const token = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);
/** What main accepts from the listener's process, and nothing else. */
export const ChildMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('listening'), port: z.number().int().min(1).max(65535) }),
  z.strictObject({ type: z.literal('failed'), code: z.string().max(40).optional(), message: z.string().max(500) }),
  z.strictObject({
    type: z.literal('request'),
    id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    method: z.enum(PARTICIPANT_METHODS as [ParticipantMethod, ...ParticipantMethod[]]),
    // Parsed JSON of at most ROUND_LIMITS.body bytes; the participant contract validates it next.
    payload: z.unknown(),
    token: token.optional(),
    client: z.string().min(1).max(64),
  }),
  z.strictObject({ type: z.literal('closed') }),
]);
export type ChildMessage = z.infer<typeof ChildMessageSchema>;

/** What the listener's process accepts from main. */
const ParentMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('start'), opts: z.record(z.string(), z.unknown()) }),
  z.strictObject({ type: z.literal('reply'), id: z.number().int(), ok: z.boolean(), result: z.unknown().optional(), error: z.unknown().optional() }),
  z.strictObject({ type: z.literal('close'), graceMs: z.number().int().min(0).max(60_000) }),
]);

/** How often a listener process that died is started again (same address and port) before the round shows as not listening. */
export const LISTENER_RESTARTS = 3;

/**
 * Main's side: a `startListener` that runs each round's listener in a process from `fork`, and
 * answers its requests with `opts.handle` (the session manager). The first malformed or
 * out-of-turn message ends that process for good; a process that dies otherwise is started
 * again on the same port (at most LISTENER_RESTARTS times), so the links keep working. Once it
 * is not started again (or cannot listen again), `opts.onLost` says so.
 */
export function remoteListener(fork: () => ChildEnd): (opts: ListenerOptions) => Promise<Listener> {
  return async (opts) => {
    const { handle: _handle, onLost: _onLost, tls, ...rest } = opts;
    const base: StartOptions = { ...rest, tls: tls ? { cert: tls.cert.toString('utf8'), key: tls.key.toString('utf8') } : null };
    let closing = false;
    let exited = false;
    let restarts = 0;
    let onExit: (() => void) | null = null;
    let lost = false;
    const giveUp = (message: string) => {
      if (lost || closing) return;
      lost = true;
      opts.onLost?.({ message, restarts });
    };

    const run = (port: number) =>
      new Promise<number>((resolve, reject) => {
        const child = fork();
        exited = false;
        let started = false;
        let refused = false;
        let bound = port;
        const refuse = (err: Error) => {
          refused = true;
          if (!started) reject(err);
          child.kill();
        };
        child.on('exit', (code) => {
          exited = true;
          if (!started) reject(new Error('The room listener process exited before listening.'));
          else if (!closing && !refused && restarts < LISTENER_RESTARTS) {
            restarts++;
            void run(bound).catch((err: NodeJS.ErrnoException) =>
              giveUp(`the room listener process could not listen again on port ${bound} (${err.code ?? err.message})`),
            );
          } else if (!closing)
            giveUp(
              refused
                ? 'the room listener process sent a message it must not send and was ended'
                : `the room listener process stopped (exit code ${code}) after ${restarts} restarts`,
            );
          onExit?.();
        });
        child.on('message', (raw) => {
          const parsed = ChildMessageSchema.safeParse(raw);
          if (!parsed.success) return refuse(new Error('The room listener process sent a malformed message.'));
          const m = parsed.data;
          if (m.type === 'listening' && !started) {
            started = true;
            bound = m.port;
            resolve(m.port);
          } else if (m.type === 'failed' && !started) {
            refused = true;
            reject(Object.assign(new Error(m.message), { code: m.code }));
            child.kill();
          } else if (m.type === 'request' && started) {
            opts.handle(m.method, m.payload, m.token, m.client).then(
              (result) => child.postMessage({ type: 'reply', id: m.id, ok: true, result }),
              (err) => {
                const e = err instanceof ContractError ? err : new ContractError('internal', 'Internal error.');
                child.postMessage({ type: 'reply', id: m.id, ok: false, error: e.toJSON() });
              },
            );
          } else if (m.type === 'closed' && closing) child.kill();
          else refuse(new Error(`The room listener process sent "${m.type}" out of turn.`));
        });
        current = child;
        child.postMessage({ type: 'start', opts: { ...base, port } });
      });

    let current: ChildEnd | null = null;
    const port = await run(opts.port);
    return {
      port,
      close: (graceMs = 1000) => {
        closing = true;
        if (exited || !current) return Promise.resolve();
        const child = current;
        return new Promise<void>((done) => {
          onExit = done;
          child.postMessage({ type: 'close', graceMs });
        });
      },
    };
  };
}

/** The listener process's side: starts the listener main asks for, and hands each participant request to main. */
export function serveListenerChild(parent: ParentEnd, start: typeof startListener = startListener): void {
  let listener: Listener | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  parent.on('message', ({ data }) => {
    const parsed = ParentMessageSchema.safeParse(data);
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.type === 'start' && !listener) {
      const o = m.opts as StartOptions;
      start({
        ...o,
        tls: o.tls ? { cert: Buffer.from(o.tls.cert), key: Buffer.from(o.tls.key) } : null,
        handle: (method, payload, token, client) =>
          new Promise((resolve, reject) => {
            const id = nextId++;
            pending.set(id, { resolve, reject });
            parent.postMessage({ type: 'request', id, method, payload, token, client });
          }),
      }).then(
        (l) => {
          listener = l;
          parent.postMessage({ type: 'listening', port: l.port });
        },
        (err: NodeJS.ErrnoException) => parent.postMessage({ type: 'failed', code: err.code, message: String(err.message).slice(0, 500) }),
      );
    } else if (m.type === 'reply') {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (!p) return;
      if (m.ok) p.resolve(m.result);
      else {
        const e = (m.error ?? {}) as { code?: string; message?: string; issues?: { path: string; message: string }[] };
        p.reject(new ContractError((e.code ?? 'internal') as ConstructorParameters<typeof ContractError>[0], e.message ?? 'Internal error.', e.issues));
      }
    } else if (m.type === 'close') {
      void (listener?.close(m.graceMs) ?? Promise.resolve()).then(() => parent.postMessage({ type: 'closed' }));
    }
  });
}
