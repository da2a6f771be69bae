import type { SessionEvent } from '../../shared/contract/session';
import { SESSION_EVENTS_PATH } from '../../shared/contract/bridge';
import { desktopBridge } from './bridge';
import { webToken } from './token';
import { streamRecords } from './stream';

/**
 * Subscribes to room-vote events from the Node side: IPC in Electron, SSE in the web host
 * (reconnecting with a short back-off). `onConnect` runs on every (re)connection, so the
 * caller can catch up on what it may have missed. Returns the unsubscribe.
 */
export function subscribeSessionEvents(onEvent: (e: SessionEvent) => void, onConnect: () => void): () => void {
  const bridge = desktopBridge();
  if (bridge?.onSessionEvent) {
    const off = bridge.onSessionEvent((e) => onEvent(e as SessionEvent));
    onConnect();
    return off;
  }
  let stopped = false;
  let abort: AbortController | null = null;
  let retry: number | undefined;
  const connect = async () => {
    if (stopped) return;
    abort = new AbortController();
    try {
      const token = webToken() ?? '';
      const res = await fetch(SESSION_EVENTS_PATH, { headers: { 'X-SW-Token': token, Accept: 'text/event-stream' }, signal: abort.signal, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      onConnect();
      for await (const block of streamRecords(res.body, '\n\n')) {
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (data) onEvent(JSON.parse(data) as SessionEvent);
      }
    } catch {
      // dropped: reconnect below
    }
    if (!stopped) retry = window.setTimeout(() => void connect(), 1000);
  };
  void connect();
  return () => {
    stopped = true;
    window.clearTimeout(retry);
    abort?.abort();
  };
}
